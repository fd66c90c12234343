import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { findAccount, findAccountByUsername } from '../accounts/accounts.service';
import { contactProfileOwner, loadRoom, scopeOfAccount, type RoomScope } from './conversations.service';
import { normalizeContactAddress, roomOwner } from './inbox.service';
import { listRoomsWithAddress } from './room-views.repo';

const accountOfRoom = /^(\d{1,15}):\d{1,15}$/;

/** The owner resolver for room ids: the room's agent account, or null for a missing room or a malformed id. */
export async function ownerOfRoomId(db: Db, id: unknown): Promise<number | null> {
  return typeof id === 'string' && accountOfRoom.test(id) ? roomOwner(db, id) : null;
}

/** GET /api/v1/conversations/:roomId takes a room id or an account id (whose inbox it lists). */
export async function ownerOfConversationTarget(db: Db, id: unknown): Promise<number | null> {
  const text = String(id);
  if (accountOfRoom.test(text)) return roomOwner(db, text);
  if (!/^\d{1,15}$/.test(text)) return null;
  const account = await findAccount(db, Number(text));
  return account && !account.deletedAt ? account.id : null;
}

export async function ownerOfContactProfile(db: Db, id: unknown): Promise<number | null> {
  const profileId = Number(id);
  if (!Number.isSafeInteger(profileId)) return null;
  return contactProfileOwner(db, profileId);
}

/** A room's own account: the route already checked that the caller may act for it. */
export async function roomScope(db: Db, roomId: string): Promise<RoomScope> {
  const owner = await roomOwner(db, roomId);
  if (owner === null) throw new AppError('NOT_FOUND', 'No room matches roomId');
  return { accountId: owner };
}

/** The rooms of the account `username` names, else of the acting account. */
export async function scopeOfUsername(
  db: Db,
  username: string | undefined,
  acting: number | null,
  field: 'query.username' | 'body.username',
): Promise<RoomScope> {
  if (username === undefined) return scopeOfAccount(db, acting);
  const account = await findAccountByUsername(db, username.toLowerCase());
  if (!account) throw new AppError('NOT_FOUND', `No account matches ${field}`);
  return scopeOfAccount(db, account.id);
}

/** What an activity clear covers: the room `clear`, or with clearAll every room of the acting account. */
export async function scopeForClear(
  db: Db,
  body: { clear?: string | undefined; clearAll?: boolean | undefined },
  acting: number | null,
): Promise<RoomScope> {
  if (body.clear === undefined && body.clearAll !== true) {
    throw new AppError('BAD_REQUEST', 'Send clear (a room id) or clearAll: true');
  }
  return body.clear === undefined ? scopeOfAccount(db, acting) : roomScope(db, body.clear);
}

/** What a notifications clear covers, refused when it names neither one notification nor all of them. */
export async function scopeForNotificationClear(
  db: Db,
  body: { username?: string | undefined; clear?: number | undefined; clearAll?: boolean | undefined },
  acting: number | null,
): Promise<RoomScope> {
  if (body.clear === undefined && body.clearAll !== true) {
    throw new AppError('BAD_REQUEST', 'Send clear (a notification id) or clearAll: true');
  }
  return scopeOfUsername(db, body.username, acting, 'body.username');
}

/**
 * The agent account a block acts in (rooms belong to agents): the room `roomId` names (found in the acting
 * account's reach), else the acting agent account, else the one agent account of the acting organization that
 * has a room with the contact.
 */
export async function agentAccountForBlock(
  db: Db,
  acting: number | null,
  body: { targetUsername: string; roomId?: string | undefined },
): Promise<number> {
  const scope = await scopeOfAccount(db, acting);
  const address = normalizeContactAddress(body.targetUsername);
  if (body.roomId !== undefined) {
    const room = await loadRoom(db, scope, body.roomId);
    if (room.contactAddress !== address) {
      throw new AppError(
        'BAD_REQUEST',
        'body.roomId is a conversation with someone other than body.targetUsername',
      );
    }
    return room.accountId;
  }
  if ('accountId' in scope) return scope.accountId;
  const rooms = await listRoomsWithAddress(db, scope.organizationId, [address]);
  const agents = new Set(
    rooms.filter((room) => room.organizationId === scope.organizationId).map((room) => room.accountId),
  );
  const [only] = agents;
  if (only === undefined) {
    throw new AppError('NOT_FOUND', 'No conversation of this organization matches body.targetUsername');
  }
  if (agents.size > 1) {
    throw new AppError(
      'BAD_REQUEST',
      'Several agents of this organization have a conversation with body.targetUsername: send body.roomId.',
    );
  }
  return only;
}
