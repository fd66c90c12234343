import { describe, expect, it } from 'vitest';
import { isPersonName, isSpamCallerName } from './caller-name';

describe('isPersonName', () => {
  it('accepts names made of letters', () => {
    for (const name of [
      'John',
      'John Smith',
      'SMITH JOHN',
      "Mary-Jane O'Neil",
      'José Álvarez',
      'Anna K. Lee',
    ]) {
      expect(isPersonName(name), name).toBe(true);
    }
  });

  it('refuses anything with a digit', () => {
    expect(isPersonName('John Smith 2')).toBe(false);
    expect(isPersonName('+1 555 010 0001')).toBe(false);
    expect(isPersonName('R2D2')).toBe(false);
  });

  it('refuses the known placeholders, whatever their case', () => {
    for (const name of [
      'unknown',
      'RESTRICTED',
      'Private',
      'spam',
      'SPAM RISK',
      'Scam Likely',
      'Unknown Caller',
    ]) {
      expect(isPersonName(name), name).toBe(false);
    }
    for (const name of ['WIRELESS CALLER', 'Out of Area', 'Toll Free', 'Anonymous']) {
      expect(isPersonName(name), name).toBe(false);
    }
  });

  it('refuses names with characters other than letters', () => {
    for (const name of ['Acme & Sons', 'info@example.com', 'Pizza!', 'John_Smith', '-John', 'John--']) {
      expect(isPersonName(name), name).toBe(false);
    }
  });

  it('refuses a name that ends in a US state code after a comma or a space', () => {
    expect(isPersonName('DALLAS, TX')).toBe(false);
    expect(isPersonName('Dallas TX')).toBe(false);
    expect(isPersonName('SPRINGFIELD,IL')).toBe(false);
    expect(isPersonName('Smith Co ny')).toBe(false);
    // A two-letter ending that is no state code, or a state code that is the whole name, is still a name.
    expect(isPersonName('Wu Xi')).toBe(true);
    expect(isPersonName('Al')).toBe(true);
  });

  it('refuses empty and missing values', () => {
    expect(isPersonName('')).toBe(false);
    expect(isPersonName('   ')).toBe(false);
    expect(isPersonName(null)).toBe(false);
    expect(isPersonName(undefined)).toBe(false);
  });
});

describe('isSpamCallerName', () => {
  it('spots the spam labels carriers use', () => {
    expect(isSpamCallerName('SPAM RISK')).toBe(true);
    expect(isSpamCallerName('Scam Likely')).toBe(true);
    expect(isSpamCallerName('Telemarketer')).toBe(true);
    expect(isSpamCallerName('John Spamford')).toBe(false);
    expect(isSpamCallerName('Unknown')).toBe(false);
    expect(isSpamCallerName(null)).toBe(false);
  });
});
