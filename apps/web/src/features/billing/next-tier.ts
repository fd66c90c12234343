import type { ProductPlanView } from '@switchboard/contract';
import { formatUnitPrice } from './use-billing';

type PlanItem = ProductPlanView['productItems'][string];
type Tier = PlanItem['pricing'][number];

/** The tier the next unit falls in: the range holding used + 1, else the last tier (spec part 2 §9). */
export function nextTier(pricing: readonly Tier[], used: number): Tier | null {
  const unit = used + 1;
  return (
    pricing.find(
      (tier) => tier.quantityMin <= unit && (tier.quantityMax === null || unit <= tier.quantityMax),
    ) ??
    pricing.at(-1) ??
    null
  );
}

const count = (value: number, unit: string) =>
  `${value.toLocaleString('en-US')} ${unit}${value === 1 ? '' : 's'}`;

const perUnit = (tier: Tier, unit: string) =>
  `${formatUnitPrice(tier.price)}/${unit === 'minute' ? 'min' : unit}`;

/**
 * What the next units of a usage key cost at the plan's tiers, counted from the period's usage: "next 1,000
 * minutes at $0.08/min", "every further minute at $0.07/min", or the included units left first.
 */
export function describeNextTier(item: PlanItem, used: number): string | null {
  const included = item.included ?? 0;
  if (used < included) {
    const after = nextTier(item.pricing, included);
    const left = `${count(included - used, item.unit)} left in your plan`;
    return after ? `${left}, then ${perUnit(after, item.unit)}` : left;
  }
  const tier = nextTier(item.pricing, used);
  if (!tier) return null;
  if (tier.quantityMax === null || tier.quantityMax <= used)
    return `every further ${item.unit} at ${perUnit(tier, item.unit)}`;
  return `next ${count(tier.quantityMax - used, item.unit)} at ${perUnit(tier, item.unit)}`;
}

const networks: Record<string, string> = {
  pstn: 'Phone',
  sip: 'SIP',
  client: 'Browser and app',
  sms: 'SMS',
  mms: 'MMS',
};

const wholeKeys: Record<string, string> = {
  'us-number': 'US phone number',
  'byo-number': 'Your own phone number',
  agents: 'Agents',
};

/** A usage key as a person reads it: pstn-inbound-voice → "Phone inbound voice". */
export function usageKeyLabel(key: string): string {
  if (Object.hasOwn(wholeKeys, key)) return wholeKeys[key] ?? key;
  const [first = '', ...rest] = key.split('-');
  const network = Object.hasOwn(networks, first) ? networks[first] : first;
  return [network, ...rest]
    .join(' ')
    .replace(/advancedVoice/, 'advanced voice')
    .replace(/cachedTokens/, 'cached tokens');
}
