import { endpoints, type DomainProfileView } from '@switchboard/contract';
import type { CallApi } from '../../lib/api-client';

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
