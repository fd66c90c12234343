import { randomBytes } from 'node:crypto';
import { normalizePhoneNumber } from '@switchboard/core';
import { AppError } from '../../platform/app-error';
import type { TelephonyProvider } from '../../providers/telephony/types';
import { helpReply, receiveCarrierText, type CarrierTextDeps } from './carrier-texts.service';
import { sandboxCarrierOf, softphoneNumber } from './sandbox-phone.service';
import { recordCarriedText, textsOfNumber } from './softphone-texts.repo';

export interface SoftphoneTextDeps extends CarrierTextDeps {
  telephony: TelephonyProvider;
  publicUrl: string;
}

export interface SoftphoneText {
  id: number;
  direction: 'sent' | 'received';
  from: string | null;
  to: string;
  text: string;
  createdAt: string;
}

const historyLength = 200;

function viewOf(
  mine: string,
  row: { id: number; from: string | null; to: string; text: string; createdAt: Date },
): SoftphoneText {
  return {
    id: row.id,
    direction: row.from === mine ? 'sent' : 'received',
    from: row.from,
    to: row.to,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The person's softphone texts: what the sandbox network carried from or to their softphone number (its outbox,
 * where the sandbox carrier's sendText records every text), newest first. Only their own number's.
 */
export async function softphoneTexts(
  deps: SoftphoneTextDeps,
  userId: number,
): Promise<{ phoneNumber: string; items: SoftphoneText[] }> {
  sandboxCarrierOf(deps.telephony);
  const mine = await softphoneNumber(deps, userId);
  const rows = await textsOfNumber(deps.db, mine, historyLength);
  return { phoneNumber: mine, items: rows.map((row) => viewOf(mine, row)) };
}

/**
 * A text from the person's softphone: it enters the carrier's messaging path (receiveCarrierText, as the Twilio
 * webhook's texts do), so STOP/START/HELP are the carrier's keywords and anything else reaches the agent holding
 * the number, whose reply the sandbox carrier delivers back to the softphone. The carrier's HELP answer arrives as
 * a text from the number texted.
 */
export async function sendSoftphoneText(
  deps: SoftphoneTextDeps,
  userId: number,
  dialed: string,
  text: string,
): Promise<SoftphoneText> {
  sandboxCarrierOf(deps.telephony);
  const to = normalizePhoneNumber(dialed);
  if (!to) throw new AppError('VALIDATION_FAILED', `body.to: ${dialed} is not a phone number`);
  const from = await softphoneNumber(deps, userId);
  if (to === from) throw new AppError('VALIDATION_FAILED', 'body.to: that is your own softphone number');
  const row = await recordCarriedText(deps.db, from, to, text);
  const messageId = `SBSM${randomBytes(16).toString('hex')}`;
  const answer = await receiveCarrierText(deps, 'sandbox', {
    MessageSid: messageId,
    From: from,
    To: to,
    Body: text,
  });
  if (answer.includes('<Message>')) {
    await deps.telephony.sendText({ from: to, to: from, text: helpReply });
  }
  return viewOf(from, row);
}
