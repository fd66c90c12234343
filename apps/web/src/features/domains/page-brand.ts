import type { DomainProfileView } from '@switchboard/contract';

/** The product's own brand, shown when the host's profile cannot be read (spec §8: the call then answers null). */
export const ownBrandProfile: DomainProfileView = {
  id: 2286,
  name: 'Switchboard',
  details: { image: null, supportEmail: null },
  settings: { supportUrl: null, smsMessaging: true, allowEmbeds: true, appScripts: [], favorites: [] },
  ownHost: true,
  domain: null,
};

/** The id of the JSON block in which the server hands the page its host's brand (apps/server http/web-app.ts). */
export const pageBrandElementId = 'page-brand';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const textOrNull = (value: unknown) => value === null || typeof value === 'string';
const texts = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * A domain profile read from the page or from storage, or null. Checked by hand rather than with the contract's
 * schema: the sign-in page starts with its brand and must not load zod and every endpoint's schema to do so.
 */
export function readDomainProfile(value: unknown): DomainProfileView | null {
  if (!isRecord(value) || !isRecord(value.details) || !isRecord(value.settings)) return null;
  const { details, settings } = value;
  const valid =
    typeof value.id === 'number' &&
    typeof value.name === 'string' &&
    typeof value.ownHost === 'boolean' &&
    textOrNull(value.domain) &&
    textOrNull(details.image) &&
    textOrNull(details.supportEmail) &&
    textOrNull(settings.supportUrl) &&
    typeof settings.smsMessaging === 'boolean' &&
    typeof settings.allowEmbeds === 'boolean' &&
    texts(settings.appScripts) &&
    texts(settings.favorites);
  return valid ? (value as unknown as DomainProfileView) : null;
}

/** The brand the server served the page with for its host, or null (the Vite dev server adds none). */
export function readPageBrand(doc: Pick<Document, 'getElementById'>): DomainProfileView | null {
  try {
    const text = doc.getElementById(pageBrandElementId)?.textContent;
    return text ? readDomainProfile(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

const storageKey = (host: string) => `domainProfile:${host}`;

/** The profile kept from the last visit to this host, so the brand shows before the network answers. */
export function readCachedProfile(
  storage: Pick<Storage, 'getItem'> | null,
  host: string,
): DomainProfileView | null {
  try {
    const text = storage?.getItem(storageKey(host));
    return text ? readDomainProfile(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

export function writeCachedProfile(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | null,
  host: string,
  profile: DomainProfileView | null,
): void {
  try {
    if (profile) storage?.setItem(storageKey(host), JSON.stringify(profile));
    else storage?.removeItem(storageKey(host));
  } catch {
    // Storage can be blocked or full; the profile is then fetched on every visit.
  }
}
