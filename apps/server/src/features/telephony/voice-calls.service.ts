import { createHash, randomBytes } from 'node:crypto';
import { normalizePhoneNumber } from '@switchboard/core';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { connectStreamTwiml, hangUpTwiml, sayAndHangUpTwiml } from '../../providers/telephony/twiml';
import type { TelephonyProvider } from '../../providers/telephony/types';
import type { StreamCall, StreamStart } from '../../runtime/channels/twilio-media-stream';
import { findAgentIdByNumber } from '../inbox/inbox.service';
import { findCall, firstDelivery, insertCall, takeStreamToken, updateCall } from './calls.repo';

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

/**
 * The voice webhook: a call reached one of our numbers (inbound), or a call we placed was answered (outbound).
 * The call is connected to a media stream that must present a single-use token; a number no agent holds hears a
 * short line and the call ends; a replayed webhook for a call already answered only hangs up.
 */
export async function answerCall(deps: VoiceCallDeps, carrier: 'twilio', form: CallWebhook): Promise<string> {
  const callId = required(form, 'CallSid');
  const from = phone(form, 'From');
  const to = phone(form, 'To');
  const direction = (form.Direction ?? 'inbound').startsWith('outbound') ? 'outbound' : 'inbound';
  if (!(await firstDelivery(deps.db, carrier, `voice:${callId}`))) return hangUpTwiml();

  let accountId: number | null;
  if (direction === 'inbound') {
    accountId = await findAgentIdByNumber(deps.db, to);
  } else {
    accountId = (await findCall(deps.db, callId))?.accountId ?? null;
  }
  if (accountId === null) return sayAndHangUpTwiml(notInServiceLine);

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
  return connectStreamTwiml(streamUrlOf(deps.publicUrl), { callToken: token });
}

/** A call status callback: the latest status of a call of ours (ringing, in-progress, completed, …), once each. */
export async function recordCallStatus(
  deps: VoiceCallDeps,
  carrier: 'twilio',
  form: CallWebhook,
): Promise<void> {
  const callId = required(form, 'CallSid');
  const status = required(form, 'CallStatus');
  if (!(await firstDelivery(deps.db, carrier, `status:${callId}:${status}`))) return;
  if (!(await findCall(deps.db, callId))) return;
  const duration = Number(form.CallDuration);
  await updateCall(deps.db, callId, {
    status,
    ...(Number.isInteger(duration) && duration >= 0 ? { durationSeconds: duration } : {}),
  });
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
  return {
    agentAccountId: call.accountId,
    direction: call.direction,
    contactPhone,
    contactName: call.callerName,
    call: {
      transfer: (destination) => deps.telephony.transferCall(call.callId, destination, contactPhone),
      // The caller's own hang-up has already ended the call at the carrier.
      hangUp: (reason) => (reason === 'caller' ? Promise.resolve() : deps.telephony.hangUp(call.callId)),
    },
  };
}
