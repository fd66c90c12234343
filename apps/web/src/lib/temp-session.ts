import { endpoints, type ResponseOf } from '@switchboard/contract';
import type { CallApi } from './api-client';
import { ApiError } from './api-error';
import { tempSessionKey } from './session';

export { tempSessionKey };

export interface TempSession {
  id: number;
  token: string;
  username: string;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const tempSessionError = 'Error fetching temp user session';

function readStored(store: Store): TempSession | null {
  try {
    const parsed = JSON.parse(store.getItem(tempSessionKey) ?? 'null') as Partial<TempSession> | null;
    return parsed && typeof parsed.id === 'number' && typeof parsed.token === 'string'
      ? { id: parsed.id, token: parsed.token, username: parsed.username ?? `guest-${parsed.id}` }
      : null;
  } catch {
    return null;
  }
}

/**
 * The anonymous visitor's temporary session, allocated on first need and kept locally. `renew` drops the kept
 * one first (a fetch with it failed). Allocation failures throw 'Error fetching temp user session'.
 */
export async function ensureTempSession(
  deps: { callApi: CallApi; store: Store },
  options: { renew?: boolean } = {},
): Promise<TempSession> {
  if (options.renew) deps.store.removeItem(tempSessionKey);
  const kept = readStored(deps.store);
  if (kept) return kept;
  try {
    const { id, token, username } = await deps.callApi(endpoints.allocateTempUserSession);
    const session = { id, token, username };
    deps.store.setItem(tempSessionKey, JSON.stringify(session));
    return session;
  } catch {
    throw new Error(tempSessionError);
  }
}

/** Forgets the anonymous session and reloads, as the spec asks when its account fetch is refused. */
export function discardTempSession(deps: { store: Store; reload: () => void }): void {
  deps.store.removeItem(tempSessionKey);
  deps.reload();
}

/**
 * Runs a call that carries the anonymous session's token (sign-up, phone sign-in), allocating the session on demand.
 * When the server refuses the token (401: expired, or claimed elsewhere) a new session is allocated and the call
 * runs once more with it.
 */
export async function withTempSession<T>(
  deps: { callApi: CallApi; store: Store },
  run: (tempUserToken: string) => Promise<T>,
): Promise<T> {
  const session = await ensureTempSession(deps);
  try {
    return await run(session.token);
  } catch (failure) {
    if (!(failure instanceof ApiError) || failure.status !== 401) throw failure;
    return run((await ensureTempSession(deps, { renew: true })).token);
  }
}

export type TempAccount = ResponseOf<typeof endpoints.getTempUserSession>;

/**
 * Fetches the anonymous account of the kept session, if one is kept. When the server answers success false (the
 * session expired or was claimed by a sign-in) the kept data is removed and the page reloads (spec §8). Other
 * failures (offline) leave the session kept and answer null.
 */
export async function checkTempSession(deps: {
  callApi: CallApi;
  store: Store;
  reload: () => void;
}): Promise<TempAccount | null> {
  const kept = readStored(deps.store);
  if (!kept) return null;
  try {
    return await deps.callApi(endpoints.getTempUserSession, { query: { token: kept.token } });
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 401) discardTempSession(deps);
    return null;
  }
}

/** Forgets the kept session without reloading: a sign-in that carried it has claimed it. */
export function forgetTempSession(store: Store): void {
  store.removeItem(tempSessionKey);
}
