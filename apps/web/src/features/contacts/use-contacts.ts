import { endpoints } from '@switchboard/contract';
import { accountScope, usePathTiers } from '../../lib/path-tiers';
import { readSessionToken } from '../../lib/session';
import { useApiQuery } from '../../lib/use-api';

/** Spec part 1 §8: a contact fetch without a token (or an account to act for) fails with this message. */
export const noTokenMessage = 'No token or orgAccountId';

/** The account contacts belong to on this screen (the deepest tier in the path; null for the signed-in one). */
export function useContactsAccount(): number | null {
  return usePathTiers().at(-1)?.id ?? null;
}

const withAccount = accountScope;

export function useContactList(accountId: number | null, search: string, page: number) {
  return useApiQuery(
    endpoints.listContacts,
    { query: { search, page, pageSize: 20 }, ...withAccount(accountId) },
    { placeholderData: (previous) => previous, enabled: readSessionToken() !== null },
  );
}

export function useContact(accountId: number | null, id: number | null) {
  return useApiQuery(
    endpoints.getContact,
    { params: { id: id ?? 0 }, ...withAccount(accountId) },
    { enabled: id !== null && readSessionToken() !== null, retry: false },
  );
}

export { withAccount };
