import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { minCardUsd, walletEndpoints, webPages } from '@switchboard/contract';
import { IconAlertTriangle, IconCreditCard } from '@tabler/icons-react';
import { useState } from 'react';
import { useApiMutation } from '../../lib/use-api';
import { useWalletTarget } from './use-wallet';
import { checkAmount } from './wallet-format';

const presets = [10, 25, 50, 100];

/** USD by card: a checkout session, then the card page (Stripe's, or the sandbox's on an offline server). */
export function CardTopUp({ initialAmount }: { initialAmount?: number | undefined }) {
  const target = useWalletTarget();
  const [amount, setAmount] = useState<string | number>(initialAmount ?? 25);
  const [problem, setProblem] = useState<string | null>(null);
  const checkout = useApiMutation(walletEndpoints.checkoutVidaCredit, {
    showsError: true,
    onSuccess: (answer) => {
      window.location.assign(answer.url);
    },
    onError: (error) => setProblem(error.message),
  });
  const submit = () => {
    const mistake = checkAmount(String(amount), 'usd', minCardUsd);
    setProblem(mistake);
    if (mistake) return;
    const origin = window.location.origin;
    checkout.mutate({
      ...target,
      body: {
        amount: Number(amount),
        currency: 'usd',
        successUrl: `${origin}${webPages.paymentSuccess}`,
        cancelUrl: `${origin}${webPages.paymentCancel}`,
      },
    });
  };
  return (
    <Stack gap="md">
      <Group gap="xs">
        {presets.map((preset) => (
          <Button
            key={preset}
            variant={Number(amount) === preset ? 'light' : 'default'}
            size="xs"
            onClick={() => setAmount(preset)}
          >
            ${preset}
          </Button>
        ))}
      </Group>
      <NumberInput
        label="Amount (USD)"
        value={amount}
        onChange={setAmount}
        min={minCardUsd}
        max={10_000}
        decimalScale={2}
        prefix="$"
        thousandSeparator=","
        error={problem && !checkout.error ? problem : undefined}
      />
      {checkout.error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {checkout.error.message}
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        You will pay on a secure card page and come back here when it is done.
      </Text>
      <Button leftSection={<IconCreditCard size={16} />} loading={checkout.isPending} onClick={submit}>
        Pay by card
      </Button>
    </Stack>
  );
}
