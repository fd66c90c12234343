import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { payPagesEndpoints, webPages } from '@switchboard/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useApiQuery } from '../../lib/use-api';
import { useAccount } from '../../app/shell/use-current-account';
import { usePathAccount } from '../accounts';
import { formatUsd } from './money';

const linkNames: Record<string, string> = { call: 'Call button', text: 'Text button', pay: 'Pay button' };

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} fz="lg">
        {value}
      </Text>
    </Card>
  );
}

/** pageStats: visits to the public page and the pay page, clicks on each link, and the payments received. */
export function PageStatsOverlay() {
  const { accountId } = usePathAccount();
  const account = useAccount(accountId);
  const [days, setDays] = useState('30');
  const stats = useApiQuery(payPagesEndpoints.publicPageStats, {
    ...(accountId === null ? {} : { targetAccountId: accountId }),
    query: { days: Number(days) },
  });
  const username = account.data?.account.username;
  if (stats.isPending) return <Loader size="sm" />;
  if (stats.error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {stats.error.message}
      </Alert>
    );
  }
  const data = stats.data;
  return (
    <Stack gap="md">
      {username && (
        <Group gap="md">
          <Anchor href={webPages.publicProfile.replace(':username', username)} target="_blank" size="sm">
            Open the public page
          </Anchor>
          <Anchor href={webPages.payAgent.replace(':slug', username)} target="_blank" size="sm">
            Open the pay page
          </Anchor>
        </Group>
      )}
      <SegmentedControl
        value={days}
        onChange={setDays}
        data={[
          { value: '7', label: '7 days' },
          { value: '30', label: '30 days' },
          { value: '90', label: '90 days' },
        ]}
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label="Page views" value={String(data.totals.profile)} />
        <Figure label="Pay page views" value={String(data.totals.pay)} />
        <Figure label="Link clicks" value={String(data.totals.link)} />
        <Figure label="Received" value={formatUsd(data.receivedUsd)} />
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={4} fz="h5">
          Links
        </Title>
        {data.links.length === 0 ? (
          <Text size="sm" c="dimmed">
            No clicks in this period.
          </Text>
        ) : (
          data.links.map((link) => (
            <Group key={link.target} justify="space-between">
              <Text size="sm">{linkNames[link.target] ?? link.target}</Text>
              <Badge variant="light">{link.clicks}</Badge>
            </Group>
          ))
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={4} fz="h5">
          Payments received
        </Title>
        {data.payments.length === 0 ? (
          <Text size="sm" c="dimmed">
            No payments in this period.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>Paid</Table.Th>
                  <Table.Th>Fee</Table.Th>
                  <Table.Th>You got</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.payments.map((payment) => (
                  <Table.Tr key={payment.id}>
                    <Table.Td>{new Date(payment.paidAt).toLocaleDateString()}</Table.Td>
                    <Table.Td>
                      {payment.payerName ?? 'Someone'}
                      <Text size="xs" c="dimmed">
                        {payment.method === 'card' ? 'Card' : 'Lightning'}
                        {payment.note ? ` · ${payment.note}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatUsd(payment.amountUsd)}</Table.Td>
                    <Table.Td>{formatUsd(payment.feeUsd)}</Table.Td>
                    <Table.Td>{formatUsd(payment.netUsd)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Stack>
  );
}
