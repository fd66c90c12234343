import { defineJob } from './define';
import { pruneEffects } from './effects.repo';
import type { JobFeature } from './registry';

const effectsKeptDays = 30;

/** Daily: forgets the effects of jobs claimed more than 30 days ago (their jobs left the queue long before). */
export const pruneJobEffects = defineJob<Record<string, never>>('jobs.prune-effects', {
  retryLimit: 3,
  retryDelay: 60,
  expireInSeconds: 600,
  policy: 'short',
});

export const jobMaintenance: JobFeature = {
  area: 'jobs',
  async start({ jobs, services }) {
    await jobs.work(pruneJobEffects, async () => {
      const before = new Date(Date.now() - effectsKeptDays * 24 * 60 * 60 * 1000);
      return { pruned: await pruneEffects(services.db, before) };
    });
    await jobs.schedule(pruneJobEffects, '17 3 * * *', {});
  },
};
