import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config';

describe('payout settings', () => {
  it('holds card money 30 days and pays PayPal through the sandbox unless told otherwise', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.payouts).toMatchObject({
      holdDays: 30,
      paypal: { provider: 'sandbox' },
      lnurlLoopbackHttp: true,
    });
  });

  it('reads WITHDRAWAL_HOLD_DAYS and the PayPal credentials, and refuses what is not a number of days', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      WITHDRAWAL_HOLD_DAYS: '0',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_API_URL: 'http://127.0.0.1:9/',
    });
    expect(config.payouts.holdDays).toBe(0);
    expect(config.payouts.paypal).toMatchObject({
      provider: 'paypal',
      apiUrl: 'http://127.0.0.1:9',
      webhookId: null,
    });
    expect(() => loadConfig({ NODE_ENV: 'test', WITHDRAWAL_HOLD_DAYS: 'a month' })).toThrow(
      /WITHDRAWAL_HOLD_DAYS.*whole number of days/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', WITHDRAWAL_HOLD_DAYS: '400' })).toThrow(/at most 365/);
    expect(() => loadConfig({ NODE_ENV: 'test', PAYPAL_CLIENT_ID: 'id' })).toThrow(/set together/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://x.example',
        SMTP_URL: 'smtp://x',
        SECRETS_KEY: 'k'.repeat(64),
      }).payouts.lnurlLoopbackHttp,
    ).toBe(false);
  });
});
