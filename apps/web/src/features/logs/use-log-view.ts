import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { fetchLogs, type LogsRequest } from './log-api';
import {
  filtersToQuery,
  parseFieldsParam,
  parseFiltersParam,
  windowOf,
  type LogFilters,
} from './log-url-state';

/** The log view's state, all of it in the URL: filters (JSON), fields, dateFilter and the page. */
const overlayFlags = ['logFilterBuilder', 'editConvoColumns'];
const closing = (changes: Record<string, string | null>) => overlayFlags.some((flag) => flag in changes);

export function useLogViewState() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFiltersParam(params.get('filters')), [params]);
  const fields = useMemo(() => parseFieldsParam(params.get('fields')), [params]);
  const dateFilter = params.get('dateFilter') ?? 'last 30 days';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);

  const update = (changes: Record<string, string | null>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      // Closing an overlay replaces its history entry, as the overlay host does.
      { preventScrollReset: true, replace: Object.values(changes).length > 0 && closing(changes) },
    );
  };

  return {
    filters,
    fields,
    dateFilter,
    page,
    // An overlay that applies a change closes itself in the same navigation (two would race on the query string).
    setFilters: (next: LogFilters, closeFlag?: string) =>
      update({
        filters: Object.keys(next).length === 0 ? null : JSON.stringify(next),
        page: null,
        ...(closeFlag ? { [closeFlag]: null } : {}),
      }),
    setFields: (next: string[], closeFlag?: string) =>
      update({
        fields: next.length === 0 ? null : next.join(','),
        ...(closeFlag ? { [closeFlag]: null } : {}),
      }),
    setDateFilter: (next: string) => update({ dateFilter: next, page: null }),
    setPage: (next: number) => update({ page: next <= 1 ? null : String(next) }),
  };
}

export const logPageSize = 20;

/** The request the current URL describes, for the table, the downloads and the reports. */
export function useLogRequest(accountId: number | null): LogsRequest {
  const state = useLogViewState();
  // The window is fixed per date phrase for the life of the view, so paging does not shift under the reader.
  const window = useMemo(() => windowOf(state.dateFilter), [state.dateFilter]);
  return {
    filters: filtersToQuery(state.filters),
    ...window,
    fields: state.fields,
    page: state.page,
    pageSize: logPageSize,
    targetAccountId: accountId,
  };
}

export function useLogsPage(request: LogsRequest) {
  return useQuery({
    queryKey: ['GET /api/v2/logs', request],
    queryFn: ({ signal }) => fetchLogs(request, true, signal),
    placeholderData: keepPreviousData,
  });
}
