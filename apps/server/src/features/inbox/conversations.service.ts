import type { RoomView } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { findAccount } from '../accounts/accounts.service';
import { routeRoomInbox } from './inbox-routing.service';
import { normalizeContactAddress, type RoomInbox } from './inbox.service';
import { presentMessages, presentRoom } from './room-presenter';
import { clearNotificationRows, clearRoomNotifications, listNotifications } from './inbox-notifications.repo';
import {
  clearUnread,
  countUnreadRooms,
  countUnreadRoomsOfMany,
  listUnreadRooms,
  markRoomUnread,
} from './room-activity.repo';
import {
  findMessages,
  listConversationLogs,
  listMessagesPage,
  listRoomConversations,
  searchMessageRows,
} from './room-messages.repo';
import {
  findContactProfileOwner,
  findRoomRecords,
  findRoomByContactProfile,
  findRoomRecord,
  findRoomRecordByAddress,
  listRoomRecords,
  searchRoomRecords,
  updateRoom,
  type RoomChange,
  type RoomRecord,
  type RoomRef,
  type RoomScope,
} from './room-views.repo';

export type { RoomScope };

export interface ListPaging {
  page: number;
  pageSize: number;
  pagination: boolean;
  unread: boolean;
}

/** The rooms an account's viewers see: an organization's cover all its agent accounts. */
export async function scopeOfAccount(db: Db, accountId: number | null): Promise<RoomScope> {
  const account = accountId === null ? null : await findAccount(db, accountId);
  if (!account || account.deletedAt)
    throw new AppError('NOT_FOUND', 'This session has no account to act for');
  return account.accountType === 'organization' ? { organizationId: account.id } : { accountId: account.id };
}

export async function listInbox(db: Db, scope: RoomScope, inbox: RoomInbox, paging: ListPaging) {
  const { records, total } = await listRoomRecords(db, {
    scope,
    inbox,
    unreadOnly: paging.unread,
    limit: paging.pagination ? paging.pageSize : null,
    offset: paging.pagination ? paging.page * paging.pageSize : 0,
  });
  return {
    success: true as const,
    rooms: records.map(presentRoom),
    totalRooms: total,
    pageSize: paging.pagination ? paging.pageSize : records.length,
    pageNumber: paging.pagination ? paging.page : 0,
  };
}

/** The room, found only in the scope (the route's owner check already ran; this is the second fence). */
export async function loadRoom(db: Db, scope: RoomScope, roomId: string): Promise<RoomRecord> {
  const room = await findRoomRecord(db, scope, roomId);
  if (!room) throw new AppError('NOT_FOUND', 'No room matches roomId');
  return room;
}

/**
 * Messages and rooms by id, each with the account it was announced for (found only in that account), presented,
 * each loaded once (the live updates' batch load).
 */
export async function loadLiveRecords(
  db: Db,
  query: { messages: { accountId: number; id: number }[]; rooms: RoomRef[] },
) {
  const messages = await findMessages(db, query.messages);
  const refs = new Map<string, RoomRef>();
  for (const ref of [...query.rooms, ...messages]) {
    refs.set(`${ref.accountId}|${ref.roomId}`, { accountId: ref.accountId, roomId: ref.roomId });
  }
  const rooms = await findRoomRecords(db, [...refs.values()]);
  return {
    messages: new Map((await presentMessages(db, messages)).map((message) => [message.id, message])),
    rooms: new Map(rooms.map((room) => [room.roomId, presentRoom(room)])),
  };
}

export async function roomDetail(
  db: Db,
  scope: RoomScope,
  roomId: string,
  options: { limit: number; before: number | null },
) {
  const room = await loadRoom(db, scope, roomId);
  const { accountId } = room;
  const page = await listMessagesPage(db, {
    accountId,
    roomId,
    before: options.before,
    limit: options.limit + 1,
  });
  const hasMore = page.length > options.limit;
  const messages = page.slice(0, options.limit).reverse();
  const conversations = await listRoomConversations(db, { accountId, roomId });
  const logs = await listConversationLogs(
    db,
    room.accountId,
    roomId,
    conversations.map((c) => c.uuid),
  );
  const logOf = new Map(logs.map(({ uuid, ...log }) => [uuid, log]));
  return {
    success: true as const,
    room: presentRoom(room),
    messages: await presentMessages(db, messages),
    conversations: conversations.map((c) => ({
      uuid: c.uuid,
      channel: c.channel,
      startedAt: c.startedAt.toISOString(),
      log: logOf.get(c.uuid) ?? null,
    })),
    hasMore,
  };
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One conversation of a room: its messages (a call's transcript) and its log row, as a one-item array. */
export async function conversationRecord(db: Db, scope: RoomScope, roomId: string, uuid: string) {
  const room = await loadRoom(db, scope, roomId);
  const messages = uuidShape.test(uuid)
    ? (
        await listMessagesPage(db, {
          accountId: room.accountId,
          roomId,
          before: null,
          limit: 2000,
          conversationUuid: uuid,
        })
      ).reverse()
    : [];
  const [log] = await listConversationLogs(db, room.accountId, roomId, [uuid]);
  if (messages.length === 0 && !log) throw new AppError('NOT_FOUND', 'Failed to fetch convo');
  const { uuid: _logUuid, ...logFields } = log ?? { uuid };
  return [
    {
      success: true as const,
      message: 'Conversation found',
      roomId,
      uuid,
      conversation: await presentMessages(db, messages),
      log: log ? (logFields as Omit<typeof log, 'uuid'>) : null,
    },
  ];
}

async function changeRoom(db: Db, scope: RoomScope, roomId: string, change: RoomChange): Promise<RoomView> {
  const { accountId } = await loadRoom(db, scope, roomId);
  await updateRoom(db, { accountId, roomId }, change);
  const routed = await routeRoomInbox(db, { accountId, roomId });
  if (!routed) throw new AppError('NOT_FOUND', 'No room matches roomId');
  return presentRoom(routed);
}

export const closeRoom = (db: Db, scope: RoomScope, roomId: string) =>
  changeRoom(db, scope, roomId, { closedAt: new Date() });

export const unarchiveRoom = (db: Db, scope: RoomScope, roomId: string) =>
  changeRoom(db, scope, roomId, { closedAt: null });

export const rateRoom = (db: Db, scope: RoomScope, roomId: string, rating: number | null) =>
  changeRoom(db, scope, roomId, { rating });

export const reactToRoom = (db: Db, scope: RoomScope, roomId: string, reaction: string | null) =>
  changeRoom(db, scope, roomId, { reaction });

export const switchAiAgent = (db: Db, scope: RoomScope, roomId: string, enabled: boolean) =>
  changeRoom(db, scope, roomId, { aiAgentEnabled: enabled });

/** A person moves the room to an inbox (it sticks), or hands it back to automatic routing with null. */
export async function moveRoom(db: Db, scope: RoomScope, roomId: string, inbox: RoomInbox | null) {
  return changeRoom(
    db,
    scope,
    roomId,
    inbox === null ? { inboxPinned: false } : { inbox, inboxPinned: true },
  );
}

/** Blocks or unblocks the contact with this address in the acting account's rooms (toggles without `blocked`). */
export async function toggleBlock(db: Db, accountId: number, address: string, blocked: boolean | undefined) {
  const room = await findRoomRecordByAddress(db, accountId, normalizeContactAddress(address));
  if (!room) throw new AppError('NOT_FOUND', 'No conversation of this account matches body.targetUsername');
  const next = blocked ?? !room.blocked;
  const view = await changeRoom(db, { accountId }, room.roomId, { blocked: next });
  return { success: true as const, blocked: next, room: view };
}

/** The account that owns a contact profile (the other party of one of its rooms), or null. */
export async function contactProfileOwner(db: Db, contactProfileId: number): Promise<number | null> {
  return findContactProfileOwner(db, contactProfileId);
}

/** Rooms and messages of the scope matching any of the ILIKE patterns (the contacts area's search). */
export async function searchConversations(
  db: Db,
  scope: RoomScope,
  query: { roomPatterns: string[]; messagePatterns: string[]; limit: number },
) {
  const rooms = query.roomPatterns.length
    ? await searchRoomRecords(db, scope, query.roomPatterns, query.limit)
    : [];
  const messages = query.messagePatterns.length
    ? await searchMessageRows(db, scope, query.messagePatterns, query.limit)
    : [];
  return { rooms: rooms.map(presentRoom), messages: await presentMessages(db, messages) };
}

/** Whether the account blocked the contact profile of one of its rooms. */
export async function blockState(db: Db, accountId: number | null, contactProfileId: number) {
  const room = accountId === null ? null : await findRoomByContactProfile(db, accountId, contactProfileId);
  if (!room) throw new AppError('NOT_FOUND', 'No contact matches params.userId');
  return { success: true as const, blocked: room.blocked };
}

export async function markUnread(db: Db, scope: RoomScope, roomId: string): Promise<RoomView> {
  const { accountId } = await loadRoom(db, scope, roomId);
  await markRoomUnread(db, { accountId, roomId });
  return presentRoom(await loadRoom(db, scope, roomId));
}

export async function inboxActivity(db: Db, scope: RoomScope, inbox: RoomInbox, simple: boolean) {
  const counts = await countUnreadRooms(db, scope);
  return {
    success: true as const,
    count: counts[inbox],
    rooms: simple ? [] : await listUnreadRooms(db, { scope, inbox, limit: 100 }),
  };
}

/** Clears the unread activity of one room (a person opened it: its notifications go too) or of the whole inbox. */
export async function clearActivity(
  db: Db,
  scope: RoomScope,
  inbox: RoomInbox,
  roomId: string | null,
): Promise<number> {
  if (roomId !== null) {
    const room = await loadRoom(db, scope, roomId);
    await clearRoomNotifications(db, { accountId: room.accountId, roomId });
    return clearUnread(db, { scope, inbox: room.inbox, roomId });
  }
  return clearUnread(db, { scope, inbox, roomId: null });
}

export async function unreadCounts(db: Db, scope: RoomScope) {
  return countUnreadRooms(db, scope);
}

/** Unread counts per inbox of many accounts and organizations at once (the live updates' batch). */
export async function unreadCountsOfMany(
  db: Db,
  query: { accountIds: readonly number[]; organizationIds: readonly number[] },
) {
  return countUnreadRoomsOfMany(db, query);
}

export async function notificationsOf(db: Db, scope: RoomScope) {
  const rows = await listNotifications(db, scope, 100);
  return {
    success: true as const,
    notifications: rows.map(({ createdAt, ...row }) => ({ ...row, date: createdAt.toISOString() })),
    count: rows.length,
  };
}

export async function clearNotifications(db: Db, scope: RoomScope, id: number | null) {
  return { success: true as const, cleared: await clearNotificationRows(db, scope, id) };
}
