import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { findAccountsByExternalId } from '../accounts/accounts.service';
import { addMembership, findUserByEmail, insertUser } from '../accounts/people.service';
import { canReachPerson } from '../accounts/standing.service';
import { mintOneTimeToken } from './auth.service';

export interface OneTimeTokenDeps {
  db: Db;
  canActFor: (actor: Actor, accountId: number) => Promise<boolean>;
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
  // Names the key, never the address: the answer must not echo what the caller probed for.
  const notFound = new AppError('NOT_FOUND', 'Account not found for key: email');
  const user = await findUserByEmail(deps.db, request.email);
  if (user) {
    // Only someone strictly below the caller, with no account the caller could not act for; anyone else
    // (a super admin, a peer, a tier above) looks exactly like an unknown address.
    if (!(await canReachPerson(deps.db, actor, user, deps.canActFor))) throw notFound;
    return mintOneTimeToken(deps, user.id);
  }
  if (request.externalAccountId === undefined) throw notFound;
  const candidates = await findAccountsByExternalId(deps.db, request.externalAccountId, 'organization');
  for (const organization of candidates) {
    if (organization.id === actor.accountId || !(await deps.canActFor(actor, organization.id))) continue;
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
