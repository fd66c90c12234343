import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/database';
import type { SandboxPhoneNetwork } from '../../providers/telephony/sandbox-network';
import { callEndStatuses, touchOpenCalls, updateCall } from './calls.repo';

/** How often a serving process marks the sandbox calls it carries as heard from. */
export const sandboxHeartbeatSeconds = 20;

/**
 * The sandbox network's calls live in the memory of the process that placed them and end with it, unlike a real
 * carrier's, which outlive our restarts and report their end by webhook. Every `sandboxHeartbeatSeconds` the
 * process marks the rows of the calls it still carries as heard from (`updated_at`), so when several processes
 * share one PostgreSQL a sandbox call unheard for much longer was carried by a process that is gone (a crash, a
 * kill -9), and the dialer's watchdog closes its task's try as interrupted (dialer-watchdog.ts). Calls that ended
 * are forgotten here; one placed moments ago is kept until its row exists. Answers the function that stops it.
 */
export function startSandboxCallHeartbeat(
  deps: { db: Db; logger: FastifyBaseLogger },
  network: Pick<SandboxPhoneNetwork, 'placedCalls'>,
  everyMs = sandboxHeartbeatSeconds * 1000,
): () => Promise<void> {
  let beating: Promise<void> = Promise.resolve();
  const beat = async () => {
    const ids = [...network.placedCalls.keys()];
    if (ids.length === 0) return;
    const open = await touchOpenCalls(deps.db, ids, callEndStatuses);
    const settled = Date.now() - everyMs;
    for (const [id, placedAt] of network.placedCalls) {
      if (!open.has(id) && placedAt < settled) network.placedCalls.delete(id);
    }
  };
  const timer = setInterval(() => {
    beating = beat().catch((error: unknown) => {
      deps.logger.warn(
        { err: error },
        'the sandbox calls this process carries could not be marked as heard from',
      );
    });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await beating;
  };
}

/** A sandbox call that ended with the process carrying it is recorded as failed: no status will ever come. */
export async function recordSandboxCallCutOff(db: Db, callId: string): Promise<void> {
  await updateCall(db, callId, { status: 'failed' });
}
