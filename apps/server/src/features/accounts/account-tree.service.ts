import type { accountsEndpoints } from '@switchboard/contract';
import type { z } from 'zod';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { presentAccountSummary } from './account-presenter';
import {
  createChildAccount,
  findAccountByUsername,
  requirePermission,
  resolveTierAccount,
  setAccountEnabled,
  softDeleteAccount,
  type AccountsDeps,
} from './accounts.service';
import { updateOrganizationSettings } from './profile.service';

type Body<K extends keyof typeof accountsEndpoints> = z.output<
  NonNullable<(typeof accountsEndpoints)[K]['body']>
>;

/** An organization under the reseller `targetResellerId` (else the acting one), with its first agent if named. */
export async function createOrganizationUnder(
  db: Db,
  actor: Actor,
  target: { resellerId: number | undefined; acting: number | null },
  body: Body<'createOrganization'>,
) {
  const reseller = await resolveTierAccount(db, target.resellerId, target.acting, 'reseller');
  const organization = await createChildAccount(db, {
    type: 'organization',
    parent: reseller,
    name: body.orgName,
    email: body.email,
    vidaPremium: body.vidaPremium,
    smsEnabled: body.smsEnabled,
    externalAccountId: body.externalAccountId,
    invitedBy: actor.userId,
  });
  if (body.accountName)
    await createChildAccount(db, { type: 'agent', parent: organization, name: body.accountName });
  const summary = presentAccountSummary(organization);
  return {
    success: true as const,
    message: 'Organization created',
    organization: summary,
    account: summary,
  };
}

export async function createResellerUnder(
  db: Db,
  actor: Actor,
  target: { partnerId: number | undefined; acting: number | null },
  body: Body<'createReseller'>,
) {
  const partner = await resolveTierAccount(db, target.partnerId, target.acting, 'partner');
  const reseller = await createChildAccount(db, {
    type: 'reseller',
    parent: partner,
    name: body.resellerName,
    email: body.email,
    invitedBy: actor.userId,
  });
  const summary = presentAccountSummary(reseller);
  return { success: true as const, message: 'Reseller created', organization: summary, account: summary };
}

export async function createAgentAccountUnder(
  db: Db,
  actor: Actor,
  target: { organizationId: number | undefined; acting: number | null },
  body: Body<'createAccount'>,
) {
  const organization = await resolveTierAccount(db, target.organizationId, target.acting, 'organization');
  const account = await createChildAccount(db, {
    type: 'agent',
    parent: organization,
    name: body.accountName,
    email: body.email,
    ownerName: body.name,
    externalAccountId: body.externalAccountId,
    invitedBy: actor.userId,
  });
  return { success: true as const, message: 'Account created', account: presentAccountSummary(account) };
}

/** Deletes an organization, from the tier above: the permission is read on its reseller. */
export async function deleteOrganizationFromAbove(
  deps: AccountsDeps,
  actor: Actor,
  target: { organizationId: number | undefined; resellerId: number | undefined },
) {
  if (target.organizationId === undefined)
    throw new AppError('VALIDATION_FAILED', 'body.targetOrganizationId: is required');
  const organization = await resolveTierAccount(deps.db, target.organizationId, null, 'organization');
  if (target.resellerId !== undefined && organization.resellerId !== target.resellerId) {
    throw new AppError(
      'NOT_FOUND',
      'The organization of targetOrganizationId is not under query.targetResellerId',
    );
  }
  await requirePermission(
    deps,
    actor,
    organization.resellerId ?? organization.id,
    'canDeleteOrg',
    'delete this organization',
  );
  await softDeleteAccount(deps.db, actor, organization, 'deleted');
  return { success: true as const, message: 'Organization deleted' };
}

/** Deletes an agent account, from its organization: the permission is read there. */
export async function deleteAgentAccountFromAbove(
  deps: AccountsDeps,
  actor: Actor,
  target: { accountId: number; organizationId: number | undefined },
) {
  const account = await resolveTierAccount(deps.db, target.accountId, null, 'agent');
  if (target.organizationId !== undefined && account.organizationId !== target.organizationId) {
    throw new AppError(
      'NOT_FOUND',
      'The account of body.targetAccountId is not under query.targetOrganizationId',
    );
  }
  await requirePermission(
    deps,
    actor,
    account.organizationId ?? account.id,
    'canDeleteOrg',
    'delete this account',
  );
  await softDeleteAccount(deps.db, actor, account, 'deleted');
  return { success: true as const, message: 'Account deleted' };
}

/** Switches the account `username` (and everything under it) on, or off with a reason. */
export async function switchAccountByUsername(
  db: Db,
  actor: Actor,
  username: string,
  state: { enabled: boolean; reason: string | null; details: string | null },
) {
  const account = await findAccountByUsername(db, username);
  if (!account) throw new AppError('NOT_FOUND', 'No account matches body.username');
  await setAccountEnabled(db, actor, account, state);
  const message = state.enabled
    ? 'Account enabled!'
    : account.accountType === 'organization'
      ? 'Organization disabled!'
      : 'Account disabled!';
  return { success: true as const, message };
}

/** The reseller's settings of an organization: changed from a tier above, never by the organization itself. */
export async function updateOrganizationFromAbove(
  db: Db,
  actor: Actor,
  target: { organizationId: number | undefined; acting: number | null },
  body: Body<'updateOrganization'>,
) {
  const organization = await resolveTierAccount(db, target.organizationId, target.acting, 'organization');
  if (!actor.superAdmin && organization.id === actor.accountId) {
    throw new AppError(
      'FORBIDDEN',
      'Only the reseller or partner above an organization can change these settings',
    );
  }
  return updateOrganizationSettings(db, organization, body);
}
