import type { FastifyRequest } from 'fastify';
import type { BrandProfileView, brandProfileInputSchema } from '@switchboard/contract';
import type { z } from 'zod';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { newStorageKey } from '../../providers/storage/storage-key';
import type { StorageProvider, StoredObjectContent } from '../../providers/storage/types';
import { loadActingAccount, permissionsOf } from '../accounts/accounts.service';
import { readImageUpload } from '../accounts/profile-image.service';
import {
  findProfileOfAccount,
  isProfileImage,
  updateProfileImage,
  upsertProfileOfAccount,
  type DomainProfileRow,
} from './domains.repo';

export interface BrandDeps {
  db: Db;
  storage: StorageProvider;
  testAccountUsernames: readonly string[];
}

export const logoUrlPrefix = '/api/v2/domainProfile/logo/';
// The names newStorageKey gives logos: a UUID and the sniffed extension, stored under uploads/.
const logoName = /^[A-Za-z0-9-]+\.(png|jpg|webp|gif)$/;

function presentBrandProfile(row: DomainProfileRow): BrandProfileView {
  if (row.accountId === null) throw new Error(`profile ${row.id} has no account`);
  return {
    id: row.id,
    accountId: row.accountId,
    name: row.name,
    image: row.image,
    supportUrl: row.supportUrl,
    supportEmail: row.supportEmail,
    smsMessaging: row.smsMessaging,
    allowEmbeds: row.allowEmbeds,
    appScripts: row.appScripts,
    favorites: row.favorites,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const brandTiers = new Set(['partner', 'reseller']);

async function editableBrandAccount(deps: BrandDeps, accountId: number | null) {
  const account = await loadActingAccount(deps.db, accountId);
  if (!brandTiers.has(account.accountType)) {
    throw new AppError('FORBIDDEN', 'Only partners and resellers have a white-label profile');
  }
  return account;
}

export async function getBrandProfile(deps: BrandDeps, actor: Actor, accountId: number | null) {
  const account = await loadActingAccount(deps.db, accountId);
  const { permissions } = await permissionsOf(deps, actor, account.id);
  const row = await findProfileOfAccount(deps.db, account.id);
  return {
    success: true as const,
    profile: row ? presentBrandProfile(row) : null,
    canEdit: brandTiers.has(account.accountType) && permissions.canEditOrg,
  };
}

export async function saveBrandProfile(
  deps: BrandDeps,
  accountId: number | null,
  input: z.output<typeof brandProfileInputSchema>,
) {
  const account = await editableBrandAccount(deps, accountId);
  const previous = await findProfileOfAccount(deps.db, account.id);
  const row = await upsertProfileOfAccount(deps.db, account.id, {
    name: input.name,
    ...(input.supportUrl === undefined ? {} : { supportUrl: input.supportUrl }),
    ...(input.supportEmail === undefined ? {} : { supportEmail: input.supportEmail?.toLowerCase() ?? null }),
    ...(input.smsMessaging === undefined ? {} : { smsMessaging: input.smsMessaging }),
    ...(input.allowEmbeds === undefined ? {} : { allowEmbeds: input.allowEmbeds }),
    ...(input.appScripts === undefined ? {} : { appScripts: [...new Set(input.appScripts)] }),
    ...(input.favorites === undefined
      ? {}
      : { favorites: [...new Set(input.favorites.map((name) => name.toLowerCase()))] }),
    ...(input.image === null ? { image: null } : {}),
  });
  if (input.image === null && previous?.image) await dropLogo(deps.storage, previous.image);
  return { success: true as const, profile: presentBrandProfile(row) };
}

const keyOfLogoUrl = (url: string) => {
  const name = url.startsWith(logoUrlPrefix) ? url.slice(logoUrlPrefix.length) : null;
  return name !== null && logoName.test(name) ? `uploads/${name}` : null;
};

async function dropLogo(storage: StorageProvider, url: string) {
  const key = keyOfLogoUrl(url);
  // Losing an unused file is harmless; failing the change over it would not be.
  if (key) await storage.delete(key).catch(() => undefined);
}

export async function uploadBrandLogo(deps: BrandDeps, accountId: number | null, request: FastifyRequest) {
  const account = await editableBrandAccount(deps, accountId);
  const profile = await findProfileOfAccount(deps.db, account.id);
  if (!profile)
    throw new AppError('BAD_REQUEST', 'Save the white-label profile (its name) before adding a logo');
  const upload = await readImageUpload(request);
  const key = newStorageKey('uploads', `logo.${upload.type.extension}`);
  await deps.storage.put(key, upload.data, { contentType: upload.type.contentType });
  const url = `${logoUrlPrefix}${key.slice('uploads/'.length)}`;
  let row: DomainProfileRow;
  try {
    row = await updateProfileImage(deps.db, { id: profile.id, accountId: account.id }, url);
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (profile.image && profile.image !== url) await dropLogo(deps.storage, profile.image);
  return { success: true as const, profile: presentBrandProfile(row) };
}

/** A logo some profile uses, by file name; anything else under uploads/ stays private (404). */
export async function openBrandLogo(
  deps: { db: Db; storage: StorageProvider },
  name: string,
): Promise<StoredObjectContent> {
  const url = `${logoUrlPrefix}${name}`;
  const object =
    logoName.test(name) && (await isProfileImage(deps.db, url))
      ? await deps.storage.get(`uploads/${name}`)
      : null;
  if (!object) throw new AppError('NOT_FOUND', 'No logo matches params.name');
  return object;
}
