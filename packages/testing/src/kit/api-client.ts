import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildPath, type Endpoint, type RequestInput, type ResponseOf } from '@switchboard/contract';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Added to the path's own query string; undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** The account the call acts for. */
  targetAccountId?: number;
  headers?: Record<string, string>;
}

/** An answer: its status, its JSON body (parsed when read) and, for odd cases, the injected response. */
export interface ApiResponse<T = unknown> {
  readonly status: number;
  /** The answer parsed as JSON, typed as the caller expects it; reading it from a non-JSON answer throws. */
  readonly body: T;
  /** The answer as text: CSV, HTML, or a JSON body to print beside a failed expectation. */
  readonly text: string;
  readonly headers: OutgoingHttpHeaders;
  readonly raw: LightMyRequestResponse;
}

type Payload = InjectOptions['payload'];

/** What `call` sends: the endpoint's params, query and body as the contract types them. */
export type CallInput<E extends Endpoint> = Partial<RequestInput<E>> & Omit<RequestOptions, 'query'>;

/** Calls the API with one token (or none), the way the web client does: the token in the query. */
export interface ApiClient {
  /** The session token, or null for an anonymous client. */
  readonly token: string | null;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  post<T = unknown>(path: string, body?: Payload, options?: RequestOptions): Promise<ApiResponse<T>>;
  put<T = unknown>(path: string, body?: Payload, options?: RequestOptions): Promise<ApiResponse<T>>;
  patch<T = unknown>(path: string, body?: Payload, options?: RequestOptions): Promise<ApiResponse<T>>;
  delete<T = unknown>(path: string, body?: Payload, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** A declared endpoint, typed by the contract: the body is its success answer. */
  call<E extends Endpoint>(endpoint: E, input?: CallInput<E>): Promise<ApiResponse<ResponseOf<E>>>;
  /** The same client acting for another account (targetAccountId on every call). */
  actingFor(accountId: number): ApiClient;
  /** The raw inject, with the token (and the acting account) added to the query. */
  inject(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse>;
}

const queryText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value);

/** Appends query fields to a path that may already carry a query string. */
export function withQuery(path: string, query: Record<string, unknown>): string {
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    value === undefined || value === null
      ? []
      : [`${encodeURIComponent(key)}=${encodeURIComponent(queryText(value))}`],
  );
  if (pairs.length === 0) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${pairs.join('&')}`;
}

function answer<T>(raw: LightMyRequestResponse): ApiResponse<T> {
  let parsed: { value: T } | null = null;
  return {
    status: raw.statusCode,
    get body() {
      parsed ??= { value: JSON.parse(raw.body) as T };
      return parsed.value;
    },
    text: raw.body,
    headers: raw.headers,
    raw,
  };
}

/** A client of `app` bound to `token` (none: anonymous), optionally acting for an account. */
export function createApiClient(
  app: FastifyInstance,
  token: string | null = null,
  actingAccountId?: number,
): ApiClient {
  const authorize = (url: string, targetAccountId = actingAccountId) =>
    withQuery(url, { token: token ?? undefined, targetAccountId });
  const send = async <T>(
    method: NonNullable<InjectOptions['method']>,
    path: string,
    body: Payload,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> =>
    answer<T>(
      await app.inject({
        method,
        url: authorize(withQuery(path, options.query ?? {}), options.targetAccountId ?? actingAccountId),
        ...(body === undefined ? {} : { payload: body }),
        ...(options.headers ? { headers: options.headers } : {}),
      }),
    );
  return {
    token,
    get: (path, options) => send('GET', path, undefined, options),
    post: (path, body, options) => send('POST', path, body, options),
    put: (path, body, options) => send('PUT', path, body, options),
    patch: (path, body, options) => send('PATCH', path, body, options),
    delete: (path, body, options) => send('DELETE', path, body, options),
    call: <E extends Endpoint>(endpoint: E, input: CallInput<E> = {}) =>
      send<ResponseOf<E>>(
        endpoint.method,
        buildPath(endpoint.path, input.params as Record<string, unknown> | undefined),
        input.body as Payload,
        {
          query: input.query ?? {},
          ...(input.targetAccountId === undefined ? {} : { targetAccountId: input.targetAccountId }),
          ...(input.headers ? { headers: input.headers } : {}),
        },
      ),
    actingFor: (accountId) => createApiClient(app, token, accountId),
    inject: (options) => app.inject({ ...options, url: authorize(options.url) }),
  };
}
