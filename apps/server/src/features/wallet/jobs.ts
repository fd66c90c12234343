import { defineJob, type JobFeature } from '../../jobs';
import { createLightning } from '../../providers/lightning/create';
import { createLedger } from '../ledger';
import { settlePayPageInvoices } from '../pay-pages';
import { earnReferralReward } from '../referrals';
import { settleLightningInvoices } from './lightning-settlement';

/** Every minute: open Lightning invoices are checked with the node, paid ones credited, stale ones expired. */
export const lightningSettlement = defineJob<Record<string, never>>('wallet.lightning-settlement', {
  retryLimit: 1,
  retryDelay: 30,
  expireInSeconds: 120,
  policy: 'short',
});

export const walletJobs: JobFeature = {
  area: 'wallet',
  async start({ jobs, services }) {
    const deps = {
      db: services.db,
      ledger: createLedger(services.db),
      lightning: createLightning(services.config.lightning),
      logger: services.logger,
    };
    await jobs.work(lightningSettlement, async () => {
      const result = await settleLightningInvoices(deps);
      if (result.credited + result.expired + result.failed > 0)
        services.logger.info(result, 'Lightning invoices settled');
      // Invoices paid on pay pages: credited less the fee, as when the payer's page asks.
      const payPages = await settlePayPageInvoices({
        ...deps,
        mail: services.mail,
        feePercent: services.config.payPages.feePercent,
        afterMoneyIn: async (accountId) => {
          await earnReferralReward(services.db, accountId);
        },
      });
      if (payPages.credited + payPages.expired + payPages.failed > 0)
        services.logger.info(payPages, 'Pay-page invoices settled');
      return result;
    });
    await jobs.schedule(lightningSettlement, '* * * * *', {});
  },
};
