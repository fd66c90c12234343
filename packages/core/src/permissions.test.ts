import { describe, expect, it } from 'vitest';
import type { PermissionViewer } from './permissions';
import { allPermissions, computePermissions, noPermissions, permissionKeys } from './permissions';

const options = { testAccountUsernames: ['demo', 'tester'] };

const viewer = (overrides: Partial<PermissionViewer>): PermissionViewer => ({
  superAdmin: false,
  role: 'organization',
  accountId: 10,
  username: 'alice',
  ...overrides,
});

const everything = {
  canViewOrg: true,
  canEditOrg: true,
  canManageUsers: true,
  canInviteUsers: true,
  canManageBilling: true,
  canDeleteOrg: true,
  canViewBilling: true,
};

const viewAndEditOnly = {
  canViewOrg: true,
  canEditOrg: true,
  canManageUsers: false,
  canInviteUsers: false,
  canManageBilling: false,
  canDeleteOrg: false,
  canViewBilling: false,
};

const member = {
  canViewOrg: true,
  canEditOrg: true,
  canManageUsers: true,
  canInviteUsers: true,
  canManageBilling: false,
  canDeleteOrg: false,
  canViewBilling: false,
};

describe('permission constants', () => {
  it('name the seven flags', () => {
    expect(permissionKeys).toEqual([
      'canViewOrg',
      'canEditOrg',
      'canManageUsers',
      'canInviteUsers',
      'canManageBilling',
      'canDeleteOrg',
      'canViewBilling',
    ]);
    expect(allPermissions).toEqual(everything);
    expect(Object.values(noPermissions)).toEqual([false, false, false, false, false, false, false]);
    expect(Object.keys(noPermissions)).toEqual([...permissionKeys]);
  });
});

describe('computePermissions', () => {
  it('gives super admins everything on any account', () => {
    expect(computePermissions(viewer({ superAdmin: true }), 99, options)).toEqual(everything);
  });

  it('gives resellers and partners everything on any account', () => {
    expect(computePermissions(viewer({ role: 'reseller' }), 99, options)).toEqual(everything);
    expect(computePermissions(viewer({ role: 'partner' }), 99, options)).toEqual(everything);
  });

  it('lets a test account only view and edit', () => {
    expect(computePermissions(viewer({ username: 'demo' }), 99, options)).toEqual(viewAndEditOnly);
    expect(computePermissions(viewer({ username: 'tester' }), 99, options)).toEqual(viewAndEditOnly);
  });

  it('keeps a test account restricted on its own account id', () => {
    expect(computePermissions(viewer({ username: 'demo', accountId: 10 }), 10, options)).toEqual(
      viewAndEditOnly,
    );
  });

  it('ranks super admin and reseller above the test-account list', () => {
    expect(computePermissions(viewer({ username: 'demo', superAdmin: true }), 99, options)).toEqual(
      everything,
    );
    expect(computePermissions(viewer({ username: 'demo', role: 'reseller' }), 99, options)).toEqual(
      everything,
    );
  });

  it('matches test usernames exactly', () => {
    expect(computePermissions(viewer({ username: 'Demo', accountId: 10 }), 10, options)).toEqual(everything);
    expect(computePermissions(viewer({ username: 'demo' }), 10, { testAccountUsernames: [] })).toEqual(
      everything,
    );
  });

  it('gives a user everything on their own account', () => {
    expect(computePermissions(viewer({ accountId: 10 }), 10, options)).toEqual(everything);
  });

  it('gives anyone else view, edit and user management but no billing or deletion', () => {
    expect(computePermissions(viewer({ accountId: 10 }), 11, options)).toEqual(member);
  });

  it('returns a fresh object the caller may change', () => {
    const granted = computePermissions(viewer({ superAdmin: true }), 1, options);
    granted.canDeleteOrg = false;
    expect(allPermissions.canDeleteOrg).toBe(true);
    expect(computePermissions(viewer({ superAdmin: true }), 1, options).canDeleteOrg).toBe(true);
  });
});
