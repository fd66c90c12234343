import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { billingEndpoints, endpoints, type ProductPlanView } from '@switchboard/contract';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../app/notify';
import type { OverlayProps } from '../../app/overlays/overlay-types';
import { callApi } from '../../lib/api-client';
import { apiQueryScope, useApiQuery } from '../../lib/use-api';
import { bodyOf, draftOf, type PlanDraft } from './plan-form';
import { UsagePricesEditor } from './usage-prices-editor';
import { billingQueries, useBillingTarget } from './use-billing';

/** The form of one plan: its name, prices per term, features, who may buy it, and its usage prices. */
function PlanForm({ plan, isNew, close }: { plan: ProductPlanView; isNew: boolean; close: () => void }) {
  const target = useBillingTarget();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<PlanDraft>(() => ({
    ...draftOf(plan),
    ...(isNew && { name: '', description: '', visibility: 'public' as const }),
  }));
  const [offerTo, setOfferTo] = useState<string[]>([]);
  const [allowBelowCost, setAllowBelowCost] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const organizations = useApiQuery(endpoints.listOrganizations, {
    ...target,
    query: { page: 0, pageSize: 100, pagination: true },
  });
  const set = (change: Partial<PlanDraft>) => setDraft((current) => ({ ...current, ...change }));

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const body = bodyOf(draft, allowBelowCost);
      const saved = isNew
        ? await callApi(billingEndpoints.createPlan, { ...target, body })
        : await callApi(billingEndpoints.updatePlan, { ...target, params: { productPlanId: plan.id }, body });
      for (const organizationId of offerTo) {
        await callApi(billingEndpoints.offerPlan, {
          ...target,
          body: { targetOrganizationId: Number(organizationId), productPlanId: saved.plan.id },
        });
      }
      await Promise.all(
        [billingEndpoints.productCatalog, billingEndpoints.productCatalogPlan, ...billingQueries].map(
          (endpoint) => queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoint) }),
        ),
      );
      const offered = offerTo.length > 0 ? ` and offered to ${String(offerTo.length)} organization(s)` : '';
      notify(`${saved.plan.name} saved${offered}.`, { tone: 'success' });
      close();
    } catch (failure) {
      // The server names the field and the tier that is wrong; it is shown above the save button.
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <TextInput
        label="Name"
        required
        value={draft.name}
        onChange={(event) => set({ name: event.currentTarget.value })}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        value={draft.description}
        onChange={(event) => set({ description: event.currentTarget.value })}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <NumberInput
          label="Monthly price"
          description="Charged every month"
          prefix="$"
          decimalScale={2}
          min={0}
          thousandSeparator=","
          value={draft.monthlyUsd}
          onChange={(value) => set({ monthlyUsd: typeof value === 'number' ? value : '' })}
        />
        <NumberInput
          label="Yearly price"
          description="At most twelve months at the monthly price"
          prefix="$"
          decimalScale={2}
          min={0}
          thousandSeparator=","
          value={draft.yearlyUsd}
          onChange={(value) => set({ yearlyUsd: typeof value === 'number' ? value : '' })}
        />
      </SimpleGrid>
      <Textarea
        label="Features"
        description="One per line, shown on the plan's card"
        autosize
        minRows={2}
        value={draft.features}
        onChange={(event) => set({ features: event.currentTarget.value })}
      />
      <Switch
        label="Premium (starting conversations from the inbox)"
        checked={draft.premium}
        onChange={(event) => set({ premium: event.currentTarget.checked })}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Who may buy it
        </Text>
        <SegmentedControl
          value={draft.visibility}
          onChange={(value) => set({ visibility: value === 'private' ? 'private' : 'public' })}
          data={[
            { value: 'public', label: 'Every organization' },
            { value: 'private', label: 'Only those offered it' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      <MultiSelect
        label="Offer it to organizations"
        description="Each one chosen sees this plan among the plans it may buy, in place of any offer it had."
        placeholder={organizations.isPending ? 'Loading organizations…' : 'Choose organizations'}
        data={(organizations.data?.accounts ?? []).map((account) => ({
          value: String(account.id),
          label: account.displayName,
        }))}
        value={offerTo}
        onChange={setOfferTo}
        searchable
        clearable
        error={organizations.error?.message}
      />
      <Stack gap="xs">
        <Title order={3} fz="h5">
          Usage prices
        </Title>
        <Text size="sm" c="dimmed">
          Per kind of usage: the units each period includes, then the price of each tier. A tier runs up to
          its bound; the last has no end.
        </Text>
        <UsagePricesEditor items={draft.items} onChange={(items) => set({ items })} />
      </Stack>
      <Checkbox
        label="Allow usage prices below my own cost"
        checked={allowBelowCost}
        onChange={(event) => setAllowBelowCost(event.currentTarget.checked)}
      />
      {error && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Not saved"
          role="alert"
        >
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button leftSection={<IconDeviceFloppy size={16} />} loading={saving} onClick={() => void save()}>
          {isNew ? 'Create plan' : 'Save plan'}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * editPlan=<planId>: a partner or reseller edits one of its plans; editPlan=new makes one, its usage prices
 * starting from the first plan of its catalogue.
 */
export function EditPlanOverlay({ value, close }: OverlayProps) {
  const target = useBillingTarget();
  const catalogue = useApiQuery(billingEndpoints.productCatalog, target, { retry: false });
  if (catalogue.error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {catalogue.error.message}
      </Alert>
    );
  }
  if (catalogue.isPending) return <Loader size="sm" />;
  const isNew = value === null || value === 'new';
  const plan = isNew
    ? catalogue.data.plans[0]
    : catalogue.data.plans.find((candidate) => candidate.id === value);
  if (!plan) {
    return (
      <Text size="sm">
        {isNew
          ? 'Your catalogue has no plan to start the usage prices from yet.'
          : `There is no plan ${value} in your catalogue.`}
      </Text>
    );
  }
  return <PlanForm key={plan.id} plan={plan} isNew={isNew} close={close} />;
}
