import { endpoints } from '@switchboard/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../lib/api-client';
import type { AccountType } from './tiers';

const pageSize = 20;

const listEndpoint = {
  reseller: endpoints.listResellers,
  organization: endpoints.listOrganizations,
  agent: endpoints.listAccounts,
} as const;

/**
 * The children of an account, 20 at a time, while fewer than totalAccounts are loaded. An organization's agent
 * accounts load every page by themselves (spec §4, §5: paging stops when all are loaded); resellers and
 * organizations load the next page on request (`fetchNextPage`).
 */
export function useAccountList(parentId: number, childType: Exclude<AccountType, 'partner'>) {
  const query = useInfiniteQuery({
    queryKey: ['accounts', childType, parentId],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      callApi(listEndpoint[childType], {
        targetAccountId: parentId,
        query: { page: pageParam, pageSize, pagination: true },
        signal,
      }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.accounts.length, 0);
      return loaded < last.totalAccounts ? pages.length : undefined;
    },
  });
  const loadsAll = childType === 'agent';
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  useEffect(() => {
    // A page that failed stops the chain; the list shows the error instead of retrying forever.
    // Several lists share the query (the table, the favourites); without cancelRefetch a second caller would
    // restart the page the first one already asked for.
    if (loadsAll && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) {
      void fetchNextPage({ cancelRefetch: false });
    }
  }, [loadsAll, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const accounts = query.data?.pages.flatMap((page) => page.accounts) ?? [];
  const total = query.data?.pages[0]?.totalAccounts ?? 0;
  return { ...query, accounts, total, loadsAll };
}
