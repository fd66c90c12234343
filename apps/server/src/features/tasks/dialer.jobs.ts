import { defineJob, type JobFeature } from '../../jobs';
import type { Services } from '../../services';
import { enqueueDueTasks, placeTask } from './task-dispatch';
import { placeTaskJob, type DialerDeps } from './dialer.service';
import { settleEndedCalls } from './task-outcomes';
import { closeSilentCalls, dialerWatchdog } from './dialer-watchdog';

/**
 * The dialer's sweep: sends a job for every due task and closes the tries whose calls ended. It sends itself
 * again `sweepSeconds` later ('short': one waiting sweep across every process), and a cron each minute restarts the
 * chain should a process die between the two.
 */
export const dialerSweep = defineJob<Record<string, never>>('dialer.sweep', {
  retryLimit: 0,
  expireInSeconds: 120,
  retentionDays: 1,
  policy: 'short',
});

const sweepKey = 'dialer-sweep';

export function dialerDeps(services: Services): DialerDeps {
  return {
    db: services.db,
    telephony: services.telephony,
    sms: services.sms,
    runtime: services.runtime,
    publicUrl: services.config.publicUrl,
    logger: services.logger,
    now: () => new Date(),
  };
}

/** One sweep: due tasks become jobs, ended calls close their tries. */
export async function sweepOnce(services: Services, now = new Date()) {
  const due = await enqueueDueTasks(services.db, services.jobs, { now });
  const settled = await settleEndedCalls({ db: services.db, now: () => now });
  return { enqueued: due.length, settled };
}

export const dialerJobs: JobFeature = {
  area: 'dialer',
  async start({ jobs, services }) {
    const deps = dialerDeps(services);
    const every = services.config.jobs.dialerSweepSeconds;
    await jobs.work(
      placeTask,
      async ({ taskId }, context) => ({ result: await placeTaskJob(deps, taskId, context) }),
      { concurrency: 20 },
    );
    const again = () => jobs.send(dialerSweep, {}, { singletonKey: sweepKey, startAfter: every });
    await jobs.work(dialerSweep, async () => {
      try {
        return await sweepOnce(services);
      } finally {
        await again();
      }
    });
    await jobs.schedule(dialerSweep, '* * * * *', {});
    // Tries whose calls the carrier never reported ended are closed, once a minute.
    await jobs.work(dialerWatchdog, async () => ({ closed: await closeSilentCalls(deps) }));
    await jobs.schedule(dialerWatchdog, '* * * * *', {});
    await jobs.send(dialerSweep, {}, { singletonKey: sweepKey });
  },
};
