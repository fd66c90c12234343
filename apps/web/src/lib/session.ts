import { mobileFlagKeys } from './mobile-flags';

/** Local-storage keys the API client reads credentials from (spec §9: `token`; a super admin's `adminToken`). */
export const credentialKeys = { token: 'token', adminToken: 'adminToken' } as const;

/** Where an anonymous visitor's temporary session is kept (spec §3: anonymous session id, token, data). */
export const tempSessionKey = 'tempUser';

/** Flags that survive logout (spec: logout clears local storage except the mobile and generic-brand flags). */
const keptOnLogout = mobileFlagKeys;

export function readSessionToken(): string | null {
  try {
    return localStorage.getItem(credentialKeys.token);
  } catch {
    return null;
  }
}

/** Stores what a sign-in answered (spec §9 local-storage keys `token` and `id`). */
export function storeSession(session: { token: string; id: number }): void {
  localStorage.setItem(credentialKeys.token, session.token);
  localStorage.setItem('id', String(session.id));
}

/** Forgets the session and everything cached with it, keeping only the flags that outlive a logout. */
export function clearSession(): void {
  const kept = keptOnLogout.map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
}
