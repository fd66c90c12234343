import { afterAll, describe, expect, it } from 'vitest';
import { ExchangeRates, fallbackSatToUsd } from './exchange-rates';
import { startPriceSource } from './price-source.test-helper';

const sources: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(sources.map((source) => source.close())));

describe('the sats-to-USD rate', () => {
  it('reads the BTC price and keeps it for 900 s', async () => {
    const source = await startPriceSource({ btcUsd: '95000.00' });
    sources.push(source);
    let now = Date.UTC(2026, 10, 25);
    const rates = new ExchangeRates({ url: source.url, now: () => now });
    expect(await rates.current()).toMatchObject({ satToUsd: 0.00095, source: 'live' });
    now += 899_000;
    await rates.current();
    expect(source.hits()).toBe(1);
    now += 2_000;
    await rates.current();
    expect(source.hits()).toBe(2);
  });

  it('falls back to 0.00043 USD per sat when the source fails or is unreachable', async () => {
    const failing = await startPriceSource({ status: 503 });
    sources.push(failing);
    expect(await new ExchangeRates({ url: failing.url }).current()).toMatchObject({
      satToUsd: fallbackSatToUsd,
      source: 'fallback',
    });
    const closed = await startPriceSource({ status: 200 });
    await closed.close();
    expect(await new ExchangeRates({ url: closed.url }).current()).toMatchObject({
      satToUsd: 0.00043,
      source: 'fallback',
    });
  });
});
