import { defineJob, type JobFeature } from '../../jobs';
import type { Services } from '../../services';
import { placeTask } from './task-dispatch';
import { placeTaskJob, type DialerDeps } from './dialer.service';
import { DialerDispatcher } from './dialer-dispatch';
import { SandboxTelephony } from '../../providers/telephony/sandbox';
import { closeOrphanedSandboxCalls, closeSilentCalls, dialerWatchdog } from './dialer-watchdog';

/**
 * The dialer's safety sweep: a dispatch pass (every due task's job sent, the tries whose calls ended closed) for
 * what the event-driven dispatch missed. It sends itself again `sweepSeconds` later ('short': one waiting sweep
 * across every process), and a cron each minute restarts the chain should a process die between the two.
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
    sip: services.sipOutbound,
    sms: services.sms,
    runtime: services.runtime,
    publicUrl: services.config.publicUrl,
    logger: services.logger,
    now: () => new Date(),
  };
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
    // Due tasks are sent the moment they come due (dialer-dispatch.ts); the sweep only catches what was missed.
    const dispatcher = new DialerDispatcher({ db: services.db, jobs, logger: services.logger });
    jobs.onStop(() => dispatcher.stop());
    await dispatcher.start();
    const again = () => jobs.send(dialerSweep, {}, { singletonKey: sweepKey, startAfter: every });
    await jobs.work(dialerSweep, async () => {
      try {
        return await dispatcher.sweep();
      } finally {
        await again();
      }
    });
    await jobs.schedule(dialerSweep, '* * * * *', {});
    // Tries whose calls the carrier never reported ended, or whose sandbox calls ended with a stopped process, are
    // closed once a minute, and once at start (a restart's cut-off calls are closed at once on PGlite).
    const { telephony } = services;
    const sandbox =
      telephony instanceof SandboxTelephony
        ? {
            carries: (callId: string) => telephony.network.placedCalls.has(callId),
            soleProcess: services.config.database.kind === 'pglite',
          }
        : null;
    await jobs.work(dialerWatchdog, async () => ({
      closed: await closeSilentCalls(deps),
      interrupted: sandbox ? await closeOrphanedSandboxCalls({ ...deps, sandbox }) : 0,
    }));
    await jobs.schedule(dialerWatchdog, '* * * * *', {});
    await jobs.send(dialerWatchdog, {});
    await jobs.send(dialerSweep, {}, { singletonKey: sweepKey });
  },
};
