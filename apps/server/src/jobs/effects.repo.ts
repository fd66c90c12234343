import { and, eq, sql } from 'drizzle-orm';
import { jobEffects } from '@switchboard/db';
import type { Db } from '../platform/database';
import { EffectInterruptedError, type EffectClaim, type JobEffects } from './define';

export class StaleAttemptError extends Error {
  constructor(step: string, attemptId: string) {
    super(`Attempt ${attemptId} no longer holds the step ${step}; another attempt took the job over`);
    this.name = 'StaleAttemptError';
  }
}

type EffectRow = typeof jobEffects.$inferSelect;

const asClaim = <Result>(row: EffectRow, attemptId: string): EffectClaim<Result> => {
  if (row.state === 'done') return { state: 'done', result: row.result as Result, attemptId: row.attemptId };
  if (row.attemptId === attemptId) return { state: 'claimed' };
  return { state: 'interrupted', attemptId: row.attemptId, claimedAt: row.claimedAt };
};

/**
 * The effects record of one attempt. A step is claimed (committed on its own, before the handler acts) and later
 * marked done with its result, ideally in the transaction that writes the handler's own rows; the (job, step) key
 * makes every later attempt see what happened. Only the attempt holding the claim can mark it done.
 */
export function effectsFor(db: Db, jobId: string, attemptId: string): JobEffects {
  const find = async (step: string) =>
    (
      await db
        .select()
        .from(jobEffects)
        .where(and(eq(jobEffects.jobId, jobId), eq(jobEffects.step, step)))
    )[0];

  const effects: JobEffects = {
    async claim<Result>(step: string) {
      const inserted = await db
        .insert(jobEffects)
        .values({ jobId, step, attemptId, state: 'claimed' })
        .onConflictDoNothing()
        .returning({ step: jobEffects.step });
      if (inserted.length > 0) return { state: 'claimed' };
      const row = await find(step);
      if (!row) throw new Error(`The effect ${step} of job ${jobId} vanished while being claimed`);
      return asClaim<Result>(row, attemptId);
    },
    async complete(step, result, tx) {
      const updated = await (tx ?? db)
        .update(jobEffects)
        .set({ state: 'done', result: result ?? null, doneAt: sql`now()` })
        .where(
          and(
            eq(jobEffects.jobId, jobId),
            eq(jobEffects.step, step),
            eq(jobEffects.attemptId, attemptId),
            eq(jobEffects.state, 'claimed'),
          ),
        )
        .returning({ step: jobEffects.step });
      if (updated.length > 0) return;
      const row = await find(step);
      if (row?.state === 'done' && row.attemptId === attemptId) return;
      throw new StaleAttemptError(step, attemptId);
    },
    async get<Result>(step: string): Promise<EffectClaim<Result> | null> {
      const row = await find(step);
      return row ? asClaim<Result>(row, attemptId) : null;
    },
    async once<Result>(step: string, perform: () => Promise<Result>) {
      const claim = await effects.claim<Result>(step);
      if (claim.state === 'done') return claim.result;
      if (claim.state === 'interrupted') throw new EffectInterruptedError(step, claim.attemptId);
      const result = await perform();
      await effects.complete(step, result);
      return result;
    },
  };
  return effects;
}

/** Drops the records of steps claimed before `before` (their jobs are long finished). */
export async function pruneEffects(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(jobEffects)
    .where(sql`${jobEffects.claimedAt} < ${before}`)
    .returning({ step: jobEffects.step });
  return deleted.length;
}
