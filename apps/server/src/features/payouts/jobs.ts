import { defineJob, type JobFeature } from '../../jobs';
import { createPayoutProviders } from '../../providers/payouts/create';
import { createLedger } from '../ledger';
import { ExchangeRates } from '../wallet/exchange-rates';
import { reconcileStalePayouts } from './payout-channels';
import type { PayoutDeps } from './payouts.service';

/**
 * A payout is asked about again once it has been pending this long: longer than any provider call takes, so the
 * request still sending it is never raced.
 */
export const payoutRecheckAfterMs = 2 * 60_000;

/** Every five minutes: payouts left pending (a crash mid-send, a lost webhook) are settled from the provider. */
export const payoutReconciliation = defineJob<Record<string, never>>('payouts.reconcile-pending', {
  retryLimit: 1,
  retryDelay: 60,
  expireInSeconds: 240,
  policy: 'short',
});

export function payoutJobDeps(services: Parameters<JobFeature['start']>[0]['services']): PayoutDeps {
  const { db, config } = services;
  return {
    db,
    ledger: createLedger(db),
    providers: createPayoutProviders(config),
    rates: new ExchangeRates({ url: config.lightning.exchangeRateUrl }),
    holdDays: config.payouts.holdDays,
    sandboxOpen: config.sandboxOpen,
  };
}

export const payoutJobs: JobFeature = {
  area: 'payouts',
  async start({ jobs, services }) {
    const deps = payoutJobDeps(services);
    await jobs.work(payoutReconciliation, async () => {
      const result = await reconcileStalePayouts(deps, { minAgeMs: payoutRecheckAfterMs });
      if (result.checked > 0) services.logger.info(result, 'pending payouts asked about again');
      return result;
    });
    await jobs.schedule(payoutReconciliation, '*/5 * * * *', {});
  },
};
