import { Badge, Group, Stack, Text } from '@mantine/core';
import type { PayoutView } from '@switchboard/contract';

const channelNames = { lightning: 'Lightning', paypal: 'PayPal', venmo: 'Venmo', stripe: 'Stripe' } as const;
const statusColors = { pending: 'yellow', paid: 'teal', failed: 'red', returned: 'orange' } as const;

/** The account's recent withdrawals, newest first, each with why it failed when it did. */
export function PayoutList({ payouts }: { payouts: PayoutView[] }) {
  if (payouts.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No withdrawals yet.
      </Text>
    );
  }
  return (
    <Stack gap="xs" aria-label="Recent withdrawals">
      {payouts.map((payout) => (
        <Stack key={payout.id} gap={2} data-testid="payout-row">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" truncate>
              {channelNames[payout.channel]} · {payout.destination}
            </Text>
            <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
              <Text size="sm" fw={500}>
                ${payout.amountUsd}
              </Text>
              <Badge size="sm" variant="light" color={statusColors[payout.status]}>
                {payout.status}
              </Badge>
            </Group>
          </Group>
          {payout.failureReason && (
            <Text size="xs" c="red">
              {payout.failureReason}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
