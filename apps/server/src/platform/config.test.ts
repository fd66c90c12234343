import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('loadConfig', () => {
  it('has working defaults: PGlite under ./data on 127.0.0.1:3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('./data/pglite') });
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    expect(config.logLevel).toBe('info');
    expect(config.storage).toEqual({ provider: 'local' });
    expect(config.stopWithParent).toBe(false);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
      PUBLIC_URL: 'https://x.test/',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@127.0.0.1:5432/db' });
    expect(config.publicUrl).toBe('https://x.test');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('names every bad value with what it must be', () => {
    const problems = problemsOf({
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'not a url',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT must be a whole number from 0 to 65535 (got "abc")',
        'DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://x")',
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
        'PUBLIC_URL must be an http:// or https:// URL (got "not a url")',
      ]),
    );
  });

  it('names the settings S3 storage still needs', () => {
    expect(problemsOf({ STORAGE_PROVIDER: 's3', S3_BUCKET: 'media' })).toEqual([
      'S3_ACCESS_KEY_ID is required when STORAGE_PROVIDER is s3',
      'S3_SECRET_ACCESS_KEY is required when STORAGE_PROVIDER is s3',
    ]);
  });

  it('uses the sandbox phone network unless Twilio is chosen with its credentials', () => {
    // The sandbox network's own number texts codes and places forwarding checks unless another is set.
    expect(loadConfig({}).telephony).toEqual({ provider: 'sandbox', platformNumber: '+18005550100' });
    expect(loadConfig({ TELEPHONY_PLATFORM_NUMBER: '+12125550100' }).telephony).toEqual({
      provider: 'sandbox',
      platformNumber: '+12125550100',
    });
    expect(problemsOf({ TELEPHONY_PROVIDER: 'twilio' })).toEqual([
      'TWILIO_ACCOUNT_SID is required when TELEPHONY_PROVIDER is twilio',
      'TWILIO_AUTH_TOKEN is required when TELEPHONY_PROVIDER is twilio',
    ]);
    expect(
      problemsOf({
        TELEPHONY_PROVIDER: 'vonage',
        TWILIO_ACCOUNT_SID: 'PN123456789',
        TWILIO_API_URL: 'ftp://x',
      }),
    ).toEqual([
      'TELEPHONY_PROVIDER must be sandbox or twilio',
      'TWILIO_ACCOUNT_SID must be a Twilio account sid (AC followed by its letters and digits)',
      'TWILIO_API_URL must be an http:// or https:// URL',
    ]);
    expect(
      loadConfig({
        TELEPHONY_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_API_URL: 'http://127.0.0.1:4010/',
      }).telephony,
    ).toEqual({
      provider: 'twilio',
      accountSid: 'AC0123456789abcdef0123456789abcdef',
      authToken: 'token',
      apiUrl: 'http://127.0.0.1:4010',
      platformNumber: null,
    });
  });

  it('rejects a port out of range', () => {
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT must be from 0 to 65535 (got 70000)']);
  });

  it('formats the whole report as one readable message', () => {
    expect(() => loadConfig({ PORT: 'x' })).toThrow(
      'Invalid configuration:\n  - PORT must be a whole number',
    );
  });

  it('refuses a production start that could not deliver sign-in codes, naming each missing setting', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'SMTP_URL is required in production: sign-in codes are sent by mail and nothing else can deliver them',
      'PUBLIC_URL is required in production: links in mail and webhooks must reach this server',
      'SECRETS_KEY is required in production: stored credentials are sealed with it',
    ]);
    const config = loadConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.test',
      PUBLIC_URL: 'https://switchboard.example.test',
      SECRETS_KEY: 'sixteen-characters-or-more',
    });
    expect(config.sandboxOpen).toBe(false);
    expect(config.demoMode).toBe(false);
    expect(config.trustProxy).toBe(false);
  });

  it('opens the sandbox outside production, and in production only with DEMO_MODE', () => {
    expect(loadConfig({}).sandboxOpen).toBe(true);
    expect(loadConfig({}).demoMode).toBe(false);
    const demo = loadConfig({
      NODE_ENV: 'production',
      DEMO_MODE: 'true',
      SMTP_URL: 'smtp://mail.example.test',
      PUBLIC_URL: 'https://demo.example.test',
      SECRETS_KEY: 'sixteen-characters-or-more',
    });
    expect(demo.sandboxOpen).toBe(true);
    expect(demo.demoMode).toBe(true);
    expect(problemsOf({ DEMO_MODE: 'yes' })).toEqual(['DEMO_MODE must be true or false']);
  });

  it('trusts forwarded headers only from the hop count or the proxies TRUST_PROXY names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
      '::1',
    ]);
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([
      'TRUST_PROXY must be a hop count or a list of proxy addresses or CIDR ranges (cannot read "true")',
    ]);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.5,10.0.0.0/33' })).toEqual([
      'TRUST_PROXY must be a hop count or a list of proxy addresses or CIDR ranges (cannot read "10.0.0.0/33")',
    ]);
    expect(problemsOf({ TRUST_PROXY: '0' })).toEqual([
      'TRUST_PROXY must be a hop count from 1 to 10 (got 0)',
    ]);
  });
});
