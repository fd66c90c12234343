import { Alert, Button, Group, Loader, Select, Stack, Text, Textarea } from '@mantine/core';
import { billingEndpoints } from '@switchboard/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../app/notify';
import type { OverlayProps } from '../../app/overlays/overlay-types';
import { useApiMutation } from '../../lib/use-api';
import { billingQueries, describeStatus, formatDate, useBillingTarget, useCurrentPlan } from './use-billing';

const reasons = [
  'Too expensive',
  'Missing features I need',
  'Switching to another service',
  'Not using it enough',
  'Something else',
];

/** subscription: the subscription's status and renewal, and canceling it (at the period's end) with a reason. */
export function SubscriptionOverlay({ close }: OverlayProps) {
  const target = useBillingTarget();
  const current = useCurrentPlan();
  const [reason, setReason] = useState<string | null>(null);
  const [details, setDetails] = useState('');
  const cancel = useApiMutation(billingEndpoints.cancelSubscription, {
    invalidates: billingQueries,
    showsError: true,
    onSuccess: (answer) => {
      notify(`Your plan ends on ${formatDate(answer.cancelsAt)}. Nothing more will be charged.`, {
        tone: 'success',
      });
      close();
    },
  });
  if (current.isPending) return <Loader size="sm" />;
  if (current.error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {current.error.message}
      </Alert>
    );
  }
  const { plan, billing } = current.data;
  if (!billing.subscribed) return <Text size="sm">There is no subscription to change.</Text>;
  const status = describeStatus(billing);
  return (
    <Stack gap="md">
      <Text size="sm">
        {plan?.name ?? 'Your plan'} · {status.label}.{' '}
        {billing.cancelAtPeriodEnd
          ? `It ends on ${formatDate(billing.currentPeriodEnd)}.`
          : `The period paid for ends on ${formatDate(billing.currentPeriodEnd)}.`}
      </Text>
      {!billing.cancelAtPeriodEnd && (
        <>
          <Text size="sm" c="dimmed">
            If you cancel, the plan stays on until that date and is not renewed.
          </Text>
          <Select
            label="Why are you canceling?"
            placeholder="Pick a reason"
            data={reasons}
            value={reason}
            onChange={setReason}
            required
          />
          <Textarea
            label="Anything you want to tell us"
            value={details}
            onChange={(event) => setDetails(event.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={2000}
          />
          {cancel.error && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {cancel.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Keep my plan
            </Button>
            <Button
              color="red"
              disabled={!reason}
              loading={cancel.isPending}
              onClick={() => reason && cancel.mutate({ ...target, body: { reason, details } })}
            >
              Cancel at period end
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
