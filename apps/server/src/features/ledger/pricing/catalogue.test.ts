import { describe, expect, it } from 'vitest';
import { parseProductItems } from './catalogue';

const voice = (pricing: unknown[], extra: Record<string, unknown> = {}) => ({
  'pstn-inbound-voice': { type: 'usage', unit: 'minute', pricing, ...extra },
});

describe('a plan’s tiers as an editor sends them', () => {
  it('keeps tiers from 1 up without gaps, the last open-ended, with the included units', () => {
    const items = parseProductItems(
      voice(
        [
          { quantityMin: 1, quantityMax: 100, price: '0' },
          { quantityMin: 101, quantityMax: null, price: '0.09' },
        ],
        { included: 100 },
      ),
    );
    expect(items['pstn-inbound-voice']).toMatchObject({
      included: 100,
      pricing: [{ price: '0' }, { price: '0.09' }],
    });
  });

  it.each([
    [
      [
        { quantityMin: 1, quantityMax: 100, price: '0.1' },
        { quantityMin: 90, quantityMax: null, price: '0.09' },
      ],
      /pstn-inbound-voice tier 2: starts at 90, inside the tier before it \(up to 100\)/,
    ],
    [
      [
        { quantityMin: 1, quantityMax: 100, price: '0.1' },
        { quantityMin: 120, quantityMax: null, price: '0.09' },
      ],
      /pstn-inbound-voice tier 2: starts at 120, leaving a gap after 100/,
    ],
    [
      [
        { quantityMin: 1, quantityMax: null, price: '0.1' },
        { quantityMin: 101, quantityMax: null, price: '0.09' },
      ],
      /tier 2: the tier before it is open-ended/,
    ],
    [
      [{ quantityMin: 1, quantityMax: 100, price: '-0.10' }],
      /pstn-inbound-voice tier 1: price must be a USD amount of 0 or more/,
    ],
    [[{ quantityMin: 2, quantityMax: null, price: '0.1' }], /tier 1: starts at 2, leaving a gap after 0/],
    [[{ quantityMin: 1, quantityMax: 0, price: '0.1' }], /tier 1: quantityMax must be null/],
  ])('refuses %j naming the tier', (pricing, message) => {
    expect(() => parseProductItems(voice(pricing))).toThrow(message);
  });

  it('refuses included units that are not a whole number', () => {
    expect(() =>
      parseProductItems(voice([{ quantityMin: 1, quantityMax: null, price: '0.1' }], { included: -5 })),
    ).toThrow(/included must be a whole number/);
  });
});
