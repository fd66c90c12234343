import type { Db } from '../../platform/database';
import { AppError } from '../../platform/app-error';
import type { MaybeReceipt, OutgoingSms, SmsProvider } from '../../providers/sms/types';
import { firstDelivery } from './calls.repo';
import {
  findCarrierErrors,
  findDelivery,
  recordDelivery,
  updateDelivery,
  type MessageRow,
  type TextStatus,
} from './text-delivery.repo';

/** A carrier's message status in the four the inbox shows (Twilio: accepted, queued, sending, sent, …). */
export function textStatusOf(carrierStatus: string): TextStatus {
  const status = carrierStatus.trim().toLowerCase();
  if (status === 'delivered' || status === 'read') return 'delivered';
  if (status === 'sent') return 'sent';
  if (status === 'failed' || status === 'undelivered' || status === 'canceled') return 'failed';
  return 'queued';
}

/** How far along each status is: a late callback never moves a text back (sent after delivered). */
const progress: Record<MessageRow['status'], number> = {
  received: 0,
  queued: 1,
  sent: 2,
  delivered: 3,
  failed: 4,
};

/** Twilio's messaging error codes people meet most, in their words; others keep the code. */
const carrierErrors: Record<string, string> = {
  '21610': 'the recipient replied STOP to this number',
  '21211': 'the number is not a valid phone number',
  '21614': 'the number cannot receive texts',
  '30003': 'the phone is unreachable or switched off',
  '30004': 'the recipient blocked texts from this number',
  '30005': 'the number does not exist or is no longer in service',
  '30006': 'the number is a landline or cannot receive texts',
  '30007': 'the carrier filtered the text as spam',
  '30008': 'the carrier could not deliver it (unknown error)',
};

const errorText = (code: string | null) =>
  code === null
    ? 'the carrier could not deliver it'
    : `${carrierErrors[code] ?? 'the carrier could not deliver it'} (error ${code})`;

/**
 * Sends an outgoing text that is already stored as a message (status queued) and tracks it: the carrier's receipt
 * gives its id and first status; a refusal (an opted-out contact, a carrier error) marks it failed with the
 * reason. Answers the message as it now stands.
 */
export async function sendTrackedText(
  deps: { db: Db; sms: SmsProvider },
  message: MessageRow,
  sms: OutgoingSms,
): Promise<MessageRow> {
  let receipt: MaybeReceipt;
  try {
    receipt = await deps.sms.send(sms);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return (
      (await recordDelivery(deps.db, {
        messageId: message.id,
        accountId: message.accountId,
        carrier: deps.sms.name,
        carrierMessageId: `refused:${message.id}`,
        status: 'failed',
        errorCode: error instanceof AppError ? error.code : null,
        errorMessage: reason,
      })) ?? message
    );
  }
  return (await trackSentText(deps.db, deps.sms.name, message, receipt)) ?? message;
}

/** Records a text the carrier took for a stored message (its receipt's id and status). */
export async function trackSentText(
  db: Db,
  carrier: string,
  message: MessageRow,
  receipt: MaybeReceipt,
): Promise<MessageRow | null> {
  if (!receipt)
    return recordDelivery(db, {
      messageId: message.id,
      accountId: message.accountId,
      carrier,
      carrierMessageId: `untracked:${message.id}`,
      status: 'sent',
    });
  return recordDelivery(db, {
    messageId: message.id,
    accountId: message.accountId,
    carrier,
    carrierMessageId: receipt.messageId,
    status: textStatusOf(receipt.status),
  });
}

/**
 * A text status callback (Twilio's message StatusCallback): the message moves on to the status reported, never
 * back; a failed text keeps the carrier's error. Each MessageSid and status is acted on once.
 */
export async function recordTextStatus(
  db: Db,
  carrier: 'twilio',
  form: Record<string, string | undefined>,
): Promise<void> {
  const messageId = form.MessageSid?.trim() ?? form.SmsSid?.trim() ?? '';
  if (messageId === '') throw new AppError('BAD_REQUEST', 'MessageSid is required');
  const reported = (form.MessageStatus ?? form.SmsStatus ?? '').trim();
  if (reported === '') throw new AppError('BAD_REQUEST', 'MessageStatus is required');
  if (!(await firstDelivery(db, carrier, `sms-status:${messageId}:${reported.toLowerCase()}`))) return;
  const delivery = await findDelivery(db, carrier, messageId);
  if (!delivery) return;
  const status = textStatusOf(reported);
  if (progress[status] <= progress[delivery.status]) return;
  const code = form.ErrorCode?.trim() ? form.ErrorCode.trim() : null;
  await updateDelivery(db, delivery.messageId, {
    status,
    errorCode: status === 'failed' ? code : null,
    errorMessage: status === 'failed' ? errorText(code) : null,
  });
}

/** Why each failed text among these messages was not delivered, as the carrier said (its code and a sentence). */
export async function carrierErrorsOf(
  db: Db,
  messages: readonly { id: number; status: MessageRow['status'] }[],
): Promise<Map<number, { code: string | null; message: string }>> {
  return findCarrierErrors(
    db,
    messages.filter((message) => message.status === 'failed').map((message) => message.id),
  );
}
