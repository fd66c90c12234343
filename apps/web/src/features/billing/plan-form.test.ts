import type { ProductPlanView } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { bodyOf, draftOf, tierStarts } from './plan-form';

const plan: ProductPlanView = {
  id: 'pplan-basic-monthly',
  name: 'Basic',
  description: 'For a small office',
  ownerAccountId: 2,
  visibility: 'public',
  premium: true,
  prices: {
    month: { amountCents: 4900, amountUsd: '49.00' },
    year: { amountCents: 49000, amountUsd: '490.00' },
  },
  features: ['2 agents', 'Email support'],
  productItems: {
    'pstn-inbound-voice': {
      type: 'usage',
      unit: 'minute',
      included: 100,
      pricing: [
        { quantityMin: 1, quantityMax: 100, price: '0.12' },
        { quantityMin: 101, quantityMax: null, price: '0.09' },
      ],
    },
  },
};

describe('the plan form', () => {
  it('gives back the plan it was made from', () => {
    const body = bodyOf(draftOf(plan), false);
    expect(body).toEqual({
      name: 'Basic',
      description: 'For a small office',
      monthlyCents: 4900,
      yearlyCents: 49000,
      premium: true,
      visibility: 'public',
      features: ['2 agents', 'Email support'],
      productItems: plan.productItems,
      allowBelowCost: false,
    });
  });

  it('starts each tier one past the one before, and leaves the last open-ended', () => {
    const draft = draftOf(plan);
    const item = draft.items['pstn-inbound-voice']!;
    item.tiers = [
      { upTo: 50, price: '0.15' },
      { upTo: 1000, price: '0.10' },
      { upTo: 5000, price: ' 0.08 ' },
    ];
    expect(tierStarts(item.tiers)).toEqual([1, 51, 1001]);
    expect(bodyOf({ ...draft, monthlyUsd: 59.99, features: ' a \n\n b ' }, true)).toMatchObject({
      monthlyCents: 5999,
      features: ['a', 'b'],
      allowBelowCost: true,
      productItems: {
        'pstn-inbound-voice': {
          pricing: [
            { quantityMin: 1, quantityMax: 50, price: '0.15' },
            { quantityMin: 51, quantityMax: 1000, price: '0.10' },
            { quantityMin: 1001, quantityMax: null, price: '0.08' },
          ],
        },
      },
    });
  });
});
