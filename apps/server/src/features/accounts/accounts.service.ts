import { accountSettingWriters } from '@switchboard/contract';
import {
  accountRole,
  computePermissions,
  detailsNameKey,
  normalizeEmail,
  usernameFromName,
  type Permissions,
} from '@switchboard/core';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { chargeFirstMonth, createLedger } from '../ledger';
import { addMembership, findUserByEmail, insertUser } from './people.repo';
import {
  findAccount,
  findAccountByUsername,
  findAccountsByExternalId,
  findDefaultReseller,
  insertAccount,
  listChildAccounts,
  mergeAccountSettings,
  nextPrincipalId,
  setSubtreeEnabled,
  updateAccountRow,
  usernameTaken,
  type AccountRow,
  type AccountType,
} from './accounts.repo';
import { pageWindow, presentAccountPage, presentAccountView } from './account-presenter';

export interface AccountsDeps {
  db: Db;
  testAccountUsernames: readonly string[];
}

const parentTypeFor: Record<AccountType, AccountType | null> = {
  partner: null,
  reseller: 'partner',
  organization: 'reseller',
  agent: 'organization',
};

const article = (type: AccountType) => (type === 'organization' || type === 'agent' ? 'an' : 'a');
const label = (type: AccountType) => (type === 'agent' ? 'agent account' : type);

/** The account a call acts for; 404 when it is gone (deleted accounts are kept but not served). */
export async function loadActingAccount(db: Db, accountId: number | null): Promise<AccountRow> {
  const account = accountId === null ? null : await findAccount(db, accountId);
  if (!account || account.deletedAt)
    throw new AppError('NOT_FOUND', 'This session has no account to act for');
  return account;
}

/** The account named by a tier selector (targetResellerId...), else the acting one; it must be of that type. */
export async function resolveTierAccount(
  db: Db,
  id: number | undefined,
  acting: number | null,
  type: AccountType,
) {
  const account = await loadActingAccount(db, id ?? acting);
  if (account.accountType !== type) {
    throw new AppError('BAD_REQUEST', `Account ${account.id} is not ${article(type)} ${label(type)}`);
  }
  return account;
}

/** An account of the given type by id, or null (deleted and disabled accounts included as null). */
export async function loadTierAccountById(db: Db, id: number, type: AccountType): Promise<AccountRow | null> {
  const account = await findAccount(db, id);
  return account?.accountType === type && !account.deletedAt && account.enabled ? account : null;
}

export { findAccount, findAccountByUsername, findAccountsByExternalId, findDefaultReseller };

async function uniqueUsername(db: Db, name: string): Promise<string> {
  const taken = new Set<string>();
  // usernameFromName asks synchronously; look the candidates up front in small batches until one is free.
  for (;;) {
    const candidate = usernameFromName(name, (text) => taken.has(text));
    if (!(await usernameTaken(db, candidate))) return candidate;
    taken.add(candidate);
  }
}

export interface NewAccountInput {
  type: AccountType;
  parent: AccountRow | null;
  name: string;
  email?: string | undefined;
  ownerName?: string | undefined;
  vidaPremium?: boolean | undefined;
  smsEnabled?: boolean | undefined;
  externalAccountId?: string | undefined;
  invitedBy?: number | undefined;
}

/** Creates an account under its parent with the ancestor ids of the tree; an email gets an owner who can sign in. */
export async function createChildAccount(db: Db, input: NewAccountInput): Promise<AccountRow> {
  const expectedParent = parentTypeFor[input.type];
  if (input.parent && input.parent.accountType !== expectedParent) {
    throw new AppError(
      'BAD_REQUEST',
      `${article(input.type)} ${label(input.type)} cannot be created under ${article(input.parent.accountType)} ${label(input.parent.accountType)}`,
    );
  }
  const email = input.email === undefined ? null : normalizeEmail(input.email);
  if (input.email !== undefined && email === null)
    throw new AppError('VALIDATION_FAILED', 'body.email: is not a valid email address');

  const created = await db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const id = await nextPrincipalId(db);
    const parent = input.parent;
    const self = (type: AccountType) => (input.type === type ? id : null);
    const account = await insertAccount(db, {
      id,
      accountType: input.type,
      parentId: parent?.id ?? null,
      partnerId: self('partner') ?? parent?.partnerId ?? null,
      resellerId: self('reseller') ?? parent?.resellerId ?? null,
      organizationId: input.type === 'agent' ? (parent?.organizationId ?? null) : id,
      username: await uniqueUsername(db, input.name),
      name: input.ownerName ?? null,
      email,
      details: { [detailsNameKey(input.type)]: input.name },
      vidaPremium: input.vidaPremium ?? false,
      smsEnabled: input.smsEnabled ?? false,
      externalAccountId: input.externalAccountId ?? null,
    });
    if (email) {
      const existing = await findUserByEmail(db, email);
      if (existing) {
        await addMembership(db, {
          userId: existing.id,
          accountId: account.id,
          isOwner: true,
          invitedBy: input.invitedBy ?? null,
        });
      } else {
        await insertUser(db, { email, name: input.ownerName ?? null, accountId: account.id });
      }
    }
    return account;
  });
  // An agent's first month is charged to its organization now; if that fails, the daily sweep charges it.
  if (created.accountType === 'agent') {
    await chargeFirstMonth(db, createLedger(db), { kind: 'agent', agentAccountId: created.id }).catch(
      () => null,
    );
  }
  return created;
}

export async function listChildren(
  db: Db,
  parent: AccountRow,
  type: AccountType,
  paging: { page: number; pageSize: number; pagination: boolean; active: boolean },
) {
  const { rows, total } = await listChildAccounts(db, {
    parentId: parent.id,
    accountType: type,
    activeOnly: paging.active,
    ...pageWindow(paging),
  });
  return presentAccountPage(rows, total, paging);
}

/** The caller's permission flags on an account (spec part 1 §6). */
export async function permissionsOf(
  deps: AccountsDeps,
  actor: Actor,
  viewedAccountId: number,
): Promise<{ permissions: Permissions; role: ReturnType<typeof accountRole> }> {
  const home = await findAccount(deps.db, actor.accountId);
  const role = home ? accountRole(home) : 'organization';
  const permissions = computePermissions(
    { superAdmin: actor.superAdmin, role, accountId: actor.accountId, username: home?.username ?? '' },
    viewedAccountId,
    { testAccountUsernames: deps.testAccountUsernames },
  );
  return { permissions, role };
}

export async function requirePermission(
  deps: AccountsDeps,
  actor: Actor,
  accountId: number,
  flag: keyof Permissions,
  doing: string,
) {
  const { permissions } = await permissionsOf(deps, actor, accountId);
  if (!permissions[flag]) throw new AppError('FORBIDDEN', `You do not have permission to ${doing}`);
}

export async function viewAccount(deps: AccountsDeps, actor: Actor, account: AccountRow) {
  const { permissions, role } = await permissionsOf(deps, actor, account.id);
  return presentAccountView(account, { superAdmin: actor.superAdmin, role, permissions });
}

/** Refuses settings this call may not write: unknown keys (400), and resellers' keys from anyone else (403). */
function checkSettingKeys(keys: string[], resells: boolean): void {
  const writers: Readonly<Record<string, string>> = accountSettingWriters;
  const unknown = keys.filter((key) => !Object.hasOwn(writers, key));
  if (unknown.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      unknown.map((key) => `body.settings.${key}: is not a setting this call can change`).join('; '),
    );
  }
  const reserved = keys.filter((key) => writers[key] === 'resellers');
  if (!resells && reserved.length > 0) {
    throw new AppError(
      'FORBIDDEN',
      reserved.map((key) => `body.settings.${key}: only partners and resellers can change it`).join('; '),
    );
  }
}

/** Merges the settings a caller sent, once the keys they may write are checked. */
export async function saveSettingsFromCaller(
  db: Db,
  accountId: number,
  patch: Record<string, unknown>,
  resells: boolean,
) {
  checkSettingKeys(Object.keys(patch), resells);
  return saveSettings(db, accountId, patch);
}

export async function saveSettings(db: Db, accountId: number, patch: Record<string, unknown>) {
  const settings = await mergeAccountSettings(db, accountId, patch);
  if (!settings) throw new AppError('NOT_FOUND', `No account ${accountId}`);
  return settings;
}

/** Super admins, and the tiers above an account, may switch it off or on; nobody switches off their own account. */
export async function setAccountEnabled(
  db: Db,
  actor: Actor,
  target: AccountRow,
  state: { enabled: boolean; reason: string | null; details: string | null },
) {
  if (!actor.superAdmin && target.id === actor.accountId) {
    throw new AppError('FORBIDDEN', 'You cannot enable or disable your own account');
  }
  await setSubtreeEnabled(db, target.id, state);
}

export async function softDeleteAccount(db: Db, actor: Actor, target: AccountRow, reason: string) {
  if (target.id === actor.accountId) throw new AppError('FORBIDDEN', 'You cannot delete your own account');
  await setSubtreeEnabled(db, target.id, { enabled: false, reason, details: null, deleted: true });
}

export { updateAccountRow };
