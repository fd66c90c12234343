import {
  buildPath,
  errorBodySchema,
  type Endpoint,
  type RequestInput,
  type ResponseOf,
} from '@switchboard/contract';
import { ApiError } from './api-error';
import { credentialKeys } from './session';

export { ApiError, type ApiErrorCode } from './api-error';

// Kept with the session so the sign-in page can store a session without loading this client (and zod).
export { credentialKeys };

type Slot<Name extends string, Value> = [Value] extends [undefined]
  ? Readonly<Partial<Record<Name, never>>>
  : object extends Value
    ? Readonly<Partial<Record<Name, Value>>>
    : Readonly<Record<Name, Value>>;

/** What a call takes: each part is required only when the endpoint declares it with a required field. */
export type ApiInput<E extends Endpoint> = Slot<'params', RequestInput<E>['params']> &
  Slot<'query', RequestInput<E>['query']> &
  Slot<'body', RequestInput<E>['body']> & {
    readonly signal?: AbortSignal;
    /** The account the call acts for (every signed-in call accepts it; the server checks it). */
    readonly targetAccountId?: number;
    /** Makes a retry of the same action (a second click, a replayed request) take effect once. */
    readonly idempotencyKey?: string;
  };

/** The input argument may be left out when nothing in it is required. */
export type ApiArgs<E extends Endpoint> =
  object extends ApiInput<E> ? [input?: ApiInput<E>] : [input: ApiInput<E>];

export type CallApi = <E extends Endpoint>(endpoint: E, ...args: ApiArgs<E>) => Promise<ResponseOf<E>>;

export interface ApiClientOptions {
  /** Prepended to every path; empty for same-origin calls. */
  baseUrl?: string;
  /** Where credentials are read; `null` when storage is unavailable. */
  storage?: () => Pick<Storage, 'getItem'> | null;
  fetch?: typeof fetch;
}

function appendQueryValue(search: URLSearchParams, key: string, value: unknown): void {
  switch (typeof value) {
    case 'string':
      if (value !== '') search.append(key, value);
      return;
    case 'number':
      if (Number.isFinite(value)) search.append(key, String(value));
      return;
    case 'boolean':
    case 'bigint':
      search.append(key, String(value));
      return;
    case 'object':
      if (value === null) return;
      if (Array.isArray(value)) {
        for (const item of value) appendQueryValue(search, key, item);
      } else if (value instanceof Date) {
        if (!Number.isNaN(value.getTime())) search.append(key, value.toISOString());
      } else {
        search.append(key, JSON.stringify(value));
      }
      return;
    default:
      return;
  }
}

/** Builds `?a=1&b=x` from a query object, skipping empty values and invalid numbers; `''` when nothing is left. */
export function encodeQuery(query: Readonly<Record<string, unknown>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) appendQueryValue(search, key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage;
  } catch {
    return null;
  }
}

function readCredential(storage: Pick<Storage, 'getItem'> | null, key: string): string | undefined {
  try {
    const value = storage?.getItem(key)?.trim();
    return value === '' ? undefined : value;
  } catch {
    return undefined;
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

function errorFrom(response: Response, body: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) return new ApiError(response.status, parsed.data.code, parsed.data.message);
  return new ApiError(response.status, 'UNKNOWN', `API Error: ${response.status} - ${response.statusText}`);
}

/** A client bound to a base URL, a credential store and a fetch; the app uses the default `callApi`. */
export function createApiClient(options: ApiClientOptions = {}): CallApi {
  const baseUrl = options.baseUrl ?? '';
  const storage = options.storage ?? browserStorage;
  const fetchResponse = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));

  return async function callApi<E extends Endpoint>(
    endpoint: E,
    ...args: ApiArgs<E>
  ): Promise<ResponseOf<E>> {
    const input: {
      params?: unknown;
      query?: unknown;
      body?: unknown;
      signal?: AbortSignal;
      targetAccountId?: number;
      idempotencyKey?: string;
    } = args[0] ?? {};
    const store = storage();
    const query: Record<string, unknown> = {
      ...(isRecord(input.query) ? input.query : {}),
      ...(input.targetAccountId === undefined ? {} : { targetAccountId: input.targetAccountId }),
    };
    for (const key of Object.values(credentialKeys)) {
      if (query[key] === undefined || query[key] === null || query[key] === '') {
        query[key] = readCredential(store, key);
      }
    }

    const path = buildPath(endpoint.path, isRecord(input.params) ? input.params : undefined);
    const headers: Record<string, string> = { Accept: 'application/json' };
    const hasBody = input.body !== undefined && endpoint.method !== 'GET';
    if (hasBody) headers['Content-Type'] = 'application/json';
    if (input.idempotencyKey) headers['Idempotency-Key'] = input.idempotencyKey;

    const response = await fetchResponse(`${baseUrl}${path}${encodeQuery(query)}`, {
      method: endpoint.method,
      headers,
      body: hasBody ? JSON.stringify(input.body) : undefined,
      signal: input.signal,
    });

    if (endpoint.produces === 'file' && response.ok) return (await response.blob()) as ResponseOf<E>;

    const body = await readJson(response);
    if (!response.ok) throw errorFrom(response, body);
    // Older endpoints answered 200 with `success: false`; treat that as the error it is.
    if (errorBodySchema.safeParse(body).success) throw errorFrom(response, body);

    const parsed = endpoint.response.safeParse(body);
    if (!parsed.success) {
      throw new ApiError(
        response.status,
        'INVALID_RESPONSE',
        `Unexpected response from ${endpoint.method} ${endpoint.path}`,
      );
    }
    return parsed.data as ResponseOf<E>;
  };
}

/** Calls an endpoint declared in `@switchboard/contract` from the browser, with the stored credentials. */
export const callApi: CallApi = createApiClient();
