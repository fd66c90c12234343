import type { MessageView, RoomView } from '@switchboard/contract';
import { formatPhoneForDisplay } from '@switchboard/core';
import type { Db } from '../../platform/database';
import { carrierErrorsOf } from '../telephony/text-delivery.service';
import type { Message } from './inbox.repo';
import type { RoomRecord } from './room-views.repo';

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A room as every inbox call answers it. */
export function presentRoom(record: RoomRecord): RoomView {
  const address = record.contactAddress.startsWith('+')
    ? formatPhoneForDisplay(record.contactAddress)
    : record.contactAddress;
  const name =
    [record.savedContactName, record.contactName].map((text) => text?.trim() ?? '').find(Boolean) ?? address;
  return {
    roomId: record.roomId,
    room: record.roomId,
    accountId: record.accountId,
    id: record.contactProfileId,
    username: record.contactAddress,
    name,
    contact: record.contactId === null ? null : { id: record.contactId, name: record.savedContactName },
    callerName: record.contactName,
    channel: record.channel,
    inbox: record.inbox,
    inboxPinned: record.inboxPinned,
    lastMessage: record.lastMessage,
    lastMessageTimestamp: record.lastMessageAt ? epochSeconds(record.lastMessageAt) : null,
    unread: record.unreadCount,
    uuid: record.currentUuid,
    isAgent: record.lastAuthor === 'agent',
    aiAgentEnabled: record.aiAgentEnabled,
    rating: record.rating,
    reaction: record.reaction,
    blocked: record.blocked,
    spam: record.spam,
    attention: record.attention,
    closed: record.closedAt !== null,
    unregistered: true,
    createdAt: record.createdAt.toISOString(),
  };
}

/** A message as the inbox shows it; a failed text carries the carrier's error when one was recorded. */
export function presentMessage(
  message: Message,
  carrierError: MessageView['carrierError'] = null,
): MessageView {
  return {
    id: message.id,
    roomId: message.roomId,
    uuid: message.conversationUuid,
    message: message.text,
    direction: message.direction,
    source: message.channel,
    author: message.author,
    authorUserId: message.authorUserId,
    attachments: message.media,
    status: message.status,
    carrierError: message.status === 'failed' ? carrierError : null,
    timestamp: epochSeconds(message.createdAt),
    date: message.createdAt.toISOString(),
  };
}

/** Messages presented together, each failed text with the carrier's error (one lookup for all of them). */
export async function presentMessages(db: Db, messages: readonly Message[]): Promise<MessageView[]> {
  const errors = await carrierErrorsOf(db, messages);
  return messages.map((message) => presentMessage(message, errors.get(message.id) ?? null));
}
