import type { ContactView } from '@switchboard/contract';
import { normalizeEmail, normalizePhoneNumber } from '@switchboard/core';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { findAccount } from '../accounts/accounts.service';
import { rerouteRoomsWithAddresses } from '../inbox/inbox.service';
import { publishRealtimeEvent } from '../realtime/realtime.service';
import {
  deleteContactRow,
  findContactOwner,
  findContactRow,
  insertContact,
  listContactRows,
  updateContactRow,
  type ContactWithRoom,
} from './contacts.repo';

export { findContactOwner as contactOwner };

const maxDataBytes = 8 * 1024;

export function presentContact(row: ContactWithRoom): ContactView {
  return {
    id: row.id,
    accountId: row.accountId,
    name: row.name,
    phoneNumber: row.phoneNumber,
    email: row.email,
    data: row.data,
    roomId: row.roomId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Merges nested data: objects key by key, a null value removes its key, anything else replaces. */
export function mergeContactData(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged = new Map(Object.entries(current));
  for (const [key, value] of Object.entries(patch)) {
    const previous = merged.get(key);
    if (value === null) merged.delete(key);
    else if (isPlainObject(value) && isPlainObject(previous))
      merged.set(key, mergeContactData(previous, value));
    else merged.set(key, value);
  }
  return Object.fromEntries(merged);
}

const addressesOf = (...contacts: ({ phoneNumber: string | null; email: string | null } | null)[]) => [
  ...new Set(
    contacts.flatMap((contact) =>
      contact ? [contact.phoneNumber, contact.email].filter((address) => address !== null) : [],
    ),
  ),
];

/**
 * Routes the contact's rooms again and tells their viewers: a room shows its contact's name, which changes with
 * no write to the room itself (so no room event announces it).
 */
async function refreshContactRooms(db: Db, ownerId: number, contactId: number, addresses: string[]) {
  const rooms = await rerouteRoomsWithAddresses(db, ownerId, addresses);
  for (const room of rooms) {
    await publishRealtimeEvent(db, {
      kind: 'contact',
      accountId: room.accountId,
      organizationId: room.organizationId,
      ids: { roomId: room.roomId, contactId },
    });
  }
}

async function actingAccountId(db: Db, accountId: number | null): Promise<number> {
  const account = accountId === null ? null : await findAccount(db, accountId);
  if (!account || account.deletedAt)
    throw new AppError('NOT_FOUND', 'This session has no account to act for');
  return account.id;
}

// The route has checked that the caller may act for the contact's account, and passes that account.
async function loadContact(
  db: Db,
  accountId: number | null,
  id: number,
  field = 'body.id',
): Promise<ContactWithRoom> {
  const contact = accountId === null ? null : await findContactRow(db, { id, accountId });
  if (!contact) throw new AppError('NOT_FOUND', `No contact matches ${field}`);
  return contact;
}

function readPhone(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  if (value.trim() === '') return null;
  const phone = normalizePhoneNumber(value);
  if (!phone) throw new AppError('BAD_REQUEST', `phoneNumber: "${value}" is not a phone number`);
  return phone;
}

function readEmail(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  if (value.trim() === '') return null;
  const email = normalizeEmail(value);
  if (!email) throw new AppError('BAD_REQUEST', `email: "${value}" is not an email address`);
  return email;
}

const readName = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();

export async function listContacts(
  db: Db,
  accountId: number | null,
  query: { search?: string | undefined; page: number; pageSize: number },
) {
  const owner = await actingAccountId(db, accountId);
  const { rows, total } = await listContactRows(db, {
    accountId: owner,
    search: query.search?.trim() ? query.search.trim() : null,
    limit: query.pageSize,
    offset: query.page * query.pageSize,
  });
  return {
    success: true as const,
    contacts: rows.map(presentContact),
    totalContacts: total,
    pageSize: query.pageSize,
    pageNumber: query.page,
  };
}

export async function getContact(db: Db, accountId: number | null, id: number) {
  return {
    success: true as const,
    contact: presentContact(await loadContact(db, accountId, id, 'params.id')),
  };
}

/**
 * Creates a contact for the acting account, or updates the contact `id` of that account (its data merges); rooms
 * with its old and new number or address are routed again and their viewers told.
 */
export async function saveContact(
  db: Db,
  accountId: number | null,
  input: {
    id?: number | undefined;
    name?: string | null | undefined;
    phoneNumber?: string | null | undefined;
    email?: string | null | undefined;
    data?: Record<string, unknown> | undefined;
  },
) {
  const name = readName(input.name);
  const phoneNumber = readPhone(input.phoneNumber);
  const email = readEmail(input.email);
  const before = input.id === undefined ? null : await loadContact(db, accountId, input.id);
  const owner = before ? before.accountId : await actingAccountId(db, accountId);
  const data = mergeContactData(before?.data ?? {}, input.data ?? {});
  if (Buffer.byteLength(JSON.stringify(data)) > maxDataBytes) {
    throw new AppError('BAD_REQUEST', `data: the contact's data is larger than ${maxDataBytes / 1024} KB`);
  }
  const next = {
    name: name === undefined ? (before?.name ?? null) : name,
    phoneNumber: phoneNumber === undefined ? (before?.phoneNumber ?? null) : phoneNumber,
    email: email === undefined ? (before?.email ?? null) : email,
  };
  if (next.name === null && next.phoneNumber === null && next.email === null) {
    throw new AppError('BAD_REQUEST', 'A contact needs a name, a phone number or an email address');
  }
  let id: number;
  if (before) {
    await updateContactRow(db, { id: before.id, accountId: owner }, { ...next, data });
    id = before.id;
  } else {
    id = await insertContact(db, { accountId: owner, ...next, data });
  }
  await refreshContactRooms(db, owner, id, addressesOf(before, next));
  return {
    success: true as const,
    contact: presentContact(await loadContact(db, owner, id)),
    created: !before,
  };
}

/** Deletes the contact; its rooms are routed again and their viewers told. */
export async function deleteContact(db: Db, accountId: number | null, id: number) {
  const contact = await loadContact(db, accountId, id);
  await deleteContactRow(db, { id, accountId: contact.accountId });
  await refreshContactRooms(db, contact.accountId, id, addressesOf(contact));
  return { success: true as const, deleted: true as const };
}
