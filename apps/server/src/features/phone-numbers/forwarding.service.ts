import { EventEmitter } from 'node:events';
import type { ForwardingView } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { TelephonyError } from '../../providers/telephony/types';
import {
  findCallingChecks,
  findCheckByCallId,
  insertForwardingCheck,
  latestCheck,
  latestVerifiedCheck,
  overdueChecks,
  sandboxForwardTarget,
  setCheckCallId,
  settleCheck,
  userPhoneNumber,
  type ForwardingCheckRow,
} from './forwarding.repo';
import { agentAccount, type PhoneNumbersDeps } from './phone-numbers.service';

/** How long a test call has to arrive at the agent's number. */
export const forwardingTimeoutMs = 60_000;
/** The sandbox phone network's call forwarding of a number (*72 on the softphone sets it, *73 clears it). */
export { sandboxForwardTarget, setSandboxForwardTarget } from './forwarding.repo';

/** How long the test call rings the cell, seconds (forwarding on no answer takes a few rings). */
const ringSeconds = 30;
/** How long `listen` waits for a check to end at most. */
export const listenLimitMs = 25_000;

/** Tells waiting listeners in this process that an account's check ended (other processes poll). */
const settled = new EventEmitter();
settled.setMaxListeners(0);

const digitsOf = (number: string) => number.replace(/^\+1/, '').replace(/\D/g, '');

async function settle(
  db: Db,
  check: ForwardingCheckRow,
  outcome: { status: 'verified' } | { status: 'failed'; failure: string },
) {
  if (await settleCheck(db, check.id, outcome)) settled.emit(String(check.accountId));
}

/** Checks past their deadline have failed: the test call did not arrive in time. */
async function failOverdue(db: Db, accountId: number) {
  for (const check of await overdueChecks(db, accountId)) {
    await settle(db, check, {
      status: 'failed',
      failure:
        `The test call to ${check.cellNumber} did not arrive at ${check.agentNumber} within ` +
        `${forwardingTimeoutMs / 1000} seconds: check that forwarding is on and keeps the caller's number ` +
        '(on an iPhone, Live Voicemail stops forwarding on no answer).',
    });
  }
}

export async function forwardingState(db: Db, accountId: number): Promise<ForwardingView> {
  await failOverdue(db, accountId);
  const latest = await latestCheck(db, accountId);
  const verified = await latestVerifiedCheck(db, accountId);
  return {
    status: latest?.status ?? 'none',
    cellNumber: latest?.cellNumber ?? null,
    agentNumber: latest?.agentNumber ?? null,
    failure: latest?.failure ?? null,
    startedAt: latest?.startedAt.toISOString() ?? null,
    verifiedAt: verified?.settledAt?.toISOString() ?? null,
    verifiedCell: verified?.cellNumber ?? null,
  };
}

const answer = (forwarding: ForwardingView) => ({
  success: true as const,
  verified: forwarding.status === 'verified',
  forwarding,
});

/**
 * A call reached the voice webhook: when it is part of a forwarding check, the check learns from it and the call
 * should simply end (answers true). The test call arriving at the agent's number with the platform's number as
 * caller id verifies the check; the test call itself being answered (at the cell, before any forwarded call
 * arrived) means the cell did not forward it.
 */
export async function forwardingCheckCall(
  db: Db,
  call: { callId: string; from: string; to: string },
): Promise<boolean> {
  const placed = await findCheckByCallId(db, call.callId);
  if (placed) {
    await settle(db, placed, {
      status: 'failed',
      failure: `${placed.cellNumber} answered the test call itself: its calls are not forwarded to ${placed.agentNumber}.`,
    });
    return true;
  }
  const arriving = await findCallingChecks(db, call.from, call.to);
  for (const check of arriving) await settle(db, check, { status: 'verified' });
  return arriving.length > 0;
}

async function cellOf(db: Db, userId: number | null, cellNumber: string | undefined): Promise<string> {
  if (cellNumber) return cellNumber;
  const phoneNumber = userId === null ? null : await userPhoneNumber(db, userId);
  if (!phoneNumber) {
    throw new AppError(
      'VALIDATION_FAILED',
      'body.cellNumber: is required (you have no verified phone number to check instead)',
    );
  }
  return phoneNumber;
}

/** The sandbox phone network carries the test call at once: the cell's forwarding decides where it lands. */
async function carrySandboxCall(db: Db, check: ForwardingCheckRow) {
  const target = await sandboxForwardTarget(db, check.cellNumber);
  if (target !== null) await forwardingCheckCall(db, { callId: '', from: check.callerNumber, to: target });
  const cancel = `dial *72${digitsOf(check.agentNumber)} from it`;
  if (target === null) {
    await settle(db, check, {
      status: 'failed',
      failure: `The test call rang ${check.cellNumber} and did not come to ${check.agentNumber}: forwarding is not on (${cancel}).`,
    });
  } else if (target !== check.agentNumber) {
    await settle(db, check, {
      status: 'failed',
      failure: `${check.cellNumber} forwards its calls to ${target}, not to the agent's number ${check.agentNumber} (${cancel}).`,
    });
  }
}

/**
 * Starts a check that calls to the cell forward to the acting agent account's number: the platform calls the cell
 * from its own number. On the sandbox phone network the answer is final; at a real carrier it is still calling,
 * and validateVerifiedNumber with `listen` waits for the end.
 */
export async function verifyCellForwarding(
  deps: PhoneNumbersDeps,
  actor: { userId: number } | null,
  accountId: number | null,
  body: { cellNumber?: string | undefined },
) {
  const account = await agentAccount(deps.db, accountId);
  const agentNumber = account.vidaPhoneNumber;
  if (!agentNumber) {
    throw new AppError(
      'CONFLICT',
      'This agent has no phone number yet: add one before forwarding calls to it',
    );
  }
  const cellNumber = await cellOf(deps.db, actor?.userId ?? null, body.cellNumber);
  if (cellNumber === agentNumber) {
    throw new AppError(
      'VALIDATION_FAILED',
      "body.cellNumber: is the agent's own number; give the cell that forwards to it",
    );
  }
  const callerNumber = deps.platformNumber;
  if (!callerNumber) {
    throw new AppError(
      'UNAVAILABLE',
      'Unable to place the test call: the platform has no number to call from (set TELEPHONY_PLATFORM_NUMBER)',
    );
  }
  const check = await insertForwardingCheck(deps.db, {
    accountId: account.id,
    cellNumber,
    agentNumber,
    callerNumber,
    deadline: new Date(Date.now() + forwardingTimeoutMs),
  });
  try {
    const placed = await deps.telephony.placeCall({
      to: cellNumber,
      from: callerNumber,
      answerUrl: `${deps.publicUrl}/api/twilio/voice`,
      statusUrl: `${deps.publicUrl}/api/twilio/status`,
      ringSeconds,
    });
    await setCheckCallId(deps.db, check.id, placed.callId);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await settle(deps.db, check, {
      status: 'failed',
      failure: `The test call could not be placed: ${reason}`,
    });
    if (!(error instanceof TelephonyError)) throw error;
    if (error.status === 400)
      throw new AppError('BAD_REQUEST', `Unable to place the test call: ${error.message}`);
    throw new AppError('UNAVAILABLE', `Unable to place the test call: ${error.message}`);
  }
  if (deps.telephony.sandbox) await carrySandboxCall(deps.db, check);
  return answer(await forwardingState(deps.db, account.id));
}

/** Waits until the account's check still calling ends, its deadline passes or the wait's limit (whichever first). */
async function waitWhileCalling(db: Db, accountId: number, limitMs: number): Promise<ForwardingView> {
  const until = Date.now() + limitMs;
  for (;;) {
    const state = await forwardingState(db, accountId);
    const left = until - Date.now();
    if (state.status !== 'calling' || left <= 0) return state;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        settled.off(String(accountId), done);
        resolve();
      };
      // Another process may settle it: look again at least every second.
      const timer = setTimeout(done, Math.min(left, 1_000));
      settled.on(String(accountId), done);
    });
  }
}

/** The acting agent account's call forwarding; with `listen`, waits while a check is still calling. */
export async function validateVerifiedNumber(
  deps: PhoneNumbersDeps,
  accountId: number | null,
  listen: boolean,
) {
  const account = await agentAccount(deps.db, accountId);
  const state = listen
    ? await waitWhileCalling(deps.db, account.id, listenLimitMs)
    : await forwardingState(deps.db, account.id);
  return answer(state);
}
