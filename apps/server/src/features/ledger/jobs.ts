import { defineJob, type JobFeature } from '../../jobs';
import { createLedger } from './ledger.repo';
import { sweepMonthlyCharges } from './monthly-charges.service';

/** Daily: charges each held number and agent its month, once, and collects what earlier months left owed. */
export const monthlyChargesSweep = defineJob<Record<string, never>>('ledger.monthly-charges', {
  retryLimit: 3,
  retryDelay: 300,
  expireInSeconds: 1800,
  policy: 'short',
});

export const ledgerJobs: JobFeature = {
  area: 'ledger',
  async start({ jobs, services }) {
    const ledger = createLedger(services.db);
    await jobs.work(monthlyChargesSweep, async () => {
      const result = await sweepMonthlyCharges(services.db, ledger);
      if (result.charged + result.owed > 0) services.logger.info(result, 'monthly charges swept');
      return result;
    });
    // Early every day (UTC): the first day of a month charges the month; later days catch items and top-ups since.
    await jobs.schedule(monthlyChargesSweep, '5 0 * * *', {});
  },
};
