import type { Endpoint, ResponseOf } from '@switchboard/contract';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { callApi, type ApiArgs, type ApiError, type ApiInput } from './api-client';

/** The key prefix shared by every cached call to an endpoint; invalidating it refreshes them all. */
export function apiQueryScope(endpoint: Endpoint): QueryKey {
  return [`${endpoint.method} ${endpoint.path}`];
}

/** The cache key of one call: the endpoint's scope, the acting account, and the params, query and body. */
export function apiQueryKey<E extends Endpoint>(endpoint: E, input?: ApiInput<E>): QueryKey {
  const { params = null, query = null, body = null, targetAccountId = null } = input ?? {};
  return [...apiQueryScope(endpoint), { targetAccountId, params, query, body }];
}

export type ApiQueryOptions<E extends Endpoint, TData = ResponseOf<E>> = Omit<
  UseQueryOptions<ResponseOf<E>, ApiError, TData>,
  'queryKey' | 'queryFn'
>;

type QueryArgs<E extends Endpoint, TData> =
  object extends ApiInput<E>
    ? [input?: ApiInput<E>, options?: ApiQueryOptions<E, TData>]
    : [input: ApiInput<E>, options?: ApiQueryOptions<E, TData>];

/** Reads an endpoint through TanStack Query; the key is derived from the endpoint and its input. */
export function useApiQuery<E extends Endpoint, TData = ResponseOf<E>>(
  endpoint: E,
  ...[input, options]: QueryArgs<E, TData>
): UseQueryResult<TData, ApiError> {
  return useQuery({
    ...options,
    queryKey: apiQueryKey(endpoint, input),
    queryFn: ({ signal }) => callApi(endpoint, ...([{ ...input, signal }] as ApiArgs<E>)),
  });
}

export type ApiMutationOptions<E extends Endpoint, TContext = unknown> = Omit<
  UseMutationOptions<ResponseOf<E>, ApiError, ApiInput<E>, TContext>,
  'mutationFn'
> & {
  /** Endpoints whose cached answers are stale once this call succeeds. */
  invalidates?: readonly Endpoint[];
  /**
   * The screen shows a failure itself (an inline alert or field error). Otherwise every failure shows the
   * server's message in a notification (the query client's mutation cache does that for all mutations).
   */
  showsError?: boolean;
};

/**
 * Changes data through an endpoint (`mutate(input)`), then invalidates the endpoints named in `invalidates`. A failure
 * shows the server's message in a notification unless `showsError` says the screen shows it.
 */
export function useApiMutation<E extends Endpoint, TContext = unknown>(
  endpoint: E,
  { invalidates = [], onSuccess, showsError = false, ...options }: ApiMutationOptions<E, TContext> = {},
): UseMutationResult<ResponseOf<E>, ApiError, ApiInput<E>, TContext> {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    meta: { ...options.meta, showsError },
    mutationFn: (input) => callApi(endpoint, ...([input] as ApiArgs<E>)),
    onSuccess: async (...args) => {
      await Promise.all(
        invalidates.map((stale) => queryClient.invalidateQueries({ queryKey: apiQueryScope(stale) })),
      );
      await onSuccess?.(...args);
    },
  });
}
