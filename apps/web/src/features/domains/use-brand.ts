import type { DomainProfileView } from '@switchboard/contract';
import { useQuery } from '@tanstack/react-query';
import { storedMobileFlags } from '../../lib/mobile-flags';
import { ownBrandProfile, readCachedProfile, readPageBrand, writeCachedProfile } from './page-brand';

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

async function fetchBrand(host: string, generic: boolean, signal: AbortSignal) {
  // Loaded on demand: the page usually comes with its brand, and the client pulls in every endpoint's schema.
  const [{ fetchDomainProfile }, { callApi }] = await Promise.all([
    import('./domain-profile'),
    import('../../lib/api-client'),
  ]);
  const profile = await fetchDomainProfile(callApi, host, { generic, signal });
  writeCachedProfile(browserStorage(), host, profile);
  return profile;
}

export interface Brand {
  profile: DomainProfileView;
  /** True until the host's profile is known (from the page, the last visit or the network). */
  pending: boolean;
}

/**
 * The brand of the host the page is served from. The server puts it in the page; without it (the Vite dev
 * server, or the generic brand the mobile shell asks for) it is fetched once per page load and kept for the
 * next visit.
 */
export function useBrand(): Brand {
  const host = window.location.host;
  const generic = genericBrand();
  const query = useQuery({
    queryKey: ['domain-profile', host, generic],
    queryFn: ({ signal }) => fetchBrand(host, generic, signal),
    initialData: () =>
      (generic ? null : readPageBrand(document)) ?? readCachedProfile(browserStorage(), host) ?? undefined,
    // The page's copy or the cached copy shows at once.
    initialDataUpdatedAt: 0,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return { profile: query.data ?? ownBrandProfile, pending: query.data === undefined && query.isPending };
}
