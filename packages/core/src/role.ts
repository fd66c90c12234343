import type { AccountType } from './account-types';

export type AccountRole = 'partner' | 'reseller' | 'organization';

export type RoleSource = {
  accountType: AccountType | null;
  organizationId: number | null;
  partnerId: number | null;
  resellerId: number | null;
};

// An id match only counts when both sides are present; two missing ids are not the same account.
function sameId(a: number | null, b: number | null): boolean {
  return a !== null && b !== null && a === b;
}

/**
 * The role a user acts with (spec part 1 §6): partner if their type is partner or their organization is the
 * partner itself, otherwise reseller by the same test, otherwise organization.
 */
export function accountRole(user: RoleSource): AccountRole {
  if (user.accountType === 'partner' || sameId(user.organizationId, user.partnerId)) return 'partner';
  if (user.accountType === 'reseller' || sameId(user.organizationId, user.resellerId)) return 'reseller';
  return 'organization';
}

export function isPartner(user: RoleSource): boolean {
  return accountRole(user) === 'partner';
}

export function isReseller(user: RoleSource): boolean {
  return accountRole(user) === 'reseller';
}
