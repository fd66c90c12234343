import { accounts, and, asc, eq, inArray, isNull } from '@switchboard/db';
import type { Db } from '../../platform/database';

/** The agent accounts among `accountIds` that are not deleted, oldest first, at most `limit`. */
export function listAgentsForSip(db: Db, accountIds: number[], limit: number) {
  return db
    .select({
      id: accounts.id,
      username: accounts.username,
      accountType: accounts.accountType,
      details: accounts.details,
      number: accounts.vidaPhoneNumber,
    })
    .from(accounts)
    .where(
      and(inArray(accounts.id, accountIds), eq(accounts.accountType, 'agent'), isNull(accounts.deletedAt)),
    )
    .orderBy(asc(accounts.id))
    .limit(limit);
}
