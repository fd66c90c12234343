import { endpoints } from '@switchboard/contract';
import type { CallApi } from './api-client';

/** Where an anonymous visitor's temporary session is kept (spec §3: anonymous session id, token, data). */
export const tempSessionKey = 'tempUser';

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
