import { describe, expect, it } from 'vitest';
import { formatPhoneForDisplay, isUsNumber, normalizeEmail, normalizePhoneNumber } from './email-and-phone';

describe('normalizeEmail', () => {
  it('trims and lowercases valid addresses', () => {
    expect(normalizeEmail('  Ada.Lovelace+work@Example.COM ')).toBe('ada.lovelace+work@example.com');
    expect(normalizeEmail('a@b.co')).toBe('a@b.co');
    expect(normalizeEmail('ops@mail.my-company.co.uk')).toBe('ops@mail.my-company.co.uk');
  });

  it('rejects invalid addresses', () => {
    for (const text of [
      '',
      '   ',
      'ada',
      '@example.com',
      'ada@',
      'ada@example',
      'ada@@example.com',
      'ada@home@example.com',
      'ada lovelace@example.com',
      'ada@exa mple.com',
      'ada@.example.com',
      'ada@example.com.',
      'ada@example..com',
      'ada@-example.com',
      'ada@example_x.com',
    ]) {
      expect(normalizeEmail(text), text).toBeNull();
    }
  });

  it('rejects addresses over 254 characters', () => {
    const domain = `${'d'.repeat(60)}.${'d'.repeat(60)}.${'d'.repeat(60)}.com`;
    expect(normalizeEmail(`${'a'.repeat(70)}@${domain}`)).toBeNull();
    expect(normalizeEmail(`${'a'.repeat(10)}@${domain}`)).toBe(`${'a'.repeat(10)}@${domain}`);
  });
});

describe('normalizePhoneNumber', () => {
  it('prefixes 10-digit numbers with +1 for the US default', () => {
    expect(normalizePhoneNumber('5551234567')).toBe('+15551234567');
    expect(normalizePhoneNumber('(555) 123-4567')).toBe('+15551234567');
    expect(normalizePhoneNumber('555.123.4567', 'US')).toBe('+15551234567');
    expect(normalizePhoneNumber('5551234567', 'us')).toBe('+15551234567');
  });

  it('does not guess a country code for 10 digits outside the US default', () => {
    expect(normalizePhoneNumber('5551234567', 'GB')).toBeNull();
  });

  it('prefixes 11 digits starting with 1 with +', () => {
    expect(normalizePhoneNumber('15551234567')).toBe('+15551234567');
    expect(normalizePhoneNumber('1 (555) 123-4567')).toBe('+15551234567');
    expect(normalizePhoneNumber('25551234567')).toBeNull();
  });

  it('keeps international numbers with 8 to 15 digits', () => {
    expect(normalizePhoneNumber('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhoneNumber('+1 (555) 123-4567')).toBe('+15551234567');
    expect(normalizePhoneNumber('+12345678')).toBe('+12345678');
    expect(normalizePhoneNumber('+123456789012345')).toBe('+123456789012345');
    expect(normalizePhoneNumber('+1234567')).toBeNull();
    expect(normalizePhoneNumber('+1234567890123456')).toBeNull();
    expect(normalizePhoneNumber('+0442079460958')).toBeNull();
  });

  it('rejects anything else', () => {
    expect(normalizePhoneNumber('')).toBeNull();
    expect(normalizePhoneNumber('555-1234')).toBeNull();
    expect(normalizePhoneNumber('555123456')).toBeNull();
    expect(normalizePhoneNumber('555-123-4567 ext 2')).toBeNull();
    expect(normalizePhoneNumber('555/123/4567')).toBeNull();
    expect(normalizePhoneNumber('++15551234567')).toBeNull();
    expect(normalizePhoneNumber('1555+1234567')).toBeNull();
  });
});

describe('formatPhoneForDisplay', () => {
  it('formats US numbers with their country code', () => {
    expect(formatPhoneForDisplay('+15551234567')).toBe('+1 (555) 123-4567');
    expect(formatPhoneForDisplay('15551234567')).toBe('+1 (555) 123-4567');
    expect(formatPhoneForDisplay('1-555-123-4567')).toBe('+1 (555) 123-4567');
  });

  it('returns anything else unchanged', () => {
    expect(formatPhoneForDisplay('5551234567')).toBe('5551234567');
    expect(formatPhoneForDisplay('+442079460958')).toBe('+442079460958');
    expect(formatPhoneForDisplay('25551234567')).toBe('25551234567');
    expect(formatPhoneForDisplay('')).toBe('');
  });
});

describe('isUsNumber', () => {
  it('needs 11 digits starting with 1', () => {
    expect(isUsNumber('+15551234567')).toBe(true);
    expect(isUsNumber('15551234567')).toBe(true);
    expect(isUsNumber('5551234567')).toBe(false);
    expect(isUsNumber('25551234567')).toBe(false);
    expect(isUsNumber('155512345678')).toBe(false);
    expect(isUsNumber('+442079460958')).toBe(false);
  });
});
