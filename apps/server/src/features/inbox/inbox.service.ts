import { randomUUID } from 'node:crypto';
import { normalizeEmail, normalizePhoneNumber } from '@switchboard/core';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { notifyPeople, routeAfterContactMessage, routeRoomInbox, routeRooms } from './inbox-routing.service';
import { hasKnownContact, listRoomsWithAddress, type OwnedRoomRef } from './room-views.repo';
import {
  findAccountOrganization,
  findRoomByContact,
  findRoomOwner,
  appendMessageToRoom,
  insertMessageAndTouchRoom,
  insertRoomIfMissing,
  listMessagesOfRoom,
  nextPrincipalId,
  reopenRoom,
  updateAccountRoom,
} from './inbox.repo';
import type { Channel, Message, OpenedRoom, Room, RoomInbox } from './inbox.types';

export type { Channel, Message, OpenedRoom, Room, RoomInbox };
/** The agent account that holds a number (E.164), if any: how calls and texts to a number find their agent. */
export { findAgentIdByNumber } from './inbox.repo';

const maxMessagesPerPage = 1000;
const roomInboxes = ['priority', 'agent'] as const satisfies readonly RoomInbox[];

/** One contact, one room: phone numbers in E.164, email addresses lowercase, anything else trimmed. */
export function normalizeContactAddress(address: string): string {
  const trimmed = address.trim();
  if (trimmed === '') throw new AppError('BAD_REQUEST', 'A contact address is required.');
  return normalizePhoneNumber(trimmed) ?? normalizeEmail(trimmed) ?? trimmed;
}

/**
 * The room of an agent account and a contact, created when missing (safe when several callers open it at once).
 * A closed room reopens; the room gets a fresh conversation uuid when it has none or `newConversation` is set.
 */
export async function openRoom(
  db: Db,
  input: {
    accountId: number;
    contactAddress: string;
    contactName?: string | null | undefined;
    // Rooms hold no channel column; the channel travels on each message.
    channel: Channel;
    newConversation?: boolean | undefined;
  },
): Promise<OpenedRoom> {
  const contactAddress = normalizeContactAddress(input.contactAddress);
  const contactName = input.contactName?.trim() ? input.contactName.trim() : null;
  const replace = input.newConversation === true;
  let room = await findRoomByContact(db, input.accountId, contactAddress);
  let created = false;
  if (!room) {
    const account = await findAccountOrganization(db, input.accountId);
    if (!account) throw new AppError('NOT_FOUND', 'Account not found.');
    const contactProfileId = await nextPrincipalId(db);
    room = await insertRoomIfMissing(db, {
      roomId: `${input.accountId}:${contactProfileId}`,
      accountId: input.accountId,
      organizationId: account.organizationId,
      contactProfileId,
      contactAddress,
      channel: input.channel,
      contactName,
      currentUuid: randomUUID(),
    });
    created = room !== null;
    room ??= await findRoomByContact(db, input.accountId, contactAddress);
    if (!room) throw new AppError('INTERNAL', 'The room could not be opened.');
  }
  const needsWrite =
    !created &&
    (replace ||
      room.closedAt !== null ||
      room.currentUuid === null ||
      (contactName !== null && contactName !== room.contactName));
  if (needsWrite) {
    room = await reopenRoom(
      db,
      { accountId: input.accountId, roomId: room.roomId },
      { freshUuid: randomUUID(), replace, contactName },
    );
    if (!room) throw new AppError('INTERNAL', 'The room could not be opened.');
  }
  // A new room, or a caller's name learned now, may be one a person should look at.
  if (created || (needsWrite && contactName !== null)) {
    const routed = await routeRoomInbox(db, { accountId: input.accountId, roomId: room.roomId });
    if (routed) room = { ...room, inbox: routed.inbox };
  }
  if (room.currentUuid === null) throw new AppError('INTERNAL', 'The room has no current conversation.');
  return { ...room, conversationUuid: room.currentUuid };
}

/**
 * Stores a message in the agent account's room and, in the same transaction, the room's preview and unread count
 * (+1 only for what the contact sends). A room of another account is not found.
 */
export async function appendMessage(
  db: Db,
  input: {
    accountId: number;
    roomId: string;
    conversationUuid: string | null;
    direction: Message['direction'];
    channel: Channel;
    author: Message['author'];
    authorUserId?: number | null | undefined;
    text: string;
    media?: Message['media'] | undefined;
    status?: Message['status'] | undefined;
  },
): Promise<Message> {
  const media = input.media ?? [];
  const preview = input.text === '' && media.length > 0 ? '[media]' : input.text;
  const stored = await insertMessageAndTouchRoom(
    db,
    input.accountId,
    {
      roomId: input.roomId,
      conversationUuid: input.conversationUuid,
      direction: input.direction,
      channel: input.channel,
      author: input.author,
      authorUserId: input.authorUserId ?? null,
      text: input.text,
      media,
      ...(input.status ? { status: input.status } : {}),
    },
    { preview, countsAsUnread: input.direction === 'inbound' && input.author === 'contact' },
  );
  if (!stored) throw new AppError('NOT_FOUND', 'Room not found.');
  const { message, room } = stored;
  if (message.author === 'contact') {
    await routeAfterContactMessage(db, room, () => hasKnownContact(db, room), preview);
  }
  return message;
}

/**
 * What a live conversation says, stored as `appendMessage` stores it, with no row answered: one statement, which
 * also answers whether the contact is saved. Every utterance of every call and chat comes this way.
 */
export async function recordMessage(
  db: Db,
  input: {
    accountId: number;
    roomId: string;
    conversationUuid: string;
    direction: Message['direction'];
    channel: Channel;
    author: 'contact' | 'agent';
    text: string;
  },
): Promise<void> {
  const countsAsUnread = input.direction === 'inbound' && input.author === 'contact';
  const { accountId, ...message } = input;
  const room = await appendMessageToRoom(db, accountId, message, { preview: input.text, countsAsUnread });
  if (!room) throw new AppError('NOT_FOUND', 'Room not found.');
  if (input.author === 'contact') {
    await routeAfterContactMessage(db, room, () => room.knownContact, input.text);
  }
}

/** The latest `limit` messages of the account's room, oldest first; [] for a room of another account. */
export async function listRoomMessages(
  db: Db,
  query: { accountId: number; roomId: string; conversationUuid?: string | null | undefined; limit: number },
): Promise<Message[]> {
  if (!Number.isInteger(query.limit) || query.limit < 1) {
    throw new AppError('BAD_REQUEST', 'limit must be a positive integer.');
  }
  return listMessagesOfRoom(db, {
    accountId: query.accountId,
    roomId: query.roomId,
    conversationUuid: query.conversationUuid ?? null,
    limit: Math.min(query.limit, maxMessagesPerPage),
  });
}

/** Moves the account's room to the priority or agent inbox; null when the room is not this account's. */
export async function setRoomInbox(
  db: Db,
  input: { accountId: number; roomId: string; inbox: RoomInbox },
): Promise<Room | null> {
  if (!(roomInboxes as readonly string[]).includes(input.inbox)) {
    throw new AppError('BAD_REQUEST', 'inbox must be priority or agent.');
  }
  return updateAccountRoom(db, input, { inbox: input.inbox });
}

/**
 * Lets the agent answer in the account's room, or stops it (a person takes over until it is switched back, on
 * every channel with the contact); null when the room is not this account's.
 */
export async function setAiAgentEnabled(
  db: Db,
  input: { accountId: number; roomId: string; enabled: boolean },
): Promise<Room | null> {
  const room = await updateAccountRoom(db, input, { aiAgentEnabled: input.enabled });
  if (room) await routeRoomInbox(db, { accountId: input.accountId, roomId: room.roomId });
  return room;
}

/**
 * Whether the agent may answer this contact: false when a person took the room over (AI off) or the contact is
 * blocked; true for a contact without a room yet. The runtime asks before every turn, on voice and SMS alike.
 */
export async function isAiAgentEnabled(db: Db, accountId: number, contactAddress: string): Promise<boolean> {
  const room = await findRoomByContact(db, accountId, normalizeContactAddress(contactAddress));
  return room === null || (room.aiAgentEnabled && !room.blocked);
}

/**
 * The agent asks for a person in the room's current conversation (a transfer, or a message to pass on): the
 * room goes to the priority inbox and its people are notified. False when the room is not this account's.
 */
export async function requestPersonAttention(
  db: Db,
  input: {
    accountId: number;
    roomId: string;
    reason: 'transfer' | 'messageRequest';
    text?: string | undefined;
  },
): Promise<boolean> {
  const updated = await updateAccountRoom(db, input, { attention: input.reason });
  if (!updated) return false;
  const room = await routeRoomInbox(db, { accountId: input.accountId, roomId: input.roomId });
  if (room) {
    const what = input.reason === 'transfer' ? 'asked to talk to a person' : 'left a message';
    await notifyPeople(db, room, { kind: input.reason, text: input.text ?? `The caller ${what}.` });
  }
  return true;
}

/** The account that owns a room, or null: the owner resolver for room ids. */
export async function roomOwner(db: Db, roomId: string): Promise<number | null> {
  return findRoomOwner(db, roomId);
}

/**
 * Routes again the rooms of an account (and, for an organization, its agent accounts) with these addresses, and
 * answers them.
 */
export async function rerouteRoomsWithAddresses(
  db: Db,
  ownerId: number,
  addresses: string[],
): Promise<OwnedRoomRef[]> {
  const targets = await listRoomsWithAddress(db, ownerId, addresses);
  await routeRooms(db, targets);
  return targets;
}
