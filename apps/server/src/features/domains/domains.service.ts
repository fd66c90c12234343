import type { CustomDomainView, DomainProfileView } from '@switchboard/contract';
import { hostOfRequest, normalizeDomainName } from '@switchboard/core';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { findAccount, loadActingAccount, requirePermission } from '../accounts/accounts.service';
import {
  countOtherDomains,
  deleteDomainRow,
  findDomainRow,
  findProfileById,
  findProfilesOfAccounts,
  insertDomainRow,
  listDomainRows,
  markDefaultDomain,
  type DomainProfileRow,
  type DomainRow,
} from './domains.repo';

export interface DomainsDeps {
  db: Db;
  testAccountUsernames: readonly string[];
  /** The product's own public address; its host can never be registered. */
  publicUrl: string;
  specialOrganizationId: number | null;
}

/** The product's own brand and its generic mode; used as they are when the seed has not written them. */
export const ownProfiles = {
  brand: { id: 2286, name: 'Switchboard', supportEmail: 'support@switchboard.test' },
  generic: { id: 1217159, name: 'Automated Phone', supportEmail: 'help@automatedphone.test' },
} as const;

const ownProfileIds = new Set<number>([ownProfiles.brand.id, ownProfiles.generic.id]);

function presentDomain(row: DomainRow): CustomDomainView {
  return {
    domain: row.domain,
    accountId: row.accountId,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The stored form of a domain typed by a person, or a 400 naming the field and the reason. */
export function readDomainName(text: string, field = 'body.domain'): string {
  const result = normalizeDomainName(text);
  if (!result.ok) throw new AppError('VALIDATION_FAILED', `${field}: ${result.reason}`);
  return result.domain;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}

function ownHostOf(publicUrl: string): string | null {
  try {
    return hostOfRequest(new URL(publicUrl).host);
  } catch {
    return null;
  }
}

/** The owner of a registered domain (for the tenant checks), or null for a domain nobody has. */
export async function domainOwner(db: Db, text: string): Promise<number | null> {
  const result = normalizeDomainName(text);
  if (!result.ok) return null;
  return (await findDomainRow(db, result.domain))?.accountId ?? null;
}

async function manageableAccount(deps: DomainsDeps, actor: Actor, accountId: number | null) {
  const account = await loadActingAccount(deps.db, accountId);
  if (account.accountType === 'agent') {
    throw new AppError(
      'FORBIDDEN',
      "Agent accounts have no domains of their own: they are served on their organization's domains",
    );
  }
  await requirePermission(deps, actor, account.id, 'canEditOrg', 'manage the domains of this account');
  return account;
}

export async function lookupDomain(deps: DomainsDeps, accountId: number | null, text: string) {
  const result = normalizeDomainName(text);
  if (!result.ok) {
    return {
      success: true as const,
      domain: null,
      valid: false,
      available: false,
      yours: false,
      message: result.reason,
    };
  }
  const domain = result.domain;
  if (domain === ownHostOf(deps.publicUrl)) {
    return {
      success: true as const,
      domain,
      valid: true,
      available: false,
      yours: false,
      message: `${domain} is this service's own address`,
    };
  }
  const existing = await findDomainRow(deps.db, domain);
  const yours = existing !== null && existing.accountId === accountId;
  return {
    success: true as const,
    domain,
    valid: true,
    available: existing === null,
    yours,
    message:
      existing === null
        ? `${domain} is free`
        : yours
          ? `You already added ${domain}`
          : `${domain} is already in use`,
  };
}

export async function listDomains(db: Db, accountId: number | null) {
  const account = await loadActingAccount(db, accountId);
  const rows = await listDomainRows(db, account.id);
  return {
    success: true as const,
    domains: rows.map(presentDomain),
    canManage: account.accountType !== 'agent',
  };
}

export async function addDomain(
  deps: DomainsDeps,
  actor: Actor,
  accountId: number | null,
  input: { domain: string; isDefault?: boolean | undefined },
) {
  const account = await manageableAccount(deps, actor, accountId);
  const domain = readDomainName(input.domain);
  if (domain === ownHostOf(deps.publicUrl)) {
    throw new AppError('CONFLICT', `${domain} is this service's own address and cannot be added`);
  }
  const first = (await listDomainRows(deps.db, account.id)).length === 0;
  let row: DomainRow | null;
  try {
    row = await insertDomainRow(deps.db, {
      domain,
      accountId: account.id,
      isDefault: first || input.isDefault === true,
    });
  } catch (error) {
    // Two defaults at once: the one-default-per-account index refuses the second of two racing adds.
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', "This account's domains changed at the same moment; try again");
    }
    throw error;
  }
  if (!row) {
    const existing = await findDomainRow(deps.db, domain);
    throw new AppError(
      'CONFLICT',
      existing?.accountId === account.id
        ? `You already added ${domain}`
        : `${domain} is already in use by another account`,
    );
  }
  return { success: true as const, domain: presentDomain(row) };
}

async function loadDomain(db: Db, text: string, field: string): Promise<DomainRow> {
  const domain = readDomainName(text, field);
  const row = await findDomainRow(db, domain);
  if (!row) throw new AppError('NOT_FOUND', `No domain matches ${field}`);
  return row;
}

// The route has checked that the caller may act for the domain's account.
export async function deleteDomain(deps: DomainsDeps, actor: Actor, text: string) {
  const row = await loadDomain(deps.db, text, 'query.domain');
  await manageableAccount(deps, actor, row.accountId);
  if (row.isDefault && (await countOtherDomains(deps.db, row.accountId, row.domain)) > 0) {
    throw new AppError(
      'CONFLICT',
      `${row.domain} is the default domain: make another domain the default before removing it`,
    );
  }
  await deleteDomainRow(deps.db, row.accountId, row.domain);
  return { success: true as const, deleted: true as const };
}

export async function setDefaultDomain(deps: DomainsDeps, actor: Actor, text: string) {
  const row = await loadDomain(deps.db, text, 'body.domain');
  await manageableAccount(deps, actor, row.accountId);
  await markDefaultDomain(deps.db, row.accountId, row.domain);
  const rows = await listDomainRows(deps.db, row.accountId);
  return { success: true as const, domains: rows.map(presentDomain) };
}

function ownProfile(row: DomainProfileRow | null, kind: 'brand' | 'generic'): DomainProfileView {
  const fallback = ownProfiles[kind];
  return {
    id: fallback.id,
    name: row?.name ?? fallback.name,
    details: { image: row?.image ?? null, supportEmail: row?.supportEmail ?? fallback.supportEmail },
    settings: {
      supportUrl: row?.supportUrl ?? null,
      smsMessaging: row?.smsMessaging ?? true,
      allowEmbeds: row?.allowEmbeds ?? true,
      appScripts: row?.appScripts ?? [],
      favorites: row?.favorites ?? [],
    },
    ownHost: true,
    domain: null,
  };
}

/**
 * The brand of a host: the registered domain's account's white-label profile, else the nearest above it
 * (organization → reseller → partner); the product's own profile for every other host.
 */
export async function getDomainProfile(
  deps: DomainsDeps,
  query: { host: string; generic?: boolean | undefined },
): Promise<DomainProfileView> {
  const kind = query.generic ? 'generic' : 'brand';
  const host = hostOfRequest(query.host);
  const domain = host === null ? null : await findDomainRow(deps.db, host);
  const owner = domain === null ? null : await findAccount(deps.db, domain.accountId);
  if (!domain || !owner || owner.deletedAt || !owner.enabled) {
    return ownProfile(await findProfileById(deps.db, ownProfiles[kind].id), kind);
  }
  const chain = [owner.id, owner.organizationId, owner.resellerId, owner.partnerId].filter(
    (id, index, ids): id is number => id !== null && ids.indexOf(id) === index,
  );
  const profiles = await findProfilesOfAccounts(deps.db, chain);
  const nearest = chain.map((id) => profiles.find((profile) => profile.accountId === id)).find(Boolean);
  const profile: DomainProfileView =
    !nearest || ownProfileIds.has(nearest.id)
      ? { ...ownProfile(await findProfileById(deps.db, ownProfiles[kind].id), kind), domain: domain.domain }
      : {
          id: nearest.id,
          name: nearest.name,
          details: { image: nearest.image, supportEmail: nearest.supportEmail },
          settings: {
            supportUrl: nearest.supportUrl,
            smsMessaging: nearest.smsMessaging,
            allowEmbeds: nearest.allowEmbeds,
            appScripts: nearest.appScripts,
            favorites: nearest.favorites,
          },
          ownHost: false,
          domain: domain.domain,
        };
  // One organization has SMS messaging and embeds forced on, whatever brand it is served under.
  if (deps.specialOrganizationId !== null && owner.organizationId === deps.specialOrganizationId) {
    profile.settings = { ...profile.settings, smsMessaging: true, allowEmbeds: true };
  }
  return profile;
}
