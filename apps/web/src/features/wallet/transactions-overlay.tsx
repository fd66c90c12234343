import { Alert, Button, Chip, Group, Loader, Stack, Text } from '@mantine/core';
import { walletEndpoints, walletTransactionKinds } from '@switchboard/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useApiQuery } from '../../lib/use-api';
import { TransactionList } from './transaction-list';
import { useWalletTarget } from './use-wallet';
import { transactionKindLabels } from './wallet-format';

const pageSize = 25;

/** transactions: the whole wallet history, filtered by kind, a page at a time. */
export function TransactionsOverlay() {
  const target = useWalletTarget();
  const [kinds, setKinds] = useState<string[]>([]);
  const [limit, setLimit] = useState(pageSize);
  const history = useApiQuery(walletEndpoints.recentTransactions, {
    ...target,
    query: { limit, ...(kinds.length > 0 && { kinds: kinds.join(',') }) },
  });
  return (
    <Stack gap="md">
      <Chip.Group
        multiple
        value={kinds}
        onChange={(next) => {
          setKinds(next);
          setLimit(pageSize);
        }}
      >
        <Group gap={6} aria-label="Filter by kind">
          {walletTransactionKinds.map((kind) => (
            <Chip key={kind} value={kind} size="xs" variant="light">
              {transactionKindLabels[kind] ?? kind}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {history.isPending ? (
        <Loader size="sm" />
      ) : history.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {history.error.message}
        </Alert>
      ) : (
        <>
          <TransactionList lines={history.data.transactions} />
          {history.data.nextBefore !== null && (
            <Button variant="default" onClick={() => setLimit((shown) => Math.min(shown + pageSize, 200))}>
              Show more
            </Button>
          )}
          {history.data.transactions.length === 0 && kinds.length > 0 && (
            <Text size="sm" c="dimmed">
              Nothing of these kinds.
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
