import type { DomainProfileView } from '@switchboard/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { storedMobileFlags } from '../../lib/mobile-flags';
import { fetchDomainProfile, ownBrandProfile, readCachedProfile, writeCachedProfile } from './domain-profile';

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function genericBrand(): boolean {
  try {
    return storedMobileFlags(window.localStorage).genericBrand;
  } catch {
    return false;
  }
}

export interface Brand {
  profile: DomainProfileView;
  /** True until the host's profile is known (from the last visit or the network). */
  pending: boolean;
}

/** The brand of the host the page is served from, fetched once per page load and kept for the next visit. */
export function useBrand(): Brand {
  const host = window.location.host;
  const generic = genericBrand();
  const query = useQuery({
    queryKey: ['domain-profile', host, generic],
    queryFn: async ({ signal }) => {
      const profile = await fetchDomainProfile(callApi, host, { generic, signal });
      writeCachedProfile(browserStorage(), host, profile);
      return profile;
    },
    initialData: () => readCachedProfile(browserStorage(), host) ?? undefined,
    // The cached copy shows at once; it is refreshed once per page load.
    initialDataUpdatedAt: 0,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return { profile: query.data ?? ownBrandProfile, pending: query.data === undefined && query.isPending };
}
