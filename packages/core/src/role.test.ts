import { describe, expect, it } from 'vitest';
import type { RoleSource } from './role';
import { accountRole, isPartner, isReseller } from './role';

const user = (overrides: Partial<RoleSource>): RoleSource => ({
  accountType: null,
  organizationId: null,
  partnerId: null,
  resellerId: null,
  ...overrides,
});

describe('accountRole', () => {
  it('follows the account type', () => {
    expect(accountRole(user({ accountType: 'partner' }))).toBe('partner');
    expect(accountRole(user({ accountType: 'reseller' }))).toBe('reseller');
    expect(accountRole(user({ accountType: 'organization' }))).toBe('organization');
    expect(accountRole(user({ accountType: 'agent' }))).toBe('organization');
    expect(accountRole(user({}))).toBe('organization');
  });

  it('makes a partner of an organization that is its own partner', () => {
    expect(accountRole(user({ accountType: 'organization', organizationId: 7, partnerId: 7 }))).toBe(
      'partner',
    );
    expect(accountRole(user({ accountType: 'reseller', organizationId: 7, partnerId: 7 }))).toBe('partner');
  });

  it('makes a reseller of an organization that is its own reseller', () => {
    expect(accountRole(user({ accountType: 'organization', organizationId: 9, resellerId: 9 }))).toBe(
      'reseller',
    );
  });

  it('prefers partner when the organization matches both ids', () => {
    expect(accountRole(user({ organizationId: 3, partnerId: 3, resellerId: 3 }))).toBe('partner');
  });

  it('does not treat two missing ids as equal', () => {
    expect(accountRole(user({ accountType: 'organization' }))).toBe('organization');
    expect(accountRole(user({ organizationId: null, partnerId: null, resellerId: null }))).toBe(
      'organization',
    );
    expect(accountRole(user({ organizationId: 4, partnerId: null, resellerId: null }))).toBe('organization');
    expect(accountRole(user({ organizationId: null, partnerId: 4, resellerId: 4 }))).toBe('organization');
  });

  it('keeps organization when the ids differ', () => {
    expect(
      accountRole(user({ accountType: 'organization', organizationId: 5, partnerId: 6, resellerId: 8 })),
    ).toBe('organization');
  });

  it('keeps partner over a reseller type when the ids say partner', () => {
    expect(accountRole(user({ accountType: 'partner', organizationId: 2, resellerId: 2 }))).toBe('partner');
  });
});

describe('isPartner and isReseller', () => {
  it('answer from the derived role', () => {
    expect(isPartner(user({ accountType: 'partner' }))).toBe(true);
    expect(isReseller(user({ accountType: 'partner' }))).toBe(false);
    expect(isPartner(user({ organizationId: 1, partnerId: 1 }))).toBe(true);
    expect(isReseller(user({ accountType: 'reseller' }))).toBe(true);
    expect(isPartner(user({ accountType: 'reseller' }))).toBe(false);
    expect(isReseller(user({ organizationId: 1, resellerId: 1 }))).toBe(true);
    expect(isReseller(user({ organizationId: 1, partnerId: 1, resellerId: 1 }))).toBe(false);
    expect(isPartner(user({ accountType: 'organization' }))).toBe(false);
    expect(isReseller(user({ accountType: 'organization' }))).toBe(false);
  });
});
