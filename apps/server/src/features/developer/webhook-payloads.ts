import type { WebhookEventType } from '@switchboard/contract';
import type { Db } from '../../platform/database';
import { presentTask } from '../tasks/tasks.service';
import {
  findConversationLogForEvent,
  findFirstMessageOfConversation,
  findMessageForEvent,
  findTaskForEvent,
  findTransferForEvent,
  type WebhookEventRow,
} from './webhooks.repo';

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

type LogRow = NonNullable<Awaited<ReturnType<typeof findConversationLogForEvent>>>;

function conversationOf(log: LogRow) {
  return {
    uuid: log.uuid,
    accountId: log.accountId,
    accountName: log.accountName,
    roomId: log.roomId,
    channel: log.channel,
    direction: log.direction,
    fromNumber: log.fromNumber,
    toNumber: log.toNumber,
    callId: log.callId,
    startedAt: epoch(log.timestamp),
    duration: log.duration,
    endedReason: log.endedReason,
    transfer: log.transfer,
    appointmentBooked: log.appointmentBooked,
    collectedData: log.collectedData,
    transcript: log.transcript,
    isTest: log.isTest,
  };
}

/** The summary the agent collected, else the contact's first words (as the call logs show it), 200 characters. */
function summaryOf(log: LogRow): string {
  const collected = log.collectedData.summary;
  if (typeof collected === 'string' && collected.trim()) return collected.trim().slice(0, 200);
  const said = log.transcript.find((entry) => entry.role === 'contact')?.text.trim() ?? '';
  return said.slice(0, 200);
}

type MessageRow = NonNullable<Awaited<ReturnType<typeof findMessageForEvent>>>;

const messageOf = ({ message, contactAddress, contactName }: MessageRow) => ({
  id: message.id,
  roomId: message.roomId,
  accountId: message.accountId,
  conversationUuid: message.conversationUuid,
  channel: message.channel,
  direction: message.direction,
  from: contactAddress,
  contactName,
  text: message.text,
  media: message.media,
  createdAt: epoch(message.createdAt),
});

/**
 * The `data` of an event, read from the record it is about when first delivered. Null when that record is gone
 * (the delivery then fails with that reason rather than sending an empty event).
 */
export async function buildEventData(
  db: Db,
  event: WebhookEventRow,
): Promise<Record<string, unknown> | null> {
  const type = event.type as WebhookEventType;
  switch (type) {
    case 'conversation.ended':
    case 'call.ended': {
      const log = await findConversationLogForEvent(db, Number(event.sourceId));
      if (!log) return null;
      return type === 'call.ended'
        ? { conversation: conversationOf(log), summary: summaryOf(log) }
        : { conversation: conversationOf(log) };
    }
    case 'conversation.started': {
      const first = await findFirstMessageOfConversation(db, event.sourceId);
      if (!first) return null;
      return {
        conversation: {
          uuid: event.sourceId,
          accountId: first.message.accountId,
          roomId: first.message.roomId,
          channel: first.message.channel,
          direction: first.message.direction,
          contact: first.contactAddress,
          contactName: first.contactName,
          startedAt: epoch(first.message.createdAt),
        },
      };
    }
    case 'message.received': {
      const row = await findMessageForEvent(db, Number(event.sourceId));
      return row ? { message: messageOf(row) } : null;
    }
    case 'task.finished': {
      const task = await findTaskForEvent(db, Number(event.sourceId.split(':')[0]));
      return task ? { task: presentTask(task) } : null;
    }
    case 'payment.received': {
      const row = await findTransferForEvent(db, event.sourceId);
      if (!row) return null;
      // Ledger units are nano-dollars; a payment is reported in whole cents, as money is everywhere else.
      return {
        payment: {
          id: row.transfer.id,
          accountId: row.accountId,
          kind: row.transfer.kind,
          amountCents: Number(row.transfer.amount / 10_000_000n),
          currency: 'usd',
          reason: row.transfer.reason,
          createdAt: epoch(row.transfer.createdAt),
        },
      };
    }
    default:
      return null;
  }
}

/** The JSON body of a delivery: the same bytes for every try and replay of the event. */
export function eventBody(event: WebhookEventRow, data: Record<string, unknown>): string {
  return JSON.stringify({
    id: `evt_${event.id}`,
    type: event.type,
    createdAt: epoch(event.createdAt),
    accountId: event.accountId,
    data,
  });
}
