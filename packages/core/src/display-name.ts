import type { AccountType } from './account-types';

export type DetailsNameKey = 'partnerName' | 'resellerName' | 'orgName' | 'agentName' | 'fullName';

const nameKeys = {
  partner: 'partnerName',
  reseller: 'resellerName',
  organization: 'orgName',
  agent: 'agentName',
} as const satisfies Record<AccountType, DetailsNameKey>;

/** The details key that holds the name of an account of `type`; users without a type keep `fullName`. */
export function detailsNameKey(type: AccountType | null): DetailsNameKey {
  return type === null ? 'fullName' : nameKeys[type];
}

// Older agent accounts stored their name as accountName before agentName existed.
function nameKeysOf(type: AccountType | null): readonly string[] {
  return type === 'agent' ? ['agentName', 'accountName'] : [detailsNameKey(type)];
}

function nonEmptyText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export type DisplayNameSource = {
  accountType: AccountType | null;
  details: Record<string, unknown> | null;
  username?: string | null;
};

/**
 * The name shown for an account (spec part 1 §3): the details name for its type, else the username, else ''.
 * Only non-empty strings count, trimmed.
 */
export function displayNameOf(account: DisplayNameSource): string {
  for (const key of nameKeysOf(account.accountType)) {
    const name = nonEmptyText(account.details?.[key]);
    if (name !== null) return name;
  }
  return nonEmptyText(account.username) ?? '';
}
