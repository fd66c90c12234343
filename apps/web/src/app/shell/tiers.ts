import type { AccountTier } from '../../lib/parse-app-path';

export type AccountType = 'partner' | 'reseller' | 'organization' | 'agent';

/** The path segment of each account type (organizations are `org` in paths). */
export const tierOfType: Record<AccountType, AccountTier> = {
  partner: 'partner',
  reseller: 'reseller',
  organization: 'org',
  agent: 'agent',
};

export const tierLabels: Record<AccountTier, string> = {
  partner: 'Partner',
  reseller: 'Reseller',
  org: 'Organization',
  agent: 'Agent account',
};

/** What each tier lists on its home screen. */
export const childTypeOf: Partial<Record<AccountType, Exclude<AccountType, 'partner'>>> = {
  partner: 'reseller',
  reseller: 'organization',
  organization: 'agent',
};
