import { describe, expect, it } from 'vitest';
import { hostOfRequest, normalizeDomainName } from './domain-name';

const domain = (text: string) => {
  const result = normalizeDomainName(text);
  return result.ok ? result.domain : `! ${result.reason}`;
};

describe('normalizeDomainName', () => {
  it('keeps the host name of whatever was pasted, lowercase', () => {
    expect(domain('  App.Example.COM ')).toBe('app.example.com');
    expect(domain('https://app.example.com/login?next=1#top')).toBe('app.example.com');
    expect(domain('//app.example.com/')).toBe('app.example.com');
    expect(domain('app.example.com.')).toBe('app.example.com');
  });

  it('stores international names in punycode', () => {
    expect(domain('Bücher.example')).toBe('xn--bcher-kva.example');
    expect(domain('xn--bcher-kva.example')).toBe('xn--bcher-kva.example');
  });

  it('refuses what is not a domain, saying why', () => {
    expect(domain('')).toBe('! Enter a domain, like app.example.com');
    expect(domain('localhost')).toBe('! A domain needs at least two parts, like example.com');
    expect(domain('app.example.com:8080')).toBe(
      '! Leave out the port: a domain is served on the standard ports',
    );
    expect(domain('10.0.0.1')).toBe('! An IP address is not a domain');
    expect(domain('[::1]')).toBe('! An IP address is not a domain');
    expect(domain('me@example.com')).toBe('! A domain has no user name or "@"');
    expect(domain('app..example.com')).toMatch(/empty parts|not a valid domain/);
    expect(domain('-app.example.com')).toContain('"-app" is not allowed');
    expect(domain('app_1.example.com')).toMatch(/not allowed|not a valid domain/);
    expect(domain('my app.com')).toMatch(/no spaces|not a valid domain/);
    expect(domain(`${'a'.repeat(64)}.com`)).toContain('at most 63 characters');
    expect(domain('example.123')).toMatch(/cannot be a number|IP address|not a valid/);
  });
});

describe('hostOfRequest', () => {
  it('drops the port and keeps host names only', () => {
    expect(hostOfRequest('Brand.Localhost:5173')).toBe('brand.localhost');
    expect(hostOfRequest('voice.example.com')).toBe('voice.example.com');
    expect(hostOfRequest('localhost:3000')).toBeNull();
    expect(hostOfRequest('127.0.0.1:3000')).toBeNull();
    expect(hostOfRequest('[::1]:3000')).toBeNull();
  });
});
