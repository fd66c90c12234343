import { describe, expect, it } from 'vitest';
import { normalizeUsername, usernameFromName, usernameProblem } from './username';

describe('normalizeUsername', () => {
  it('trims and lowercases', () => {
    expect(normalizeUsername('  Ada.Lovelace ')).toBe('ada.lovelace');
    expect(normalizeUsername('')).toBe('');
  });
});

describe('usernameProblem', () => {
  it('accepts letters, digits, dots, dashes and underscores from 3 to 32 characters', () => {
    expect(usernameProblem('abc')).toBeNull();
    expect(usernameProblem('a'.repeat(32))).toBeNull();
    expect(usernameProblem('ada.love_lace-2')).toBeNull();
    expect(usernameProblem('9lives')).toBeNull();
  });

  it('rejects the wrong length', () => {
    expect(usernameProblem('ab')).toBe('Username must be 3 to 32 characters');
    expect(usernameProblem('')).toBe('Username must be 3 to 32 characters');
    expect(usernameProblem('a'.repeat(33))).toBe('Username must be 3 to 32 characters');
  });

  it('rejects other characters', () => {
    const message = 'Username may contain only letters, digits, dots, dashes and underscores';
    expect(usernameProblem('ada lovelace')).toBe(message);
    expect(usernameProblem('ada@home')).toBe(message);
    expect(usernameProblem('josé')).toBe(message);
    expect(usernameProblem(' ada')).toBe(message);
  });

  it('requires a letter or digit first', () => {
    const message = 'Username must start with a letter or digit';
    expect(usernameProblem('.ada')).toBe(message);
    expect(usernameProblem('-ada')).toBe(message);
    expect(usernameProblem('_ada')).toBe(message);
  });
});

describe('usernameFromName', () => {
  const free = () => false;

  it('slugifies a display name', () => {
    expect(usernameFromName('Acme Plumbing, Inc.', free)).toBe('acme-plumbing-inc');
    expect(usernameFromName('  --Hello   World--  ', free)).toBe('hello-world');
    expect(usernameFromName('A&B___C', free)).toBe('a-b-c');
  });

  it('strips accents', () => {
    expect(usernameFromName('Crème Brûlée Café', free)).toBe('creme-brulee-cafe');
    expect(usernameFromName('Ñandú Øresund', free)).toBe('nandu-resund');
  });

  it('cuts at 24 characters without leaving a trailing dash', () => {
    expect(usernameFromName('abcdefghijklmnopqrstuvwxyz', free)).toBe('abcdefghijklmnopqrstuvwx');
    expect(usernameFromName('abcdefghijklmnopqrstuvw yz', free)).toBe('abcdefghijklmnopqrstuvw');
  });

  it('falls back to account when nothing usable is left', () => {
    expect(usernameFromName('', free)).toBe('account');
    expect(usernameFromName('!!! ???', free)).toBe('account');
    expect(usernameFromName('日本', free)).toBe('account');
    expect(usernameFromName('Al', free)).toBe('account');
  });

  it('appends -2, -3, ... until the name is free', () => {
    const taken = new Set(['acme', 'acme-2', 'acme-3']);
    expect(usernameFromName('Acme', (candidate) => taken.has(candidate))).toBe('acme-4');
    expect(usernameFromName('Acme', (candidate) => candidate === 'acme')).toBe('acme-2');
    expect(usernameFromName('', (candidate) => candidate === 'account')).toBe('account-2');
  });

  it('produces valid usernames', () => {
    const taken = (candidate: string) => !candidate.endsWith('-12');
    const username = usernameFromName('x'.repeat(40), taken);
    expect(username).toBe(`${'x'.repeat(24)}-12`);
    expect(usernameProblem(username)).toBeNull();
  });
});
