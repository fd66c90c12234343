import { Alert, Badge, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { payPagesEndpoints, walletEndpoints } from '@switchboard/contract';
import { IconAlertTriangle, IconBolt } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect } from 'react';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import { formatUsd } from './money';
import type { PayerDetails } from './payer-form';

/** A Lightning invoice to the account, shown as a QR code and watched until it is paid (the node is asked every 2 s). */
export function PayByLightning({
  slug,
  payer,
  check,
  onPaid,
}: {
  slug: string;
  payer: PayerDetails;
  check: () => boolean;
  onPaid: (amountUsd: string) => void;
}) {
  const request = useApiMutation(payPagesEndpoints.requestSlugInvoice, { showsError: true });
  const issued = request.data?.invoice;
  const watched = useApiQuery(
    payPagesEndpoints.pendingSlugInvoice,
    { params: { slug }, query: { paymentHash: issued?.paymentHash ?? '' } },
    {
      enabled: issued !== undefined,
      refetchInterval: (query) => (query.state.data?.invoice.status === 'pending' ? 2000 : false),
    },
  );
  const paySandbox = useApiMutation(walletEndpoints.paySandboxInvoice, {
    showsError: true,
    onSuccess: () => void watched.refetch(),
  });
  const invoice = watched.data?.invoice ?? issued;
  const paidUsd = invoice?.status === 'paid' ? invoice.amountUsd : null;
  useEffect(() => {
    if (paidUsd) onPaid(paidUsd);
  }, [paidUsd, onPaid]);

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
        <CopyButton value={invoice.paymentRequest}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy invoice'}
            </Button>
          )}
        </CopyButton>
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
            </Stack>
          </Alert>
        )}
        {paySandbox.error && (
          <Text size="sm" c="red" role="alert">
            {paySandbox.error.message}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {invoice?.status === 'expired' && (
        <Text size="sm" c="dimmed">
          The last invoice expired unpaid; ask for a new one.
        </Text>
      )}
      {(request.error ?? watched.error) && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {(request.error ?? watched.error)?.message}
        </Alert>
      )}
      <Button
        color="yellow"
        leftSection={<IconBolt size={18} />}
        loading={request.isPending}
        onClick={() => {
          if (!check()) return;
          request.mutate({
            params: { slug },
            body: {
              amount: payer.amount,
              unit: 'usd',
              ...(payer.email.trim() && { email: payer.email.trim() }),
              ...(payer.name.trim() && { name: payer.name.trim() }),
              ...(payer.note.trim() && { note: payer.note.trim() }),
            },
          });
        }}
      >
        Get a Lightning invoice
      </Button>
    </Stack>
  );
}
