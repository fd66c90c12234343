import { routeRoom } from '@switchboard/core';
import type { Db } from '../../platform/database';
import type { RoomInbox, RoutedRoom } from './inbox.types';
import { insertNotification } from './inbox-notifications.repo';
import { findRoomRecord, updateRoom, type RoomRecord, type RoomRef } from './room-views.repo';

function inboxFor(room: RoutedRoom, knownContact: boolean): RoomInbox {
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

/**
 * After a contact's message: a message never takes a room out of priority, and a person's choice stays, so only
 * agent-inbox rooms are routed again (the contact may have become known, or asked for a person), asking whether
 * the contact is saved only then; the people are told when the room is in priority.
 */
export async function routeAfterContactMessage(
  db: Db,
  room: RoutedRoom,
  knownContact: () => Promise<boolean> | boolean,
  preview: string,
): Promise<void> {
  let inbox = room.inbox;
  if (room.inbox === 'agent' && !room.inboxPinned) {
    inbox = inboxFor(room, await knownContact());
    if (inbox !== room.inbox) {
      await updateRoom(db, { accountId: room.accountId, roomId: room.roomId }, { inbox });
    }
  }
  await notifyPeople(db, { ...room, inbox }, { kind: 'message', text: preview });
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
