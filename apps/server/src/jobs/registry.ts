import type { Services } from '../services';
import type { JobQueue } from './queue';

/** An area's job handlers: `start` calls jobs.work(...) (and jobs.schedule(...)) for the area's job types. */
export interface JobFeature {
  area: string;
  start(context: { jobs: JobQueue; services: Services }): Promise<void>;
}

/**
 * Starts every area's handlers on the services' queue: what a worker process runs, and the web server too unless
 * JOB_WORKERS=off (the single-process setup, and PGlite, where no other process may open the database). With
 * `recoverInterrupted` (a process owning its PGlite data directory alone) attempts a crash left active are handed
 * to their retry policy before anything is fetched; on PostgreSQL the queue's expiry does that instead.
 */
export async function startJobWork(
  services: Services,
  features: readonly JobFeature[],
  options: { recoverInterrupted: boolean },
): Promise<void> {
  if (options.recoverInterrupted) await services.jobs.recoverInterrupted();
  for (const feature of features) {
    await feature.start({ jobs: services.jobs, services });
    services.logger.debug({ area: feature.area }, 'job handlers started');
  }
}
