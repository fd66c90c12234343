import { displayNameOf, isLegacyAccount, type Permissions } from '@switchboard/core';
import type { z } from 'zod';
import type { accountSummarySchema, accountViewSchema } from '@switchboard/contract';
import type { AccountRow } from './accounts.repo';

export type AccountSummary = z.output<typeof accountSummarySchema>;
export type AccountView = z.output<typeof accountViewSchema>;

/** The account as lists and creates answer it: never the raw row. */
export function presentAccountSummary(row: AccountRow): AccountSummary {
  return {
    id: row.id,
    type: row.accountType,
    accountType: row.accountType,
    username: row.username,
    displayName: displayNameOf({
      accountType: row.accountType,
      details: row.details,
      username: row.username,
    }),
    details: row.details,
    partnerId: row.partnerId,
    resellerId: row.resellerId,
    organizationId: row.organizationId,
    parentId: row.parentId,
    email: row.email,
    enabled: row.enabled,
    deleted: row.deletedAt !== null,
    subscription: { vidaPremium: row.vidaPremium },
    vidaPremium: row.vidaPremium,
    vidaPhoneNumber: row.vidaPhoneNumber,
    smsEnabled: row.smsEnabled,
    externalAccountId: row.externalAccountId,
    timestamp: row.createdAt.getTime(),
  };
}

export function presentAccountView(
  row: AccountRow,
  viewer: { superAdmin: boolean; role: AccountView['role']; permissions: Permissions },
): AccountView {
  const timestamp = row.createdAt.getTime();
  return {
    ...presentAccountSummary(row),
    name: row.name,
    phoneNumber: row.phoneNumber,
    settings: row.settings,
    socialLinks: row.socialLinks as AccountView['socialLinks'],
    socialLinksPosition: row.socialLinksPosition,
    profileImage: row.profileImage,
    disabledReason: row.disabledReason,
    disabledDetails: row.disabledDetails,
    legacy: isLegacyAccount(timestamp),
    role: viewer.role,
    superAdmin: viewer.superAdmin,
    permissions: viewer.permissions,
  };
}

export interface Paging {
  page: number;
  pageSize: number;
  pagination: boolean;
}

/** The rows one page covers (all of them when pagination is off). */
export function pageWindow(paging: Paging): { limit: number | null; offset: number } {
  return paging.pagination
    ? { limit: paging.pageSize, offset: paging.page * paging.pageSize }
    : { limit: null, offset: 0 };
}

/** A page of accounts as every list call answers it: `{ success, accounts, totalAccounts, pageSize, pageNumber }`. */
export function presentAccountPage(rows: AccountRow[], total: number, paging: Paging) {
  return {
    success: true as const,
    accounts: rows.map(presentAccountSummary),
    totalAccounts: total,
    pageSize: paging.pagination ? paging.pageSize : rows.length,
    pageNumber: paging.pagination ? paging.page : 0,
  };
}
