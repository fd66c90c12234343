import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import type { SecretBox } from '../../platform/secret-box';
import { loadActingAccount, requirePermission, type AccountsDeps } from '../accounts/accounts.service';
import type { SendOptions } from './app-request';

export interface AppsDeps {
  db: Db;
  accounts: AccountsDeps;
  /** How app requests leave the server (private networks, timeout). */
  requests: Pick<SendOptions, 'allowPrivateNetwork' | 'timeoutMs'>;
  /** Secret credential values are stored sealed. */
  secrets: SecretBox;
}

export const accountTypeMismatch = 'Account type does not match';

/** The organization whose apps an account sees: its own for an organization, its organization's for an agent. */
export async function organizationFor(
  db: Db,
  accountId: number | null,
  purpose: 'read' | 'write',
): Promise<number | null> {
  const account = await loadActingAccount(db, accountId);
  if (account.accountType === 'organization') return account.id;
  if (account.accountType === 'agent' && purpose === 'read') return account.organizationId;
  if (purpose === 'write' || account.accountType === 'agent') {
    throw new AppError('BAD_REQUEST', `${accountTypeMismatch}: apps are installed on an organization`);
  }
  return null;
}

export async function writableOrganization(
  deps: AppsDeps,
  actor: Actor,
  accountId: number | null,
): Promise<number> {
  const organizationId = await organizationFor(deps.db, accountId, 'write');
  if (organizationId === null) throw new AppError('BAD_REQUEST', accountTypeMismatch);
  await requirePermission(
    deps.accounts,
    actor,
    organizationId,
    'canEditOrg',
    "manage this organization's apps",
  );
  return organizationId;
}
