import { Alert, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { walletEndpoints } from '@switchboard/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useApiQuery } from '../../lib/use-api';
import { useWallet } from './use-wallet';
import { formatUsd } from './wallet-format';

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Title order={3}>{value}</Title>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/** balances: the wallet in USD and in sats at the current rate, and rewards not yet claimed. */
export function BalancesOverlay() {
  const wallet = useWallet(1);
  const rate = useApiQuery(walletEndpoints.exchangeRates);
  if (wallet.isPending) return <Loader size="sm" />;
  if (wallet.error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {wallet.error.message}
      </Alert>
    );
  }
  const satToUsd = rate.data?.satToUsd;
  const sats = satToUsd ? Math.floor(Number(wallet.data.balanceUsd) / satToUsd) : null;
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg">
      <Figure label="USD" value={formatUsd(wallet.data.balanceUsd)} />
      <Figure
        label="In sats"
        value={sats === null ? '…' : sats.toLocaleString()}
        hint={
          satToUsd
            ? `1 sat = $${satToUsd}${rate.data?.source === 'fallback' ? ' (fallback rate)' : ''}`
            : undefined
        }
      />
      <Figure label="Rewards to claim" value={formatUsd(wallet.data.unclaimedRewardsUsd)} />
    </SimpleGrid>
  );
}
