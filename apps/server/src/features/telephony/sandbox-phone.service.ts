import { randomBytes } from 'node:crypto';
import { formatPhoneForDisplay, normalizePhoneNumber } from '@switchboard/core';
import { AppError } from '../../platform/app-error';
import { SandboxTelephony } from '../../providers/telephony/sandbox';
import type { TelephonyProvider } from '../../providers/telephony/types';
import { setSandboxForwardTarget } from '../phone-numbers/forwarding.service';
import type { SoftphoneRinger } from './softphone-ringer';
import type { SoftphoneTransfers } from './sandbox-phone-transfers';
import { callerNameOf, changeSoftphone, claimSoftphone, findSoftphone } from './softphones.repo';
import { admitCall, notInServiceLine, recordCallStatus, type VoiceCallDeps } from './voice-calls.service';

/** How long a dialed call waits for the softphone to open its stream before the network gives up on it. */
const connectWithinMs = 30_000;
const firstLine = 100;
const lastLine = 9999;

const softphoneNumberOf = (line: number) => `+1555555${String(line).padStart(4, '0')}`;

/** The sandbox carrier, or 404 where telephony goes through a real carrier (or none, in production). */
export function sandboxCarrierOf(telephony: TelephonyProvider): SandboxTelephony {
  if (telephony instanceof SandboxTelephony) return telephony;
  throw new AppError('NOT_FOUND', 'The sandbox phone network is off: calls go through a real carrier');
}

/** The person's softphone number, given on first use: a free one in the softphone range, near their id. */
export async function softphoneNumber(deps: VoiceCallDeps, userId: number): Promise<string> {
  sandboxCarrierOf(deps.telephony);
  const existing = await findSoftphone(deps.db, userId);
  if (existing) return existing;
  const span = lastLine - firstLine + 1;
  for (let attempt = 0; attempt < 64; attempt += 1) {
    const line = firstLine + ((userId + attempt * 7919) % span);
    if (await claimSoftphone(deps.db, userId, softphoneNumberOf(line))) return softphoneNumberOf(line);
    const mine = await findSoftphone(deps.db, userId);
    if (mine) return mine;
  }
  throw new AppError('CONFLICT', 'The sandbox phone network has no free softphone number left');
}

export async function chooseSoftphoneNumber(
  deps: VoiceCallDeps,
  userId: number,
  phoneNumber: string,
): Promise<string> {
  sandboxCarrierOf(deps.telephony);
  if (!(await changeSoftphone(deps.db, userId, phoneNumber))) {
    throw new AppError('CONFLICT', `body.phoneNumber: ${phoneNumber} is someone else's softphone number`);
  }
  return phoneNumber;
}

/** A dialed call the softphone has not yet opened the stream of. */
export interface PendingCall {
  callId: string;
  userId: number;
  from: string;
  to: string;
  /** The media stream's single-use token ('' for an announcement). */
  token: string;
  /** What the network plays on the stream instead of connecting (the not-in-service intercept), if anything. */
  announcement?: string;
  /** The live call this one is a transfer of: its stream is bridged to that caller (sandbox-phone-transfers.ts). */
  transferOf?: string;
  timer: NodeJS.Timeout;
}

/** The softphones' calls in this process: dialed and waiting for their stream, or live. */
export class SoftphoneCalls {
  private readonly pending = new Map<string, PendingCall>();
  private readonly live = new Map<string, { userId: number; hangUp: () => void }>();

  wait(call: Omit<PendingCall, 'timer'>, expired: () => void): void {
    const timer = setTimeout(() => {
      this.pending.delete(call.callId);
      expired();
    }, connectWithinMs);
    timer.unref();
    this.pending.set(call.callId, { ...call, timer });
  }

  /** The person's dialed call, taken for its stream (once). */
  take(userId: number, callId: string): PendingCall | null {
    const call = this.pending.get(callId);
    if (call?.userId !== userId) return null;
    clearTimeout(call.timer);
    this.pending.delete(callId);
    return call;
  }

  connected(callId: string, userId: number, hangUp: () => void): () => void {
    const entry = { userId, hangUp };
    this.live.set(callId, entry);
    return () => {
      if (this.live.get(callId) === entry) this.live.delete(callId);
    };
  }

  /** The person hangs up a call of theirs: 'canceled' before it connected, 'completed' after; null if none. */
  hangUp(userId: number, callId: string): 'canceled' | 'completed' | null {
    const live = this.live.get(callId);
    if (live?.userId === userId) {
      live.hangUp();
      return 'completed';
    }
    return this.take(userId, callId) ? 'canceled' : null;
  }
}

export interface DialedCall {
  callId: string;
  from: string;
  to: string;
  status: 'in-progress' | 'completed';
  announcement: string | null;
}

/**
 * A call from the person's softphone: it enters the same call path as a carrier's call (admitCall), so a call to
 * an agent's number gets its phone_calls row and the agent answers once the softphone opens the stream; a
 * number no agent holds answers with the not-in-service line.
 */
export async function dialFromSoftphone(
  deps: VoiceCallDeps,
  calls: SoftphoneCalls,
  userId: number,
  dialed: string,
): Promise<DialedCall> {
  sandboxCarrierOf(deps.telephony);
  const code = /^\s*\*7([23])\s*(.*)$/.exec(dialed);
  if (code) return forwardingCode(deps, userId, code[1] === '2', code[2] ?? '');
  const to = normalizePhoneNumber(dialed);
  if (!to) throw new AppError('VALIDATION_FAILED', `body.to: ${dialed} is not a phone number`);
  const from = await softphoneNumber(deps, userId);
  if (to === from) throw new AppError('VALIDATION_FAILED', 'body.to: that is your own softphone number');
  const callId = `SBCA${randomBytes(16).toString('hex')}`;
  const admission = await admitCall(deps, 'sandbox', {
    CallSid: callId,
    From: from,
    To: to,
    Direction: 'inbound',
    CallerName: (await callerNameOf(deps.db, userId)) ?? undefined,
  });
  if (admission.kind === 'notInService') {
    // The intercept is heard on the call: the page opens the stream as for any call.
    calls.wait({ callId, userId, from, to, token: '', announcement: notInServiceLine }, () => undefined);
    return { callId, from, to, status: 'in-progress', announcement: notInServiceLine };
  }
  if (admission.kind !== 'connect') return { callId, from, to, status: 'completed', announcement: null };
  calls.wait({ callId, userId, from, to, token: admission.token }, () => {
    void recordCallStatus(deps, 'sandbox', { CallSid: callId, CallStatus: 'canceled' });
  });
  return { callId, from, to, status: 'in-progress', announcement: null };
}

/**
 * The carrier's forwarding codes dialed on the softphone: *72 and a number forwards the softphone number's calls
 * there, *73 stops forwarding. The network confirms with an announcement; no call is placed.
 */
async function forwardingCode(
  deps: VoiceCallDeps,
  userId: number,
  on: boolean,
  target: string,
): Promise<DialedCall> {
  const from = await softphoneNumber(deps, userId);
  const callId = `SBCA${randomBytes(16).toString('hex')}`;
  if (!on) {
    await setSandboxForwardTarget(deps.db, from, null);
    return { callId, from, to: '*73', status: 'completed', announcement: 'Call forwarding is off.' };
  }
  const forwardTo = normalizePhoneNumber(target);
  if (!forwardTo) {
    throw new AppError('VALIDATION_FAILED', `body.to: dial *72 and then the number to forward your calls to`);
  }
  if (forwardTo === from)
    throw new AppError('VALIDATION_FAILED', 'body.to: a number cannot forward to itself');
  await setSandboxForwardTarget(deps.db, from, forwardTo);
  return {
    callId,
    from,
    to: `*72${forwardTo}`,
    status: 'completed',
    announcement: `Calls to ${formatPhoneForDisplay(from)} now forward to ${formatPhoneForDisplay(forwardTo)}. Dial *73 to stop.`,
  };
}

export async function hangUpSoftphoneCall(
  deps: VoiceCallDeps,
  calls: SoftphoneCalls,
  userId: number,
  callId: string,
): Promise<string> {
  sandboxCarrierOf(deps.telephony);
  const status = calls.hangUp(userId, callId);
  if (status === null) throw new AppError('NOT_FOUND', `No call ${callId} is on your softphone`);
  if (status === 'canceled') {
    await recordCallStatus(deps, 'sandbox', { CallSid: callId, CallStatus: 'canceled' });
  }
  return status;
}

/**
 * The person answers a call ringing their softphone (one an agent placed, or transferred to them): a placed call
 * is admitted on the answer webhook's path (outbound, the agent's phone_calls row), a transfer waits to be bridged
 * to its caller; either way the page opens its stream to talk.
 */
export async function answerSoftphoneCall(
  deps: VoiceCallDeps,
  calls: SoftphoneCalls,
  ringer: SoftphoneRinger,
  transfers: SoftphoneTransfers,
  userId: number,
  callId: string,
): Promise<DialedCall> {
  sandboxCarrierOf(deps.telephony);
  const ringing = ringer.answer(userId, callId);
  if (!ringing) throw new AppError('NOT_FOUND', `No call ${callId} is ringing your softphone`);
  const { call, shownFrom, transferOf } = ringing;
  if (transferOf !== null) {
    // A transfer: no agent answers this leg; its stream joins the caller once the agent lets go.
    calls.wait({ callId, userId, from: shownFrom, to: call.to, token: '', transferOf }, () =>
      transfers.hangUp(callId),
    );
    return { callId, from: shownFrom, to: call.to, announcement: null, status: 'in-progress' };
  }
  const admission = await admitCall(deps, 'sandbox', {
    CallSid: callId,
    From: call.from,
    To: call.to,
    Direction: 'outbound-api',
  });
  const answered = { callId, from: shownFrom, to: call.to, announcement: null };
  if (admission.kind !== 'connect') return { ...answered, status: 'completed' };
  calls.wait({ callId, userId, from: shownFrom, to: call.to, token: admission.token }, () => {
    void recordCallStatus(deps, 'sandbox', {
      CallSid: callId,
      CallStatus: 'completed',
      CallDuration: '0',
    }).catch(() => undefined);
  });
  return { ...answered, status: 'in-progress' };
}

/** The person declines a call ringing their softphone: the caller hears busy. */
export function declineSoftphoneCall(
  deps: VoiceCallDeps,
  ringer: SoftphoneRinger,
  userId: number,
  callId: string,
): 'busy' {
  sandboxCarrierOf(deps.telephony);
  if (!ringer.decline(userId, callId)) {
    throw new AppError('NOT_FOUND', `No call ${callId} is ringing your softphone`);
  }
  return 'busy';
}
