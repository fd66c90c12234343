import { routeRoom } from '@switchboard/core';
import type { Db } from '../../platform/database';
import type { Room, RoomInbox } from './inbox.types';
import { insertNotification } from './inbox-notifications.repo';
import {
  findRoomRecord,
  hasKnownContact,
  updateRoom,
  type RoomRecord,
  type RoomRef,
} from './room-views.repo';

function inboxFor(room: Room, knownContact: boolean): RoomInbox {
  return routeRoom({
    currentInbox: room.inbox,
    pinnedInbox: room.inboxPinned ? room.inbox : null,
    blocked: room.blocked,
    spam: room.spam,
    knownContact,
    callerName: room.contactName,
    attention: room.attention,
    rated: room.rating !== null,
    aiAgentEnabled: room.aiAgentEnabled,
  }).inbox;
}

/** Routes a room row just written (a message's own touch), with one lookup for a known contact. */
export async function routeRoomRow(db: Db, room: Room): Promise<Room> {
  const inbox = inboxFor(room, await hasKnownContact(db, room));
  if (inbox === room.inbox) return room;
  await updateRoom(db, { accountId: room.accountId, roomId: room.roomId }, { inbox });
  return { ...room, inbox };
}

/**
 * Puts the agent account's room in the inbox the routing rule names (docs/inbox-routing.md) and answers the room
 * as it now is; null when the account has no such room.
 */
export async function routeRoomInbox(db: Db, target: RoomRef): Promise<RoomRecord | null> {
  const room = await findRoomRecord(db, { accountId: target.accountId }, target.roomId);
  if (!room) return null;
  const inbox = inboxFor(room, room.contactId !== null);
  if (inbox === room.inbox) return room;
  await updateRoom(db, target, { inbox });
  return { ...room, inbox };
}

/** Routes the rooms again after what decides their inbox changed (a contact saved or deleted). */
export async function routeRooms(db: Db, targets: readonly RoomRef[]): Promise<void> {
  for (const target of targets) await routeRoomInbox(db, target);
}

/** Tells the people of the room's account that a contact wrote in a room they should look at. */
export async function notifyPeople(
  db: Db,
  room: { accountId: number; roomId: string; inbox: RoomInbox },
  notification: { kind: 'message' | 'transfer' | 'messageRequest' | 'rating'; text: string },
): Promise<void> {
  if (room.inbox !== 'priority') return;
  await insertNotification(db, {
    accountId: room.accountId,
    roomId: room.roomId,
    kind: notification.kind,
    text: notification.text.slice(0, 500),
  });
}
