import { accountRole } from '@switchboard/core';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { findAccount, findAccountsByExternalId } from '../accounts/accounts.service';
import { addMembership, findHomeAccountId, findUserByEmail, insertUser } from '../accounts/people.service';
import { mintOneTimeToken } from './auth.service';

export interface OneTimeTokenDeps {
  db: Db;
  canActFor(actor: Actor, accountId: number): Promise<boolean>;
}

/**
 * A reseller or partner mints a single-use sign-in token for a person in its tree (the white-label embed). With
 * externalAccountId, an unknown email becomes a member of the organization carrying that external id.
 */
export async function mintOneTimeTokenFor(
  deps: OneTimeTokenDeps,
  actor: Actor,
  request: { email: string; externalAccountId?: string | undefined },
) {
  const home = await findAccount(deps.db, actor.accountId);
  if (!actor.superAdmin && (!home || accountRole(home) === 'organization')) {
    throw new AppError('FORBIDDEN', 'Only resellers and partners can mint sign-in tokens');
  }
  const notFound = new AppError('NOT_FOUND', `Account not found for key: ${request.email}`);
  const user = await findUserByEmail(deps.db, request.email);
  if (user) {
    const userHome = await findHomeAccountId(deps.db, user.id);
    if (userHome === null || !(await deps.canActFor(actor, userHome))) throw notFound;
    return mintOneTimeToken(deps, user.id);
  }
  if (request.externalAccountId === undefined) throw notFound;
  const candidates = await findAccountsByExternalId(deps.db, request.externalAccountId, 'organization');
  for (const organization of candidates) {
    if (!(await deps.canActFor(actor, organization.id))) continue;
    const member = await insertUser(deps.db, { email: request.email });
    await addMembership(deps.db, {
      userId: member.id,
      accountId: organization.id,
      isOwner: false,
      invitedBy: actor.userId,
    });
    return mintOneTimeToken(deps, member.id);
  }
  throw notFound;
}
