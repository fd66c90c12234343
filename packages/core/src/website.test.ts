import { describe, expect, it } from 'vitest';
import { normalizeWebsite } from './website';

describe('normalizeWebsite', () => {
  it('prefixes https:// to a bare host', () => {
    expect(normalizeWebsite('example.com')).toBe('https://example.com');
    expect(normalizeWebsite('example.com/about?x=1')).toBe('https://example.com/about?x=1');
  });

  it('replaces one or many leading schemes with a single https://', () => {
    expect(normalizeWebsite('https://example.com')).toBe('https://example.com');
    expect(normalizeWebsite('http://example.com')).toBe('https://example.com');
    expect(normalizeWebsite('https://https://example.com')).toBe('https://example.com');
    expect(normalizeWebsite('http://https://http://example.com')).toBe('https://example.com');
    expect(normalizeWebsite('HTTPS://Example.com')).toBe('https://Example.com');
  });

  it('trims surrounding whitespace', () => {
    expect(normalizeWebsite('  https://example.com \n')).toBe('https://example.com');
  });

  it('leaves schemes that are not leading alone', () => {
    expect(normalizeWebsite('example.com/?next=https://other.com')).toBe(
      'https://example.com/?next=https://other.com',
    );
  });

  it('keeps empty text empty', () => {
    expect(normalizeWebsite('')).toBe('');
    expect(normalizeWebsite('   ')).toBe('');
    expect(normalizeWebsite('https://')).toBe('');
    expect(normalizeWebsite('https://http://')).toBe('');
  });
});
