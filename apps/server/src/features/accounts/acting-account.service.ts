import type { accountsEndpoints } from '@switchboard/contract';
import type { z } from 'zod';
import type { Actor, Authenticator } from '../../http/authenticator';
import {
  loadActingAccount,
  saveSettingsFromCaller,
  viewAccount,
  type AccountsDeps,
} from './accounts.service';
import { findUserById } from './people.repo';
import { updateProfile } from './profile.service';

type ProfileUpdate = z.output<NonNullable<typeof accountsEndpoints.updateAccount.body>>;

/** The account a call acts for, as the caller sees it, with the signed-in person. */
export async function describeActingAccount(deps: AccountsDeps, actor: Actor, accountId: number | null) {
  const account = await loadActingAccount(deps.db, accountId);
  const user = await findUserById(deps.db, actor.userId);
  return {
    success: true as const,
    account: await viewAccount(deps, actor, account),
    user: {
      id: actor.userId,
      email: user?.email ?? null,
      phoneNumber: user?.phoneNumber ?? null,
      name: user?.name ?? null,
      superAdmin: actor.superAdmin,
      temporary: user?.temporary ?? false,
    },
  };
}

export async function updateActingAccount(
  deps: AccountsDeps,
  actor: Actor,
  accountId: number | null,
  update: ProfileUpdate,
) {
  const account = await loadActingAccount(deps.db, accountId);
  const updated = await updateProfile(deps.db, account, update);
  return { success: true as const, account: await viewAccount(deps, actor, updated) };
}

/** Saves the settings a caller sent; partners, resellers and super admins may also write the resellers' keys. */
export async function saveActingAccountSettings(
  deps: AccountsDeps & { authenticator: Pick<Authenticator, 'accessOf'> },
  actor: Actor,
  accountId: number | null,
  settings: Record<string, unknown>,
) {
  const account = await loadActingAccount(deps.db, accountId);
  const { role } = await deps.authenticator.accessOf(actor, account.id);
  const resells = actor.superAdmin || role === 'partner' || role === 'reseller';
  return {
    success: true as const,
    settings: await saveSettingsFromCaller(deps.db, account.id, settings, resells),
  };
}
