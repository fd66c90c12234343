import type { FastifyBaseLogger } from 'fastify';
import { defineJob } from '../../jobs';
import type { Db } from '../../platform/database';
import type { TelephonyProvider } from '../../providers/telephony/types';
import { recordSandboxCallCutOff, sandboxHeartbeatSeconds } from '../telephony/sandbox-call-heartbeat';
import { findOpenSandboxCalls, findSilentCalls } from './dialer.repo';
import { closeTry } from './task-outcomes';

/** How long a call may go without a word from the carrier before the watchdog gives up on it. */
export interface WatchdogBounds {
  /** A call not yet answered (queued, ringing): its ring time is 30 s, so ten minutes is a carrier gone silent. */
  unansweredSeconds: number;
  /** A call answered but never reported ended: longer than any call an agent holds. */
  answeredSeconds: number;
}

export const defaultWatchdogBounds: WatchdogBounds = { unansweredSeconds: 600, answeredSeconds: 4 * 3600 };

/** The dialer's watchdog, every minute: closes the tries whose calls the carrier never reported ended. */
export const dialerWatchdog = defineJob<Record<string, never>>('dialer.watchdog', {
  retryLimit: 0,
  expireInSeconds: 120,
  retentionDays: 1,
  policy: 'short',
});

/**
 * Running call tasks whose call has had no status from the carrier (neither a final one nor any other) for longer
 * than the bound: the status callback was lost or the carrier went silent. Each try is closed as failed with the
 * reason, so the task's retry policy decides whether it is placed again; the call is hung up at the carrier in case
 * it is in fact still up. Answers how many it closed.
 */
export async function closeSilentCalls(
  deps: { db: Db; telephony: Pick<TelephonyProvider, 'hangUp'>; logger: FastifyBaseLogger; now: () => Date },
  bounds: WatchdogBounds = defaultWatchdogBounds,
  limit = 200,
): Promise<number> {
  const now = deps.now().getTime();
  const silent = await findSilentCalls(deps.db, {
    unansweredBefore: new Date(now - bounds.unansweredSeconds * 1000),
    answeredBefore: new Date(now - bounds.answeredSeconds * 1000),
    limit,
  });
  for (const { task, status, lastHeard } of silent) {
    const callId = task.callId ?? '';
    await deps.telephony.hangUp(callId).catch((error: unknown) => {
      deps.logger.warn({ err: error, callId }, 'a silent call could not be hung up');
    });
    const minutes = Math.round((now - lastHeard.getTime()) / 60_000);
    await closeTry(deps, task, {
      result: 'failed',
      detail: `The carrier reported no final status for the call (last: ${status}, ${String(minutes)} minutes ago); the dialer's watchdog closed it`,
    });
    deps.logger.warn({ task: task.id, callId, status }, 'a task call the carrier went silent on was closed');
  }
  return silent.length;
}

/** Which sandbox calls this process carries, and whether any other process could carry one. */
export interface SandboxCarrying {
  /** Whether this process's sandbox network placed the call (it lives here while it lasts). */
  carries(callId: string): boolean;
  /** This process is the database's only one (PGlite's data directory has one owner): a call it does not carry is carried by none. */
  soleProcess: boolean;
}

/**
 * Running call tasks whose sandbox call ended with the process that carried it (a restart, a crash, kill -9): a
 * call this process does not carry, when no other process can (PGlite), or when the call's row has not been
 * marked as heard from for four of its process's heartbeats (several processes on PostgreSQL). Each try is closed
 * as interrupted with the reason, so the task's retry policy decides whether it is placed again, and the call is
 * recorded as failed. Answers how many it closed.
 */
export async function closeOrphanedSandboxCalls(
  deps: { db: Db; logger: FastifyBaseLogger; now: () => Date; sandbox: SandboxCarrying },
  limit = 200,
): Promise<number> {
  const { sandbox } = deps;
  const open = await findOpenSandboxCalls(deps.db, {
    touchedBefore: sandbox.soleProcess
      ? null
      : new Date(Date.now() - 4 * sandboxHeartbeatSeconds * 1000 - 10_000),
    limit,
  });
  let closed = 0;
  for (const { task, status } of open) {
    const callId = task.callId ?? '';
    if (sandbox.carries(callId)) continue;
    await recordSandboxCallCutOff(deps.db, callId);
    await closeTry(deps, task, {
      result: 'interrupted',
      detail: `The server process carrying this sandbox call stopped (a restart or a crash) and the call ended with it (last: ${status}); whether the conversation was finished is unknown`,
    });
    deps.logger.warn(
      { task: task.id, callId, status },
      'a task call cut off by a stopped process was closed',
    );
    closed += 1;
  }
  return closed;
}
