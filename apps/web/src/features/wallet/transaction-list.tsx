import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { WalletTransactionView } from '@switchboard/contract';
import { formatUsd, transactionKindLabels } from './wallet-format';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Wallet lines with their reason, kind, signed amount and the balance after. */
export function TransactionList({ lines }: { lines: WalletTransactionView[] }) {
  if (lines.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No transactions yet.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing="xs" aria-label="Transactions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>What</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              Balance
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm">{line.reason}</Text>
                  <Group gap={6}>
                    <Badge size="xs" variant="light" color={line.amountUsd.startsWith('-') ? 'gray' : 'teal'}>
                      {transactionKindLabels[line.kind] ?? line.kind}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {when.format(new Date(line.createdAt))}
                    </Text>
                  </Group>
                </Stack>
              </Table.Td>
              <Table.Td ta="right">
                <Text
                  size="sm"
                  fw={600}
                  c={line.amountUsd.startsWith('-') ? undefined : 'teal'}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {line.amountUsd.startsWith('-') ? '' : '+'}
                  {formatUsd(line.amountUsd)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" visibleFrom="sm">
                <Text size="sm" c="dimmed">
                  {formatUsd(line.balanceAfterUsd)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
