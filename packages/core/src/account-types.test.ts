import { describe, expect, it } from 'vitest';
import { accountTypes, childTypeOf, isAccountType, parentTypeOf, tierOf } from './account-types';

describe('accountTypes', () => {
  it('lists the tiers from top to bottom', () => {
    expect(accountTypes).toEqual(['partner', 'reseller', 'organization', 'agent']);
    expect(accountTypes.map(tierOf)).toEqual([0, 1, 2, 3]);
  });

  it('recognises only the four type names', () => {
    expect(isAccountType('organization')).toBe(true);
    expect(isAccountType('agent')).toBe(true);
    expect(isAccountType('org')).toBe(false);
    expect(isAccountType('Partner')).toBe(false);
    expect(isAccountType(null)).toBe(false);
    expect(isAccountType(1)).toBe(false);
  });
});

describe('parentTypeOf', () => {
  it('walks agent → organization → reseller → partner → none', () => {
    expect(parentTypeOf('agent')).toBe('organization');
    expect(parentTypeOf('organization')).toBe('reseller');
    expect(parentTypeOf('reseller')).toBe('partner');
    expect(parentTypeOf('partner')).toBeNull();
  });
});

describe('childTypeOf', () => {
  it('walks partner → reseller → organization → agent → none', () => {
    expect(childTypeOf('partner')).toBe('reseller');
    expect(childTypeOf('reseller')).toBe('organization');
    expect(childTypeOf('organization')).toBe('agent');
    expect(childTypeOf('agent')).toBeNull();
  });
});
