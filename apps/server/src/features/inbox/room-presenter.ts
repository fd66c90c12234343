import type { MessageView, RoomView } from '@switchboard/contract';
import { formatPhoneForDisplay } from '@switchboard/core';
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

export function presentMessage(message: Message): MessageView {
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
    timestamp: epochSeconds(message.createdAt),
    date: message.createdAt.toISOString(),
  };
}
