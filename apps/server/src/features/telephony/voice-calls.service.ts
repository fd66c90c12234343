import { createHash, randomBytes } from 'node:crypto';
import { normalizePhoneNumber } from '@switchboard/core';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { connectStreamTwiml, hangUpTwiml, sayAndHangUpTwiml } from '../../providers/telephony/twiml';
import type { TelephonyProvider } from '../../providers/telephony/types';
import type { StreamCall, StreamStart } from '../../runtime/channels/twilio-media-stream';
import { findAgentIdByNumber } from '../inbox/inbox.service';
import { recordTaskAnswer, taskOfCall } from '../tasks/dialer-calls';
import { forwardingCheckCall } from '../phone-numbers/forwarding.service';
import {
  advanceCallStatus,
  contactNameOf,
  findCall,
  firstDelivery,
  insertCall,
  takeStreamToken,
  updateCall,
} from './calls.repo';

export interface VoiceCallDeps {
  db: Db;
  telephony: TelephonyProvider;
  publicUrl: string;
}

/** The form fields of a carrier's voice and status webhooks that we read. */
export type CallWebhook = Record<string, string | undefined>;

export const notInServiceLine = 'The number you have called is not in service. Goodbye.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function required(form: CallWebhook, field: string): string {
  const value = form[field]?.trim() ?? '';
  if (value === '') throw new AppError('BAD_REQUEST', `${field} is required`);
  return value;
}

function phone(form: CallWebhook, field: string): string {
  const value = required(form, field);
  const number = normalizePhoneNumber(value);
  if (!number) throw new AppError('BAD_REQUEST', `${field} must be a phone number`);
  return number;
}

/** The media stream's address: the public URL with the WebSocket scheme. */
export function streamUrlOf(publicUrl: string): string {
  return `${publicUrl.replace(/^http/, 'ws')}/api/twilio/stream`;
}

/** What the network does with a call that reached us: connect it to a media stream, or not. */
export type CallAdmission =
  | { kind: 'connect'; callId: string; accountId: number; token: string }
  | { kind: 'notInService' }
  /** A request already acted on, or the test call of a forwarding check (which only needed to arrive). */
  | { kind: 'replayed' }
  | { kind: 'forwardingCheck' };

/** The carriers whose calls enter here: Twilio's voice webhook and the sandbox phone network. */
export type CallCarrier = 'twilio' | 'sandbox';

/**
 * A call reached one of our numbers (inbound), or a call we placed was answered (outbound): the same path for
 * every carrier. The call gets a phone_calls row and a single-use token its media stream must present; a number
 * no agent holds is not in service; a replayed request for a call already answered is refused.
 */
export async function admitCall(
  deps: VoiceCallDeps,
  carrier: CallCarrier,
  form: CallWebhook,
): Promise<CallAdmission> {
  const callId = required(form, 'CallSid');
  const from = phone(form, 'From');
  const to = phone(form, 'To');
  const direction = (form.Direction ?? 'inbound').startsWith('outbound') ? 'outbound' : 'inbound';
  if (!(await firstDelivery(deps.db, carrier, `voice:${callId}`))) return { kind: 'replayed' };
  if (await forwardingCheckCall(deps.db, { callId, from, to })) return { kind: 'forwardingCheck' };

  let accountId: number | null;
  if (direction === 'inbound') {
    accountId = await findAgentIdByNumber(deps.db, to);
  } else {
    accountId = (await findCall(deps.db, callId))?.accountId ?? null;
  }
  if (accountId === null) return { kind: 'notInService' };

  const token = randomBytes(24).toString('base64url');
  const existing = direction === 'outbound' ? await findCall(deps.db, callId) : null;
  if (existing) {
    await updateCall(deps.db, callId, { status: 'in-progress', streamTokenHash: hashToken(token) });
  } else {
    await insertCall(deps.db, {
      callId,
      carrier,
      accountId,
      direction,
      fromNumber: from,
      toNumber: to,
      callerName: form.CallerName?.trim() ? form.CallerName.trim() : null,
      status: 'in-progress',
      streamTokenHash: hashToken(token),
    });
  }
  return { kind: 'connect', callId, accountId, token };
}

/** The voice webhook: the call's admission as TwiML (a media stream, the not-in-service line, or a hang-up). */
export async function answerCall(deps: VoiceCallDeps, carrier: 'twilio', form: CallWebhook): Promise<string> {
  const admission = await admitCall(deps, carrier, form);
  if (admission.kind === 'replayed' || admission.kind === 'forwardingCheck') return hangUpTwiml();
  if (admission.kind === 'notInService') return sayAndHangUpTwiml(notInServiceLine);
  return connectStreamTwiml(streamUrlOf(deps.publicUrl), { callToken: admission.token });
}

/** The statuses a call ends in, as Twilio names them. */
const finalCallStatuses = new Set(['completed', 'busy', 'no-answer', 'failed', 'canceled']);

/** A call status callback: the latest status of a call of ours (ringing, in-progress, completed, …), once each. */
export async function recordCallStatus(
  deps: VoiceCallDeps,
  carrier: CallCarrier,
  form: CallWebhook,
): Promise<void> {
  const callId = required(form, 'CallSid');
  const status = required(form, 'CallStatus');
  const call = await findCall(deps.db, callId);
  // A status for a call not recorded yet is not taken as delivered, so its retry can still apply.
  if (!call) return;
  // Callbacks can arrive out of order: a call that ended never goes back to ringing or in progress.
  if (finalCallStatuses.has(call.status) && !finalCallStatuses.has(status)) return;
  if (!(await firstDelivery(deps.db, carrier, `status:${callId}:${status}`))) return;
  const duration = Number(form.CallDuration);
  await advanceCallStatus(
    deps.db,
    callId,
    status,
    [...finalCallStatuses],
    Number.isInteger(duration) && duration >= 0 ? duration : null,
  );
}

/**
 * Who is on the call a media stream belongs to: the stream must name a call of ours with the token its voice
 * webhook handed out, which it uses up. The agent's transfer and hang-up are carried out at the carrier.
 */
export async function resolveStream(deps: VoiceCallDeps, start: StreamStart): Promise<StreamCall | null> {
  const token = start.customParameters.callToken ?? '';
  if (start.callSid === '' || token === '') return null;
  const call = await takeStreamToken(deps.db, start.callSid, hashToken(token));
  if (!call) return null;
  const contactPhone = call.direction === 'inbound' ? call.fromNumber : call.toNumber;
  const task = call.direction === 'outbound' ? await taskOfCall(deps.db, call.callId) : null;
  const { telephony } = deps;
  return {
    agentAccountId: call.accountId,
    direction: call.direction,
    contactPhone,
    contactName: (await contactNameOf(deps.db, call.accountId, contactPhone)) ?? call.callerName,
    phoneCall: { callId: call.callId, fromNumber: call.fromNumber, toNumber: call.toNumber },
    ...(task ? { task } : {}),
    call: {
      transfer: (destination) => telephony.transferCall(call.callId, destination, contactPhone),
      // The caller's own hang-up has already ended the call at the carrier.
      hangUp: (reason) => (reason === 'caller' ? Promise.resolve() : telephony.hangUp(call.callId)),
      ...(telephony.sendDigits
        ? { sendDigits: (digits: string) => telephony.sendDigits?.(call.callId, digits) ?? Promise.resolve() }
        : {}),
    },
    // Who picked up an outbound call: kept on the call and on the task's try.
    onAnswered: async (answer) => {
      await updateCall(deps.db, call.callId, { answeredBy: answer.answeredBy });
      await recordTaskAnswer(deps.db, call.callId, answer);
    },
  };
}
