import { describe, expect, it } from 'vitest';
import { describeNextTier, nextTier, usageKeyLabel } from './next-tier';

const voice = {
  type: 'usage',
  unit: 'minute',
  pricing: [
    { quantityMin: 1, quantityMax: 100, price: '0.12' },
    { quantityMin: 101, quantityMax: 1100, price: '0.08' },
    { quantityMin: 1101, quantityMax: null, price: '0.05' },
  ],
};

describe('the next tier of a plan’s usage price', () => {
  it('is the tier holding the next unit, else the last', () => {
    expect(nextTier(voice.pricing, 0)?.price).toBe('0.12');
    expect(nextTier(voice.pricing, 99)?.price).toBe('0.12');
    expect(nextTier(voice.pricing, 100)?.price).toBe('0.08');
    expect(nextTier(voice.pricing, 5000)?.price).toBe('0.05');
    expect(nextTier([{ quantityMin: 1, quantityMax: 10, price: '0.2' }], 50)?.price).toBe('0.2');
    expect(nextTier([], 3)).toBeNull();
  });

  it('names how many units the tier still holds and their price', () => {
    expect(describeNextTier(voice, 100)).toBe('next 1,000 minutes at $0.08/min');
    expect(describeNextTier(voice, 1099)).toBe('next 1 minute at $0.08/min');
    expect(describeNextTier(voice, 1100)).toBe('every further minute at $0.05/min');
    expect(describeNextTier({ ...voice, included: 300 }, 120)).toBe(
      '180 minutes left in your plan, then $0.08/min',
    );
    expect(describeNextTier({ ...voice, unit: 'message' }, 0)).toBe('next 100 messages at $0.12/message');
  });

  it('reads usage keys as words', () => {
    expect(usageKeyLabel('pstn-inbound-voice')).toBe('Phone inbound voice');
    expect(usageKeyLabel('client-outbound-advancedVoice')).toBe('Browser and app outbound advanced voice');
    expect(usageKeyLabel('gpt4o-input-tokens')).toBe('gpt4o input tokens');
    expect(usageKeyLabel('us-number')).toBe('US phone number');
  });
});
