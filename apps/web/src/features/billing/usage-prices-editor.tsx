import { Accordion, ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { usageKeyLabel } from './next-tier';
import { tierStarts, type ItemDraft, type TierDraft } from './plan-form';
import { formatUnitPrice } from './use-billing';

function summary(item: ItemDraft): string {
  const prices = item.tiers.map((tier) => (tier.price ? formatUnitPrice(tier.price) : '?')).join(' → ');
  return item.included ? `${String(item.included)} included, then ${prices}` : prices;
}

/** One usage key's included units and tiers: each tier's upper bound and price; the last tier has no end. */
function ItemEditor({
  itemKey,
  item,
  onChange,
}: {
  itemKey: string;
  item: ItemDraft;
  onChange: (item: ItemDraft) => void;
}) {
  const starts = tierStarts(item.tiers);
  const setTier = (index: number, change: Partial<TierDraft>) =>
    onChange({
      ...item,
      tiers: item.tiers.map((tier, at) => (at === index ? { ...tier, ...change } : tier)),
    });
  const addTier = () => {
    const last = item.tiers.at(-1);
    const start = starts.at(-1) ?? 1;
    // The open-ended tier gets an end, and a new open-ended tier follows it at the same price.
    const tiers = item.tiers.map((tier, at) =>
      at === item.tiers.length - 1 ? { ...tier, upTo: start + 999 } : tier,
    );
    onChange({ ...item, tiers: [...tiers, { upTo: '', price: last?.price ?? '' }] });
  };
  const removeTier = (index: number) =>
    onChange({ ...item, tiers: item.tiers.filter((_, at) => at !== index) });
  return (
    <Stack gap="xs">
      <NumberInput
        label={`Included ${item.unit}s each period`}
        description="Usage up to this is covered by the plan's price; above it is charged at the tiers."
        min={0}
        allowDecimal={false}
        thousandSeparator=","
        value={item.included}
        onChange={(value) => onChange({ ...item, included: typeof value === 'number' ? value : '' })}
        maw={280}
      />
      {item.tiers.map((tier, index) => {
        const last = index === item.tiers.length - 1;
        return (
          <Group
            key={index}
            gap="xs"
            align="flex-end"
            wrap="wrap"
            data-testid={`tier-${itemKey}-${String(index)}`}
          >
            <Text size="sm" w={90} pb={8}>
              From {(starts[index] ?? 1).toLocaleString('en-US')}
            </Text>
            {last ? (
              <Text size="sm" w={130} pb={8} c="dimmed">
                and above
              </Text>
            ) : (
              <NumberInput
                label="Up to"
                aria-label={`Tier ${String(index + 1)} up to`}
                min={1}
                allowDecimal={false}
                thousandSeparator=","
                w={130}
                value={tier.upTo}
                onChange={(value) => setTier(index, { upTo: typeof value === 'number' ? value : '' })}
              />
            )}
            <TextInput
              label={`USD per ${item.unit}`}
              aria-label={`Tier ${String(index + 1)} price`}
              inputMode="decimal"
              w={150}
              value={tier.price}
              onChange={(event) => setTier(index, { price: event.currentTarget.value })}
            />
            {item.tiers.length > 1 && (
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                aria-label={`Remove tier ${String(index + 1)}`}
                onClick={() => removeTier(index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        );
      })}
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconPlus size={14} />}
        onClick={addTier}
        style={{ alignSelf: 'flex-start' }}
      >
        Add a tier
      </Button>
    </Stack>
  );
}

/** The plan's usage prices, one panel per usage key, voice first. */
export function UsagePricesEditor({
  items,
  onChange,
}: {
  items: Record<string, ItemDraft>;
  onChange: (items: Record<string, ItemDraft>) => void;
}) {
  const keys = Object.keys(items).sort(
    (a, b) => Number(!a.endsWith('-voice')) - Number(!b.endsWith('-voice')) || a.localeCompare(b),
  );
  return (
    <Accordion variant="contained" multiple>
      {keys.map((key) => {
        const item = items[key];
        if (!item) return null;
        return (
          <Accordion.Item key={key} value={key}>
            <Accordion.Control>
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {usageKeyLabel(key)}
                </Text>
                <Text size="xs" c="dimmed">
                  {summary(item)} per {item.unit}
                </Text>
              </Stack>
            </Accordion.Control>
            <Accordion.Panel>
              <ItemEditor
                itemKey={key}
                item={item}
                onChange={(next) => onChange({ ...items, [key]: next })}
              />
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
