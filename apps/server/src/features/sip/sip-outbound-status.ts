import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/database';
import type { StreamCall } from '../../runtime/channels/twilio-media-stream';
import { recordTaskAnswer, taskOfCall } from '../tasks/dialer-calls';
import { advancePlacedCall, notePlacedCall, placedCallEnds } from './sip-outbound.repo';
import { updateSipCall } from './sip.repo';

/** How a placed SIP call ended, in the carrier's words the dialer reads (phone_calls.status). */
export type PlacedCallStatus = 'completed' | 'busy' | 'no-answer' | 'failed' | 'canceled';

/**
 * A final failure to an INVITE as a call status with its reason: busy (486, 600), no answer (480, 408, 487),
 * not in service (404, 484, 604: failed), else failed with the status line.
 */
export function failedCallStatus(
  status: number,
  reason: string,
): { status: PlacedCallStatus; reason: string } {
  const line = `${status} ${reason}`.trim();
  if (status === 486 || status === 600) return { status: 'busy', reason: `${line} (busy)` };
  if (status === 480 || status === 408 || status === 487)
    return { status: 'no-answer', reason: `${line} (no answer)` };
  if (status === 404 || status === 484 || status === 604) {
    return { status: 'failed', reason: `${line} (not in service)` };
  }
  return { status: 'failed', reason: line };
}

/**
 * The call's status on its sip_calls row with the reason when it ends, then on its phone_calls row (as a
 * carrier's status callback sets it; an ended call never goes back).
 */
export async function recordOutboundStatus(
  db: Db,
  plan: { callId: string; recordId: number },
  status: string,
  durationSeconds: number | null,
  reason?: string,
): Promise<void> {
  const ends = (placedCallEnds as readonly string[]).includes(status);
  // The sip_calls row first: once phone_calls shows the end, the dialer's sweep reads the reason from it.
  await updateSipCall(db, plan.recordId, {
    status: ends
      ? status === 'completed'
        ? 'ended'
        : status
      : status === 'in-progress'
        ? 'answered'
        : 'ringing',
    ...(ends ? { endReason: (reason ?? status).slice(0, 300), endedAt: new Date() } : {}),
  });
  await advancePlacedCall(db, plan.callId, status, durationSeconds);
}

/** The call's status stored as `recordOutboundStatus` does, its duration counted from the answer; never throws. */
export function storeOutboundStatus(
  deps: { db: Db; logger: FastifyBaseLogger },
  plan: { callId: string; recordId: number },
  status: string,
  answeredAt: number,
  reason?: string,
): Promise<void> {
  const duration = answeredAt ? Math.round((Date.now() - answeredAt) / 1000) : null;
  return recordOutboundStatus(deps.db, plan, status, duration, reason).catch((error: unknown) =>
    deps.logger.warn({ err: error, callId: plan.callId }, 'a placed SIP call status was not stored'),
  );
}

/**
 * A call's status writes, each run once those before it are done: a 180 and the 200 right after it are two writes
 * that must land in that order (on a pool of connections the earlier could otherwise overwrite the later).
 */
export function statusWritesInOrder(): (write: () => Promise<void>) => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return (write) => (last = last.then(write));
}

/**
 * Who is on a placed SIP call, as the voice path knows a carrier's outbound call: the person called, the task
 * the call was placed for (its context and greeting), and who picked up kept on the call and on the task's try.
 */
export async function placedStreamCall(
  db: Db,
  plan: { callId: string; accountId: number; to: string; from: string },
  line: { hangUp(reason: string): void; transfer(destination: string): void },
): Promise<StreamCall> {
  const task = await taskOfCall(db, plan.callId).catch(() => null);
  return {
    agentAccountId: plan.accountId,
    direction: 'outbound',
    contactPhone: plan.to,
    contactName: null,
    phoneCall: { callId: plan.callId, fromNumber: plan.from, toNumber: plan.to },
    ...(task ? { task } : {}),
    call: {
      hangUp: (reason) => {
        if (reason !== 'caller') line.hangUp(reason);
        return Promise.resolve();
      },
      transfer: (destination) => {
        line.transfer(destination);
        return Promise.resolve();
      },
    },
    onAnswered: async (answer) => {
      await notePlacedCall(db, plan.callId, { answeredBy: answer.answeredBy });
      await recordTaskAnswer(db, plan.callId, answer);
    },
  };
}
