import { Alert, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { billingEndpoints } from '@switchboard/contract';
import { IconAlertTriangle, IconFlask } from '@tabler/icons-react';
import { useState } from 'react';
import { useOverlay } from '../../app/overlays/use-overlay';
import { useApiQuery } from '../../lib/use-api';
import { PlanCard } from './plan-card';
import { useBillingTarget, useCurrentPlan } from './use-billing';
import { useSubscribe } from './use-subscribe';

/** selectPlan: the plans the organization may subscribe to, side by side, monthly or yearly. */
export function SelectPlanOverlay() {
  const target = useBillingTarget();
  const plans = useApiQuery(billingEndpoints.allAvailablePlans, target, { retry: false });
  const current = useCurrentPlan();
  const [term, setTerm] = useState<'month' | 'year'>('month');
  const subscribe = useSubscribe();
  const { open } = useOverlay();
  const error = plans.error ?? current.error;
  if (error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {error.message}
      </Alert>
    );
  }
  if (!plans.data || !current.data) return <Loader size="sm" />;
  const billing = current.data.billing;
  return (
    <Stack gap="md">
      {current.data.sandbox && (
        <Alert variant="light" color="grape" icon={<IconFlask size={18} />}>
          Sandbox: you will pay on the sandbox checkout with Stripe’s test cards.
        </Alert>
      )}
      {billing.subscribed && (
        <Alert variant="light" color="blue">
          You already have a plan. Cancel it first, or change it in the billing portal.
        </Alert>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Prices in USD, before usage beyond what a plan includes.
        </Text>
        <SegmentedControl
          value={term}
          onChange={(value) => setTerm(value === 'year' ? 'year' : 'month')}
          data={[
            { value: 'month', label: 'Monthly' },
            { value: 'year', label: 'Yearly' },
          ]}
          aria-label="Billing term"
        />
      </Group>
      {plans.data.plans.length === 0 ? (
        <Text size="sm">No plans are on sale for this organization yet. Ask your provider.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {plans.data.plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              term={term}
              current={billing.subscribed && billing.productPlanId === plan.id}
              loading={subscribe.pendingPlanId === plan.id}
              onSubscribe={() => subscribe.start(plan.id, term)}
              onDetails={() => open('planDetails', plan.id)}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
