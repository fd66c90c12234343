/** The rate the product falls back to when no price source answers (spec part 2 §4). */
export const fallbackSatToUsd = 0.00043;
const cacheMs = 900_000;
const fallbackRetryMs = 60_000;

export interface ExchangeRate {
  satToUsd: number;
  source: 'live' | 'fallback';
  fetchedAt: Date;
}

/** Reads the BTC price in USD from Coinbase's spot shape (`data.amount`) or CoinGecko's (`bitcoin.usd`). */
function btcUsdOf(body: unknown): number | null {
  const value = body as { data?: { amount?: unknown }; bitcoin?: { usd?: unknown } } | null;
  const raw = value?.data?.amount ?? value?.bitcoin?.usd;
  const price = typeof raw === 'string' ? Number(raw) : raw;
  return typeof price === 'number' && Number.isFinite(price) && price > 0 ? price : null;
}

/**
 * The sats-to-USD rate from a public price source over HTTPS, cached 900 s; when the source fails (offline, an
 * error, an answer without a price) the fixed fallback is served and the source is tried again after a minute.
 */
export class ExchangeRates {
  private cached: { rate: ExchangeRate; until: number } | null = null;
  private inFlight: Promise<ExchangeRate> | null = null;

  constructor(private readonly options: { url: string; timeoutMs?: number; now?: () => number }) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  async current(): Promise<ExchangeRate> {
    if (this.cached && this.cached.until > this.now()) return this.cached.rate;
    this.inFlight ??= this.refresh().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async refresh(): Promise<ExchangeRate> {
    let price: number | null = null;
    try {
      const response = await fetch(this.options.url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
      if (response.ok) price = btcUsdOf(await response.json());
    } catch {
      price = null;
    }
    const fetchedAt = new Date(this.now());
    const rate: ExchangeRate =
      price === null
        ? { satToUsd: fallbackSatToUsd, source: 'fallback', fetchedAt }
        : { satToUsd: Number((price / 100_000_000).toPrecision(12)), source: 'live', fetchedAt };
    this.cached = { rate, until: fetchedAt.getTime() + (price === null ? fallbackRetryMs : cacheMs) };
    return rate;
  }
}
