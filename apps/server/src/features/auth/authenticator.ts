import { accountRole, computePermissions } from '@switchboard/core';
import type { Actor, Authenticator } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { findAccount } from '../accounts/accounts.service';
import { findAccountState, findHomeAccountId, isInUserTree } from '../accounts/people.service';
import { apiTokenMayActFor, authenticateApiToken, isApiToken } from '../developer/tokens.service';
import { createApiTokenRateLimit } from '../developer/token-rate-limit';
import { findSessionUser } from './auth.repo';
import { hashToken } from './secrets';

/** Sessions from the database; a super admin's adminToken makes the call as that super admin. */
export function createAuthenticator(
  db: Db,
  options: { testAccountUsernames: readonly string[]; apiTokenRequestsPerMinute?: number },
): Authenticator {
  const tokenLimit = createApiTokenRateLimit({ perMinute: options.apiTokenRequestsPerMinute ?? 600 });
  return {
    async authenticate({ token, adminToken }): Promise<Actor | null> {
      // An API token (developer feature) acts for its own account with its maker's rights at most.
      if (adminToken === undefined && token !== undefined && isApiToken(token)) {
        const actor = await authenticateApiToken(db, token);
        if (actor?.apiToken) tokenLimit.take(actor.apiToken.id);
        return actor;
      }
      const presented = adminToken ?? token;
      if (presented === undefined) return null;
      const session = await findSessionUser(db, hashToken(presented));
      if (!session || (adminToken !== undefined && !session.superAdmin)) return null;
      // An anonymous visitor's temporary token is no session: it reads only its own temporary session
      // (GET /api/v1/tempUserSession) and never acts for an account.
      if (session.temporary) return null;
      const home = await findHomeAccountId(db, session.userId);
      if (home !== null && !session.superAdmin) {
        const account = await findAccountState(db, home);
        if (account && (!account.enabled || account.deletedAt)) {
          throw new AppError(
            'FORBIDDEN',
            account.deletedAt
              ? 'This account has been deleted'
              : `This account is disabled${account.disabledReason ? `: ${account.disabledReason}` : ''}`,
          );
        }
      }
      return { userId: session.userId, accountId: home ?? session.userId, superAdmin: session.superAdmin };
    },
    canActFor: (actor, accountId) =>
      actor.apiToken
        ? apiTokenMayActFor(db, actor.accountId, accountId)
        : isInUserTree(
            db,
            actor.userId,
            actor.superAdmin ? null : actor.accountId,
            accountId,
            actor.superAdmin,
          ),
    async accessOf(actor, accountId) {
      const viewerAccountId = actor.apiToken?.makerAccountId ?? actor.accountId;
      const home = await findAccount(db, viewerAccountId);
      const role = !home ? 'organization' : home.accountType === 'agent' ? 'agent' : accountRole(home);
      const permissions = computePermissions(
        {
          superAdmin: actor.superAdmin,
          role: role === 'agent' ? 'organization' : role,
          accountId: viewerAccountId,
          username: home?.username ?? '',
        },
        accountId,
        options,
      );
      return { role, permissions };
    },
  };
}
