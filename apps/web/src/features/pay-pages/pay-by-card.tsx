import { Alert, Button, Stack, Text } from '@mantine/core';
import { walletEndpoints } from '@switchboard/contract';
import { IconAlertTriangle, IconCreditCard } from '@tabler/icons-react';
import { useApiMutation } from '../../lib/use-api';
import type { PayerDetails } from './payer-form';

/** Opens a card checkout for the amount (Stripe, or the sandbox card processor) and goes there. */
export function PayByCard({
  slug,
  payer,
  check,
  sandbox,
}: {
  slug: string;
  payer: PayerDetails;
  check: () => boolean;
  sandbox: boolean;
}) {
  const checkout = useApiMutation(walletEndpoints.checkoutVidaCredit, {
    showsError: true,
    onSuccess: (answer) => {
      window.location.assign(answer.url);
    },
  });
  const page = `${window.location.origin}/pay/${encodeURIComponent(slug)}`;
  return (
    <Stack gap="sm">
      {sandbox && (
        <Text size="xs" c="dimmed">
          Sandbox card processor: no real card is charged (4242 4242 4242 4242 pays).
        </Text>
      )}
      {checkout.error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {checkout.error.message}
        </Alert>
      )}
      <Button
        leftSection={<IconCreditCard size={18} />}
        loading={checkout.isPending}
        onClick={() => {
          if (!check()) return;
          checkout.mutate({
            body: {
              amount: payer.amount,
              currency: 'usd',
              slug,
              successUrl: page,
              cancelUrl: `${page}?canceled=1`,
              ...(payer.email.trim() && { email: payer.email.trim() }),
              ...(payer.name.trim() && { name: payer.name.trim() }),
              ...(payer.note.trim() && { note: payer.note.trim() }),
            },
          });
        }}
      >
        Pay by card
      </Button>
    </Stack>
  );
}
