import { endpoints, type DomainProfileView } from '@switchboard/contract';
import type { CallApi } from '../../lib/api-client';

/** The product's own brand, shown when the host's profile cannot be read (spec §8: the call then answers null). */
export const ownBrandProfile: DomainProfileView = {
  id: 2286,
  name: 'Switchboard',
  details: { image: null, supportEmail: null },
  settings: { supportUrl: null, smsMessaging: true, allowEmbeds: true, appScripts: [], favorites: [] },
  ownHost: true,
  domain: null,
};

export const invalidDomainData = 'Invalid domain data';

export interface ProfileLog {
  error(message: string, detail?: unknown): void;
}

/**
 * The profile of the host the page is served from. A failed call, or an answer without a profile, is logged
 * ('Invalid domain data') and answers null, so the page carries on under the product's own brand.
 */
export async function fetchDomainProfile(
  callApi: CallApi,
  host: string,
  options: { generic?: boolean; log?: ProfileLog; signal?: AbortSignal } = {},
): Promise<DomainProfileView | null> {
  const log = options.log ?? console;
  try {
    const body = await callApi(endpoints.getDomainProfile, {
      query: { host, ...(options.generic ? { generic: true } : {}) },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (!(body as { profile?: unknown }).profile) {
      log.error(invalidDomainData, body);
      return null;
    }
    return body.profile;
  } catch (error) {
    log.error(invalidDomainData, error);
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
    if (!text) return null;
    const parsed = endpoints.getDomainProfile.response.shape.profile.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
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
