import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { walletEndpoints } from '@switchboard/contract';
import { IconAlertTriangle, IconBolt, IconCircleCheck } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiQueryScope, useApiMutation, useApiQuery } from '../../lib/use-api';
import { useWalletTarget, walletQueries } from './use-wallet';
import { checkAmount, formatUsd } from './wallet-format';

/** Sats by Lightning: an invoice as a QR code, watched until it is paid (the node is asked every 2 s). */
export function LightningTopUp() {
  const target = useWalletTarget();
  const [amount, setAmount] = useState<string | number>(10);
  const [unit, setUnit] = useState<'usd' | 'sats'>('usd');
  const [problem, setProblem] = useState<string | null>(null);
  const pending = useApiQuery(walletEndpoints.pendingInvoice, target, {
    refetchInterval: (query) => (query.state.data?.invoice?.status === 'pending' ? 2000 : false),
  });
  const request = useApiMutation(walletEndpoints.requestInvoice, {
    invalidates: walletQueries,
    showsError: true,
    onError: (error) => setProblem(error.message),
  });
  const reset = useApiMutation(walletEndpoints.resetPendingInvoice, { invalidates: walletQueries });
  const paySandbox = useApiMutation(walletEndpoints.paySandboxInvoice, {
    invalidates: walletQueries,
    showsError: true,
    onError: (error) => setProblem(error.message),
  });
  const invoice =
    request.data?.invoice.status === 'pending'
      ? (pending.data?.invoice ?? request.data.invoice)
      : pending.data?.invoice;
  // Paid from elsewhere (a phone that scanned the code): the balance and history are read again once it lands.
  const queryClient = useQueryClient();
  const paid = invoice?.status === 'paid' ? invoice.paymentRequest : null;
  useEffect(() => {
    if (paid === null) return;
    for (const endpoint of [walletEndpoints.getWallet, walletEndpoints.recentTransactions])
      void queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoint) });
  }, [paid, queryClient]);

  if (invoice?.status === 'paid') {
    return (
      <Stack gap="md" align="flex-start">
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title="Paid" w="100%">
          {invoice.amountSats.toLocaleString()} sats arrived: {formatUsd(invoice.amountUsd)} is in your
          wallet.
        </Alert>
        <Button variant="default" onClick={() => reset.mutate(target)}>
          Top up again
        </Button>
      </Stack>
    );
  }
  if (invoice?.status === 'pending') {
    return (
      <Stack gap="md" align="center">
        <QRCodeSVG
          value={`lightning:${invoice.paymentRequest.toUpperCase()}`}
          size={220}
          marginSize={2}
          aria-label="Lightning invoice QR code"
        />
        <Group gap="xs">
          <Badge variant="light" color="yellow" leftSection={<IconBolt size={12} />}>
            Waiting for payment
          </Badge>
          <Text size="sm">
            {invoice.amountSats.toLocaleString()} sats = {formatUsd(invoice.amountUsd)}
          </Text>
        </Group>
        <Code block w="100%" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {invoice.paymentRequest}
        </Code>
        <Group>
          <CopyButton value={invoice.paymentRequest}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy invoice'}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="subtle"
            color="gray"
            onClick={() => reset.mutate(target)}
            loading={reset.isPending}
          >
            Cancel
          </Button>
        </Group>
        {invoice.sandbox && (
          <Alert variant="light" color="grape" title="Sandbox Lightning node" w="100%">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">This invoice comes from the offline sandbox node; no real bitcoin moves.</Text>
              <Button
                size="xs"
                color="grape"
                loading={paySandbox.isPending}
                onClick={() => paySandbox.mutate({ body: { invoice: invoice.paymentRequest } })}
              >
                Pay it with the sandbox wallet
              </Button>
              {paySandbox.data && (
                <Text size="xs">
                  Preimage (proof of payment): <Code>{paySandbox.data.preimage}</Code>
                </Text>
              )}
            </Stack>
          </Alert>
        )}
        {problem && (
          <Text size="sm" c="red">
            {problem}
          </Text>
        )}
      </Stack>
    );
  }
  const submit = () => {
    const mistake = checkAmount(String(amount), unit);
    setProblem(mistake);
    if (!mistake) request.mutate({ ...target, body: { amount: Number(amount), unit } });
  };
  return (
    <Stack gap="md">
      <SegmentedControl
        value={unit}
        onChange={(value) => setUnit(value === 'sats' ? 'sats' : 'usd')}
        data={[
          { value: 'usd', label: 'USD' },
          { value: 'sats', label: 'Sats' },
        ]}
      />
      <NumberInput
        label={unit === 'usd' ? 'Amount (USD)' : 'Amount (sats)'}
        value={amount}
        onChange={setAmount}
        min={unit === 'usd' ? 0.01 : 1}
        decimalScale={unit === 'usd' ? 2 : 0}
        thousandSeparator=","
        error={problem ?? undefined}
      />
      {pending.error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {pending.error.message}
        </Alert>
      )}
      <Button leftSection={<IconBolt size={16} />} loading={request.isPending} onClick={submit}>
        Create Lightning invoice
      </Button>
    </Stack>
  );
}
