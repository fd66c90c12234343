import { normalizePhoneNumber } from '@switchboard/core';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/app-error';
import type { BackgroundWork } from '../../platform/background-work';
import type { Db } from '../../platform/database';
import type { SmsProvider } from '../../providers/sms/types';
import { emptyTwiml, messageTwiml } from '../../providers/telephony/twiml';
import type { AgentRuntimePort } from '../../runtime/port';
import { receiveInboundText } from '../inbox/inbound-text.service';
import { firstDelivery, isOptedOut, setOptOut } from './calls.repo';

export interface CarrierTextDeps {
  db: Db;
  runtime: AgentRuntimePort;
  background: BackgroundWork;
  logger: FastifyBaseLogger;
}

/** The keywords carriers and the CTIA guidelines give texting: opting out, back in, and asking for help. */
const stopWords = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
const startWords = new Set(['START', 'YES', 'UNSTOP', 'OPTIN']);
const helpWords = new Set(['HELP', 'INFO']);

export const helpReply = 'Reply STOP to stop texts from this number, or START to receive them again.';

/**
 * A text from a contact to one of our numbers, as the carrier's messaging webhook delivers it. STOP and its
 * synonyms put the contact on the number's opt-out list (the carrier confirms to them), START takes them off, HELP
 * is answered with how to do either; anything else is an inbound text like any other (receiveInboundText). A
 * MessageSid already received does nothing again.
 */
export async function receiveCarrierText(
  deps: CarrierTextDeps,
  carrier: 'twilio' | 'sandbox',
  form: Record<string, string | undefined>,
): Promise<string> {
  const messageId = form.MessageSid?.trim() ?? '';
  if (messageId === '') throw new AppError('BAD_REQUEST', 'MessageSid is required');
  const to = normalizePhoneNumber(form.To ?? '');
  const from = normalizePhoneNumber(form.From ?? '');
  if (!to) throw new AppError('BAD_REQUEST', 'To must be a phone number');
  if (!from) throw new AppError('BAD_REQUEST', 'From must be a phone number');
  const body = form.Body ?? '';
  if (!(await firstDelivery(deps.db, carrier, `sms:${messageId}`))) return emptyTwiml();

  const keyword = body.trim().toUpperCase();
  if (stopWords.has(keyword)) {
    await setOptOut(deps.db, to, from, true);
    return emptyTwiml();
  }
  if (startWords.has(keyword)) {
    await setOptOut(deps.db, to, from, false);
    return emptyTwiml();
  }
  if (helpWords.has(keyword)) return messageTwiml(helpReply);

  try {
    await receiveInboundText(deps, {
      agent: { to },
      from,
      text: body,
      channel: 'sms',
      fields: { to: 'To', from: 'From' },
    });
  } catch (error) {
    // A number no agent answers any more: the carrier needs no error, the log says what happened.
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      deps.logger.warn({ to }, 'a text arrived for a number no agent holds');
      return emptyTwiml();
    }
    throw error;
  }
  return emptyTwiml();
}

/**
 * Texts sent from an agent's number honour its opt-out list: a contact who replied STOP gets nothing more from
 * that number until they reply START (texts with no sender number, such as sign-in codes, are not the agent's).
 */
export function honourOptOuts(db: Db, sms: SmsProvider): SmsProvider {
  return {
    name: sms.name,
    sandbox: sms.sandbox,
    async send(message) {
      const from = message.from ? normalizePhoneNumber(message.from) : null;
      const to = normalizePhoneNumber(message.to);
      if (from && to && (await isOptedOut(db, from, to))) {
        throw new AppError(
          'CONFLICT',
          `${to} replied STOP to ${from}: no texts go to them from this number until they reply START`,
        );
      }
      return sms.send(message);
    },
  };
}
