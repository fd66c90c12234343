import { createHash, randomBytes } from 'node:crypto';
import { apiTokenPrefix, type ApiTokenType, type ApiTokenView } from '@switchboard/contract';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { findHomeAccountId, isInUserTree } from '../accounts/people.service';
import {
  countLiveApiTokens,
  findLiveApiToken,
  insertApiToken,
  isInAccountTree,
  listLiveApiTokens,
  revokeApiToken,
  touchApiToken,
  type ApiTokenRow,
} from './tokens.repo';

const maxLiveTokens = 50;
/** How many characters of a token a list shows: the prefix and six more (about 36 bits, never enough to use). */
const shownLength = apiTokenPrefix.length + 6;

/** A new token: the recognisable prefix and 256 random bits. */
const newApiToken = (): string => `${apiTokenPrefix}${randomBytes(32).toString('base64url')}`;

/** Only this hash is stored: the table grants nothing if it leaks. */
export const hashApiToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const isApiToken = (token: string): boolean => token.startsWith(apiTokenPrefix);

const epochText = (date: Date | null) => (date ? String(Math.floor(date.getTime() / 1000)) : null);

function presentApiToken(row: ApiTokenRow, whole?: string): ApiTokenView {
  return {
    id: row.id,
    token: whole ?? `${row.prefix}…`,
    prefix: row.prefix,
    description: row.description,
    type: row.type,
    timestamp: epochText(row.createdAt) ?? '0',
    lastUsedAt: epochText(row.lastUsedAt),
    userId: row.userId,
    accountId: row.accountId,
  };
}

export async function listApiTokens(db: Db, accountId: number): Promise<ApiTokenView[]> {
  return (await listLiveApiTokens(db, accountId)).map((row) => presentApiToken(row));
}

/** Makes a token for the account; the answer is the only place the whole token ever appears. */
export async function createApiToken(
  db: Db,
  actor: Actor,
  accountId: number,
  input: { description: string; type: ApiTokenType },
): Promise<ApiTokenView> {
  if ((await countLiveApiTokens(db, accountId)) >= maxLiveTokens) {
    throw new AppError('CONFLICT', `This account already has ${maxLiveTokens} API tokens: revoke one first`);
  }
  const token = newApiToken();
  const row = await insertApiToken(db, {
    accountId,
    userId: actor.userId,
    type: input.type,
    description: input.description,
    prefix: token.slice(0, shownLength),
    tokenHash: hashApiToken(token),
  });
  return presentApiToken(row, token);
}

export async function deleteApiToken(
  db: Db,
  accountId: number,
  which: { id?: number | undefined; token?: string | undefined },
): Promise<void> {
  if ((which.id === undefined) === (which.token === undefined)) {
    throw new AppError('VALIDATION_FAILED', 'Send either body.id or body.token (exactly one)');
  }
  const revoked =
    which.id !== undefined
      ? await revokeApiToken(db, accountId, { id: which.id })
      : await revokeApiToken(db, accountId, { tokenHash: hashApiToken(which.token ?? '') });
  if (!revoked) throw new AppError('NOT_FOUND', 'No API token of this account matches');
}

/**
 * The caller an API token stands for: its maker, acting for the token's account, never as a super admin. Null
 * for an unknown or revoked token, and for one whose maker may no longer act for its account (a membership
 * ended), so a token never outlives its maker's rights.
 */
export async function authenticateApiToken(db: Db, token: string): Promise<Actor | null> {
  const row = await findLiveApiToken(db, hashApiToken(token));
  if (!row) return null;
  const home = await findHomeAccountId(db, row.userId);
  if (!row.superAdmin && !(await isInUserTree(db, row.userId, home, row.accountId))) return null;
  if (!row.accountEnabled || row.accountDeletedAt) {
    throw new AppError(
      'FORBIDDEN',
      row.accountDeletedAt
        ? 'This account has been deleted'
        : `This account is disabled${row.disabledReason ? `: ${row.disabledReason}` : ''}`,
    );
  }
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) await touchApiToken(db, row.id);
  return {
    userId: row.userId,
    accountId: row.accountId,
    superAdmin: false,
    apiToken: { id: row.id, type: row.type, makerAccountId: home ?? row.accountId },
  };
}

/** A token reaches its own account and the accounts below it, nothing beside or above. */
export const apiTokenMayActFor = (db: Db, tokenAccountId: number, accountId: number): Promise<boolean> =>
  isInAccountTree(db, tokenAccountId, accountId);
