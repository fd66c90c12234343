import type { DoNotCallEntryView } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import {
  deleteDoNotCallRow,
  findListedNumbers,
  insertDoNotCallRows,
  listDoNotCallRows,
  type DoNotCallRow,
} from './do-not-call.repo';
import { normalizeTaskTarget } from './task-target';
import { findAccountNodes } from './tasks.repo';

const present = (row: DoNotCallRow): DoNotCallEntryView => ({
  id: row.id,
  organizationId: row.organizationId,
  phoneNumber: row.phoneNumber,
  reason: row.reason,
  createdAt: Math.floor(row.createdAt.getTime() / 1000),
});

/** The organization whose list the acting account works on: itself, or the one an agent account belongs to. */
export async function listOwnerOf(db: Db, actingAccountId: number): Promise<number> {
  const [node] = await findAccountNodes(db, [actingAccountId]);
  if (node?.accountType === 'organization') return node.id;
  if (node?.accountType === 'agent' && node.organizationId !== null) return node.organizationId;
  throw new AppError(
    'BAD_REQUEST',
    'targetAccountId: the do-not-call list belongs to an organization; act for an organization or one of its agent accounts',
  );
}

export async function listDoNotCall(
  db: Db,
  actingAccountId: number,
  query: { limit: number; offset: number; search?: string | undefined },
) {
  const organizationId = await listOwnerOf(db, actingAccountId);
  const digits = query.search?.replace(/\D/g, '');
  const { rows, total } = await listDoNotCallRows(db, {
    organizationId,
    limit: query.limit,
    offset: query.offset,
    digits: digits === '' ? undefined : digits,
  });
  return { success: true as const, entries: rows.map(present), total };
}

/** Normalises every number first: one that is not a phone number refuses the whole request and adds nothing. */
export async function addDoNotCall(
  db: Db,
  actingAccountId: number,
  input: { numbers: string[]; reason?: string | null | undefined },
) {
  const organizationId = await listOwnerOf(db, actingAccountId);
  const numbers: string[] = [];
  for (const [index, text] of input.numbers.entries()) {
    const checked = normalizeTaskTarget(text);
    if (!checked.ok) throw new AppError('BAD_REQUEST', `numbers[${String(index)}]: ${checked.message}`);
    if (!numbers.includes(checked.e164)) numbers.push(checked.e164);
  }
  const reason = input.reason?.trim() ? input.reason.trim() : null;
  const added = await insertDoNotCallRows(db, organizationId, numbers, reason);
  const addedNumbers = new Set(added.map((row) => row.phoneNumber));
  const alreadyListed = (await findListedNumbers(db, organizationId, numbers)).filter(
    (number) => !addedNumbers.has(number),
  );
  return { success: true as const, added: added.map(present), alreadyListed };
}

// The entry's id acts for its organization, which the guard checked the caller may act for.
export async function deleteDoNotCall(db: Db, id: number) {
  const row = await deleteDoNotCallRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'That number is not on the do-not-call list');
  return { success: true as const, entry: present(row) };
}
