import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  adminEndpoints,
  walletEndpoints,
  type CallForReview,
  type ReviewReason,
} from '@switchboard/contract';
import { IconAlertTriangle, IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../app/notify';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import { SuperAdminOnly } from './super-admin-only';

const reasonLabels: Record<ReviewReason, string> = {
  platformFault: 'Failed on our side',
  lowRating: 'Low rating',
  blockedCaller: 'Blocked caller',
  transferFailed: 'Transfer failed',
};
const reasonColors: Record<ReviewReason, string> = {
  platformFault: 'red',
  lowRating: 'orange',
  blockedCaller: 'gray',
  transferFailed: 'yellow',
};

/** The ledger's exact amount (at least two decimals; usage can cost fractions of a cent). */
const usd = (value: string) => `$${value}`;
/** Refunds are whole cents: what may still be refunded, rounded down to a cent (the ledger keeps finer amounts). */
function refundableCents(value: string): number {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}
const centsToUsd = (cents: number) => (cents / 100).toFixed(2);
const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const minutes = (seconds: number) =>
  seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m ${seconds % 60}s`;

/** reviewQueue: the super admin's queue of flagged conversations, each refundable up to what it was charged. */
export function ReviewQueueOverlay() {
  return (
    <SuperAdminOnly what="The review queue">
      <ReviewQueue />
    </SuperAdminOnly>
  );
}

function ReviewQueue() {
  const [reason, setReason] = useState<ReviewReason | 'all'>('all');
  const [phoneNumber, setPhoneNumber] = useState<string | null>(null);
  const [limit, setLimit] = useState(50);
  const queue = useApiQuery(
    adminEndpoints.fetchCallsForReview,
    {
      query: {
        limit,
        ...(reason === 'all' ? {} : { reason }),
        ...(phoneNumber === null ? {} : { phoneNumber }),
      },
    },
    // The filter's choices come with the answer: keep showing them while the next answer loads.
    { placeholderData: (previous) => previous },
  );
  const filtered = [reason === 'all' ? null : `“${reasonLabels[reason]}”`, phoneNumber].filter(Boolean);
  return (
    <Stack gap="md">
      <Select
        label="Phone number"
        placeholder="All numbers"
        data={queue.data?.phoneNumbers ?? []}
        value={phoneNumber}
        onChange={setPhoneNumber}
        clearable
        clearButtonProps={{ 'aria-label': 'Show all numbers', 'aria-hidden': false }}
        searchable
        nothingFoundMessage="No flagged conversation has that number"
        disabled={queue.isPending && !queue.data}
        comboboxProps={{ withinPortal: true }}
      />
      <SegmentedControl
        fullWidth
        size="xs"
        value={reason}
        onChange={(value) => setReason(value as ReviewReason | 'all')}
        data={[
          { value: 'all', label: 'All' },
          ...Object.entries(reasonLabels).map(([value, label]) => ({ value, label })),
        ]}
        aria-label="Why flagged"
        styles={{ root: { flexWrap: 'wrap' } }}
      />
      {queue.isPending ? (
        <Loader size="sm" />
      ) : queue.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {queue.error.message}
        </Alert>
      ) : queue.data.calls.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing to review{filtered.length > 0 ? ` for ${filtered.join(' and ')}` : ''}.
        </Text>
      ) : (
        <Stack gap="sm">
          {queue.data.calls.map((call) => (
            <ReviewCard key={call.id} call={call} />
          ))}
          {queue.data.nextBefore !== null && (
            <Button variant="default" onClick={() => setLimit((shown) => Math.min(200, shown + 50))}>
              Show more
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function ReviewCard({ call }: { call: CallForReview }) {
  const [refunding, setRefunding] = useState(false);
  const refundable = refundableCents(call.refundableUsd);
  return (
    <Card withBorder padding="sm" data-conversation={call.conversationId}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" truncate>
              {call.accountName !== '' ? call.accountName : (call.username ?? `Account ${call.accountId}`)}
              {call.username ? (
                <Text span c="dimmed" size="sm">
                  {' '}
                  @{call.username}
                </Text>
              ) : null}
            </Text>
            <Text size="xs" c="dimmed">
              {when(call.timestamp)} · {call.direction} {call.channel} · {minutes(call.durationSeconds)}
              {call.fromNumber || call.toNumber
                ? ` · ${call.fromNumber ?? '?'} → ${call.toNumber ?? '?'}`
                : ''}
            </Text>
          </Stack>
          <Group gap={4}>
            {call.reasons.map((reason) => (
              <Badge key={reason} variant="light" color={reasonColors[reason]}>
                {reasonLabels[reason]}
              </Badge>
            ))}
          </Group>
        </Group>
        {(call.rating !== null || call.failedTransfers.length > 0 || call.endedReason) && (
          <Text size="xs">
            {[
              call.endedReason && `Ended: ${call.endedReason}`,
              call.rating !== null && `Rated ${call.rating} of 5`,
              call.failedTransfers.length > 0 && `Transfer to ${call.failedTransfers.join(', ')} failed`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        )}
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Text size="xs" c="dimmed">
            {call.payerUsername
              ? `Charged ${usd(call.chargedUsd)} to @${call.payerUsername} · given back ${usd(call.reversedUsd)}`
              : 'Nothing was charged for this conversation'}
          </Text>
          {!refunding && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconReceiptRefund size={14} />}
              disabled={refundable <= 0 || !call.payerUsername}
              onClick={() => setRefunding(true)}
            >
              {refundable > 0 ? `Refund up to $${centsToUsd(refundable)}` : 'Nothing to refund'}
            </Button>
          )}
        </Group>
        {refunding && call.payerUsername && (
          <RefundForm call={call} payer={call.payerUsername} onDone={() => setRefunding(false)} />
        )}
      </Stack>
    </Card>
  );
}

function RefundForm({ call, payer, onDone }: { call: CallForReview; payer: string; onDone: () => void }) {
  const maxUsd = refundableCents(call.refundableUsd) / 100;
  const [amount, setAmount] = useState<number | string>(maxUsd);
  const [reason, setReason] = useState(call.reasons.map((flag) => reasonLabels[flag]).join(', '));
  // One key per opened form: a second click or a retried request refunds once.
  const [key] = useState(() => crypto.randomUUID());
  const refund = useApiMutation(walletEndpoints.issueRefundToUser, {
    showsError: true,
    invalidates: [adminEndpoints.fetchCallsForReview, adminEndpoints.adminAuditTrail],
    onSuccess: (answer) => {
      notify(`${answer.message} ${usd(answer.refundedUsd)} to @${payer}.`, { tone: 'success' });
      onDone();
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        refund.mutate({
          idempotencyKey: key,
          body: {
            username: payer,
            conversationId: call.conversationId,
            usdAmount: Number(amount),
            ...(reason.trim() ? { reason: reason.trim() } : {}),
          },
        });
      }}
    >
      <Stack gap="xs">
        <Group align="flex-end" wrap="wrap" gap="xs">
          <NumberInput
            label="Refund (USD)"
            value={amount}
            onChange={setAmount}
            min={0.01}
            max={maxUsd}
            decimalScale={2}
            prefix="$"
            w={140}
          />
          <TextInput
            label="Reason (on the account's transaction)"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={200}
            style={{ flex: 1, minWidth: 220 }}
          />
        </Group>
        {refund.error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {refund.error.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onDone} disabled={refund.isPending}>
            Cancel
          </Button>
          <Button type="submit" size="xs" loading={refund.isPending}>
            Refund to @{payer}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
