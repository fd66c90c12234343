import type { Db } from '../platform/database';

/** How the queue treats jobs with the same singleton key: 'short' keeps at most one of them waiting. */
export type QueuePolicy = 'standard' | 'short';

/** A job type's delivery policy; every job of the type follows it unless its send options say otherwise. */
export interface JobPolicy {
  /** Retries after the first attempt fails (0: one attempt only). Default 2. */
  retryLimit?: number;
  /** Seconds before a retry. Default 5. */
  retryDelay?: number;
  /** Doubles the delay per retry, with jitter. Default true. */
  retryBackoff?: boolean;
  /**
   * Seconds an attempt may run. The handler's signal aborts then and the attempt fails; a crashed process's attempt
   * is handed to another worker once this has passed (see docs/ARCHITECTURE.md, "Jobs"). Default 300.
   */
  expireInSeconds?: number;
  /** How long a finished job is kept (idempotent sends are answered from it meanwhile). Default 14 days. */
  retentionDays?: number;
  /**
   * 'short': at most one job per singleton key waiting to run (a second send answers the waiting one). Default
   * 'standard' (keys only label jobs).
   */
  policy?: QueuePolicy;
  /** Where a job goes once its retries are used up (another job type's name). */
  deadLetter?: string;
}

/** A typed job type: the name of its queue, its policy, and (at type level only) its payload. */
export interface JobDefinition<Payload extends object> {
  readonly name: string;
  readonly policy: Required<Omit<JobPolicy, 'deadLetter'>> & { deadLetter?: string };
  /** Never set: carries the payload type so send() and work() agree on it. */
  readonly payload?: Payload;
}

const namePattern = /^[a-z][a-z0-9_.-]{1,63}$/;

/** Declares a job type. Names are stable identifiers in the database: `area.what` (`tasks.dial`). */
export function defineJob<Payload extends object>(
  name: string,
  policy: JobPolicy = {},
): JobDefinition<Payload> {
  if (!namePattern.test(name))
    throw new Error(`Invalid job name ${JSON.stringify(name)}: use a-z, 0-9, . _ -`);
  return {
    name,
    policy: {
      retryLimit: policy.retryLimit ?? 2,
      retryDelay: policy.retryDelay ?? 5,
      retryBackoff: policy.retryBackoff ?? true,
      expireInSeconds: policy.expireInSeconds ?? 300,
      retentionDays: policy.retentionDays ?? 14,
      policy: policy.policy ?? 'standard',
      ...(policy.deadLetter ? { deadLetter: policy.deadLetter } : {}),
    },
  };
}

export interface SendOptions {
  /** When the job becomes due (a Date, or seconds from now). Default: now. */
  startAfter?: Date | number;
  /**
   * Makes the send idempotent: a second send with the same key (for this job type) enqueues nothing and answers the
   * first job's id, for as long as that job is kept (JobPolicy.retentionDays after it finished).
   */
  idempotencyKey?: string;
  /** Groups jobs for the queue's policy (see JobPolicy.policy) and labels them. */
  singletonKey?: string;
  /** Higher runs first among due jobs. Default 0. */
  priority?: number;
  /** Overrides of the job type's policy for this one job. */
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /**
   * Enqueue inside the caller's transaction: the job exists only if the transaction commits. The job type must be
   * ready first (jobs.prepare, or work() in this process): on PGlite nothing outside the transaction can run while
   * it is open.
   */
  tx?: Db;
}

/** One job of a batch (JobQueue.sendMany): its payload and the send options that apply outside a transaction. */
export interface BatchItem<Payload extends object> {
  payload: Payload;
  startAfter?: Date | number;
  idempotencyKey?: string;
  singletonKey?: string;
}

export interface SendResult {
  id: string;
  /** False when an idempotent send found the job already there (or finished), or a 'short' queue's waiting one. */
  created: boolean;
}

/** The state of one irreversible step, as the current attempt sees it. */
export type EffectClaim<Result> =
  | { state: 'claimed' }
  | { state: 'done'; result: Result; attemptId: string }
  | { state: 'interrupted'; attemptId: string; claimedAt: Date };

/** Records a job's irreversible steps so that a retry never repeats one (see jobs/effects.ts). */
export interface JobEffects {
  /**
   * Claims a step for this attempt before acting. 'claimed': go ahead, then complete(). 'done': an earlier attempt
   * finished it (its result is here). 'interrupted': an earlier attempt claimed it and never finished, so whether it
   * happened is unknown; close the work as interrupted rather than acting twice.
   */
  claim<Result = unknown>(step: string): Promise<EffectClaim<Result>>;
  /** Marks a claimed step done with its result; pass `tx` to commit it with the handler's own writes. */
  complete(step: string, result: unknown, tx?: Db): Promise<void>;
  /** Reads a step's record without claiming it. */
  get<Result = unknown>(step: string): Promise<EffectClaim<Result> | null>;
  /**
   * claim + perform + complete. Answers the result (performed now or earlier); throws EffectInterruptedError when an
   * earlier attempt was cut off mid-step.
   */
  once<Result>(step: string, perform: () => Promise<Result>): Promise<Result>;
}

export interface JobContext {
  /** The queue's id of the job (stable across attempts). */
  jobId: string;
  /** One run of the job: `<jobId>:<attempt>`; effects are claimed in its name. */
  attemptId: string;
  /** 1 for the first run, 2 for the first retry, ... */
  attempt: number;
  /** True when a failure now uses up the retries. */
  finalAttempt: boolean;
  /** Aborted when the attempt expires or the process is stopping: wind down and throw or return. */
  signal: AbortSignal;
  effects: JobEffects;
}

/** Returning completes the job (the value is kept as its output); throwing fails the attempt (retry policy). */
export type JobHandler<Payload extends object> = (payload: Payload, context: JobContext) => Promise<unknown>;

export interface WorkOptions {
  /** Attempts run at once in this process. Default 1. */
  concurrency?: number;
  /** Most jobs fetched in one query. Default: concurrency. */
  batchSize?: number;
  /** Seconds between polls when nothing nudges the queue (minimum 0.5). Default 2. */
  pollingIntervalSeconds?: number;
}

export class EffectInterruptedError extends Error {
  constructor(
    readonly step: string,
    readonly attemptId: string,
  ) {
    super(
      `The step ${step} was started by attempt ${attemptId}, which never finished; its outcome is unknown`,
    );
    this.name = 'EffectInterruptedError';
  }
}
