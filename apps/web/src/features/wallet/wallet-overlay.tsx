import { Alert, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { walletEndpoints } from '@switchboard/contract';
import { IconAlertTriangle, IconGift, IconPlus } from '@tabler/icons-react';
import { notify } from '../../app/notify';
import { useOverlay } from '../../app/overlays/use-overlay';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import { SpendingChart } from './spending-chart';
import { TransactionList } from './transaction-list';
import { useWallet, useWalletTarget, walletQueries } from './use-wallet';
import { formatUsd } from './wallet-format';

/** wallet: the balance, rewards to claim, spending by day and the latest transactions. */
export function WalletOverlay() {
  const target = useWalletTarget();
  const wallet = useWallet();
  const recent = useApiQuery(walletEndpoints.recentTransactions, { ...target, query: { limit: 8 } });
  const { open } = useOverlay();
  const claim = useApiMutation(walletEndpoints.claimRewards, {
    invalidates: walletQueries,
    onSuccess: (answer) => {
      notify(`${formatUsd(answer.claimedUsd)} of rewards added to your wallet`, { tone: 'success' });
    },
  });

  if (wallet.isPending) return <Loader size="sm" />;
  if (wallet.error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {wallet.error.message}
      </Alert>
    );
  }
  const rewards = wallet.data.unclaimedRewardsUsd;
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Balance
            </Text>
            <Title order={2} data-testid="wallet-balance">
              {formatUsd(wallet.data.balanceUsd)}
            </Title>
          </Stack>
          <Button leftSection={<IconPlus size={16} />} onClick={() => open('addFunds')}>
            Add funds
          </Button>
        </Group>
      </Card>
      {wallet.data.owed.charges.length > 0 && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={`${formatUsd(wallet.data.owed.totalUsd)} owed`}
          data-testid="wallet-owed"
        >
          <Stack gap={6}>
            <Text size="sm">
              The balance did not cover these monthly charges when they were due. They are paid from the
              wallet as soon as it holds enough.
            </Text>
            <List size="sm" spacing={2}>
              {wallet.data.owed.charges.map((charge) => (
                <List.Item key={`${charge.reason}-${charge.billingMonth}`}>
                  {charge.reason}: {formatUsd(charge.amountUsd)}
                </List.Item>
              ))}
            </List>
            <Group>
              <Button size="xs" variant="light" color="orange" onClick={() => open('addFunds')}>
                Add funds
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {Number(rewards) > 0 && (
        <Alert color="teal" variant="light" icon={<IconGift size={18} />} title="Rewards to claim">
          <Group justify="space-between">
            <Text size="sm">{formatUsd(rewards)} is waiting for you.</Text>
            <Button
              size="xs"
              loading={claim.isPending}
              onClick={() => claim.mutate({ ...target, body: { claim: 'all' } })}
            >
              Claim
            </Button>
          </Group>
        </Alert>
      )}
      <Stack gap="xs">
        <Title order={3} fz="h5">
          Spending, last 30 days
        </Title>
        <SpendingChart days={wallet.data.spendingByDay} />
      </Stack>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} fz="h5">
            Recent transactions
          </Title>
          <Button variant="subtle" size="xs" onClick={() => open('transactions')}>
            See all
          </Button>
        </Group>
        {recent.error ? (
          <Text size="sm" c="red">
            {recent.error.message}
          </Text>
        ) : (
          <TransactionList lines={recent.data?.transactions ?? []} />
        )}
      </Stack>
    </Stack>
  );
}
