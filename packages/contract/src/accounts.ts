import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idField, okBody, queryBool, queryInt } from './fields';

export const accountTypeSchema = z.enum(['partner', 'reseller', 'organization', 'agent']);

export const permissionsSchema = z.object({
  canViewOrg: z.boolean(),
  canEditOrg: z.boolean(),
  canManageUsers: z.boolean(),
  canInviteUsers: z.boolean(),
  canManageBilling: z.boolean(),
  canDeleteOrg: z.boolean(),
  canViewBilling: z.boolean(),
});

export const socialLinkSchema = z.object({
  type: z.string().trim().min(1).max(40),
  url: z.string().trim().min(1).max(2048),
});

/** An account as list and create calls answer it. */
export const accountSummarySchema = z.object({
  id: z.number().int(),
  type: accountTypeSchema,
  accountType: accountTypeSchema,
  username: z.string(),
  displayName: z.string(),
  details: z.record(z.string(), z.unknown()),
  partnerId: z.number().int().nullable(),
  resellerId: z.number().int().nullable(),
  organizationId: z.number().int().nullable(),
  parentId: z.number().int().nullable(),
  email: z.string().nullable(),
  enabled: z.boolean(),
  deleted: z.boolean(),
  subscription: z.object({ vidaPremium: z.boolean() }),
  vidaPremium: z.boolean(),
  vidaPhoneNumber: z.string().nullable(),
  smsEnabled: z.boolean(),
  externalAccountId: z.string().nullable(),
  /** Creation time, epoch milliseconds. */
  timestamp: z.number().int(),
});

/** The full account, with the caller's permissions on it. */
export const accountViewSchema = accountSummarySchema.extend({
  name: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()),
  socialLinks: z.array(socialLinkSchema),
  socialLinksPosition: z.string().nullable(),
  profileImage: z.string().nullable(),
  disabledReason: z.string().nullable(),
  disabledDetails: z.string().nullable(),
  legacy: z.boolean(),
  role: z.enum(['partner', 'reseller', 'organization']),
  superAdmin: z.boolean(),
  permissions: permissionsSchema,
});

export type AccountView = z.infer<typeof accountViewSchema>;

export const signedInUserSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  name: z.string().nullable(),
  superAdmin: z.boolean(),
  temporary: z.boolean(),
});

const paging = {
  page: queryInt({ min: 0 }).default(0),
  pageSize: queryInt({ min: 1, max: 100 }).default(20),
  pagination: queryBool().default(true),
};

export const accountListResponse = okBody({
  accounts: z.array(accountSummarySchema),
  totalAccounts: z.number().int(),
  pageSize: z.number().int(),
  pageNumber: z.number().int(),
});

const name = (what: string) => z.string().trim().min(1, `${what} is required`).max(120);
const email = z.string().trim().min(3).max(254);

/**
 * The account settings POST /api/v1/accountSetting may write, and who may write each: a person's own screens
 * (last visited accounts, onboarding, walkthrough, log columns, dashboard), or the tiers that resell and so set
 * an organization's defaults and messaging. Others (check-ins) are written only by their own calls.
 */
export const accountSettingWriters = {
  lastAccountId: 'anyone',
  onboarding: 'anyone',
  walkthrough: 'anyone',
  reportingFields: 'anyone',
  metrics: 'anyone',
  defaultOrgSettings: 'resellers',
  smsMessaging: 'resellers',
} as const satisfies Record<string, 'anyone' | 'resellers'>;

export const accountsEndpoints = {
  getAccount: defineEndpoint({
    area: 'accounts',
    method: 'GET',
    path: '/api/v1/account',
    summary: 'The acting account (yours, or targetAccountId) with your permissions on it, and who you are',
    guard: 'session',
    response: okBody({ account: accountViewSchema, user: signedInUserSchema }),
  }),
  updateAccount: defineEndpoint({
    area: 'accounts',
    method: 'POST',
    path: '/api/v1/account',
    summary:
      'Update the acting account profile: name, email, phone, and its details (names by tier, description)',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z.object({
      name: z.string().trim().max(120).optional(),
      email: email.nullable().optional(),
      phoneNumber: z.string().trim().max(32).nullable().optional(),
      partnerName: z.string().trim().max(120).optional(),
      resellerName: z.string().trim().max(120).optional(),
      orgName: z.string().trim().max(120).optional(),
      agentName: z.string().trim().max(120).optional(),
      accountName: z.string().trim().max(120).optional(),
      fullName: z.string().trim().max(120).optional(),
      firstName: z.string().trim().max(60).optional(),
      lastName: z.string().trim().max(60).optional(),
      description: z.string().trim().max(2000).optional(),
      businessName: z.string().trim().max(120).optional(),
      businessAddress: z.string().trim().max(300).optional(),
      website: z.string().trim().max(300).optional(),
    }),
    response: okBody({ account: accountViewSchema }),
  }),
  saveAccountSettings: defineEndpoint({
    area: 'accounts',
    method: 'POST',
    path: '/api/v1/accountSetting',
    summary:
      'Merge keys into the acting account settings (lastAccountId, onboarding, walkthrough, metrics...)',
    description:
      'Top-level keys replace their previous value; a key set to null is removed. Only the keys of ' +
      '`accountSettingWriters` are accepted: defaultOrgSettings and smsMessaging from partners and resellers.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z.object({ settings: z.record(z.string(), z.unknown()) }),
    response: okBody({ settings: z.record(z.string(), z.unknown()) }),
  }),
  createOrganization: defineEndpoint({
    area: 'accounts',
    method: 'POST',
    path: '/api/v2/createOrganization',
    summary: 'Create an organization under a reseller (targetResellerId, else the acting reseller)',
    guard: 'session',
    permission: { roles: ['partner', 'reseller'] },
    query: z.object({ targetResellerId: idField().optional() }),
    owned: { query: { targetResellerId: 'account' } },
    body: z.object({
      orgName: name('orgName'),
      email: email.optional(),
      accountName: z.string().trim().min(1).max(120).optional(),
      vidaPremium: z.boolean().optional(),
      smsEnabled: z.boolean().optional(),
      externalAccountId: z.string().trim().max(200).optional(),
    }),
    successStatus: 201,
    response: okBody({
      message: z.string(),
      organization: accountSummarySchema,
      account: accountSummarySchema,
    }),
  }),
  createReseller: defineEndpoint({
    area: 'accounts',
    method: 'POST',
    path: '/api/v2/createReseller',
    summary: 'Create a reseller under a partner (targetPartnerId, else the acting partner)',
    guard: 'session',
    permission: { roles: ['partner'] },
    query: z.object({ targetPartnerId: idField().optional() }),
    owned: { query: { targetPartnerId: 'account' } },
    body: z.object({ resellerName: name('resellerName'), email: email.optional() }),
    successStatus: 201,
    response: okBody({
      message: z.string(),
      organization: accountSummarySchema,
      account: accountSummarySchema,
    }),
  }),
  createAccount: defineEndpoint({
    area: 'accounts',
    method: 'POST',
    path: '/api/v2/createAccount',
    summary: 'Create an agent account under an organization (targetOrganizationId, else the acting one)',
    guard: 'session',
    permission: { roles: ['partner', 'reseller', 'organization'] },
    query: z.object({ targetOrganizationId: idField().optional() }),
    owned: { query: { targetOrganizationId: 'account' } },
    body: z.object({
      accountName: name('accountName'),
      email: email.optional(),
      name: z.string().trim().max(120).optional(),
      externalAccountId: z.string().trim().max(200).optional(),
    }),
    successStatus: 201,
    response: okBody({ message: z.string(), account: accountSummarySchema }),
  }),
  deleteOrganization: defineEndpoint({
    area: 'accounts',
    method: 'DELETE',
    path: '/api/v2/deleteOrganization',
    summary: 'Delete an organization: it is disabled and marked deleted, its data kept',
    guard: 'session',
    permission: { roles: ['partner', 'reseller'] },
    query: z.object({ targetOrganizationId: idField().optional(), targetResellerId: idField().optional() }),
    body: z.object({ targetOrganizationId: idField().optional() }).optional(),
    owned: {
      query: { targetOrganizationId: 'account', targetResellerId: 'account' },
      body: { targetOrganizationId: 'account' },
    },
    response: okBody({ message: z.string() }),
  }),
  deleteAccount: defineEndpoint({
    area: 'accounts',
    method: 'DELETE',
    path: '/api/v2/deleteAccount',
    summary: 'Delete an agent account: it is disabled and marked deleted, its data kept',
    guard: 'session',
    permission: { roles: ['partner', 'reseller', 'organization'] },
    query: z.object({ targetOrganizationId: idField().optional() }),
    body: z.object({ targetAccountId: idField() }),
    owned: { query: { targetOrganizationId: 'account' }, body: { targetAccountId: 'account' } },
    response: okBody({ message: z.string() }),
  }),
  enableAccount: defineEndpoint({
    area: 'accounts',
    method: 'POST',
    path: '/api/v1/enableAccount',
    summary: 'Enable an account again (super admins, or the tiers above it)',
    guard: 'session',
    permission: { roles: ['partner', 'reseller', 'organization'] },
    body: z.object({ username: z.string().trim().min(1, 'is required') }),
    owned: { body: { username: 'accountUsername' } },
    response: okBody({ message: z.string() }),
  }),
  disableAccount: defineEndpoint({
    area: 'accounts',
    method: 'POST',
    path: '/api/v1/disableAccount',
    summary:
      'Disable an account with a reason: it cannot sign in and its agents stop (super admins, or the tiers above it)',
    guard: 'session',
    permission: { roles: ['partner', 'reseller', 'organization'] },
    body: z.object({
      username: z.string().trim().min(1, 'is required'),
      reason: z.string().trim().min(1, 'is required').max(200),
      details: z.string().trim().max(2000).optional(),
    }),
    owned: { body: { username: 'accountUsername' } },
    response: okBody({ message: z.string() }),
  }),
  updateOrganization: defineEndpoint({
    area: 'accounts',
    method: 'POST',
    path: '/api/v2/updateOrganization',
    summary:
      'Change an organization (reseller or partner above it): name, owner email, premium, SMS, active, external id',
    guard: 'session',
    permission: { roles: ['partner', 'reseller'] },
    query: z.object({ targetOrganizationId: idField().optional() }),
    owned: { query: { targetOrganizationId: 'account' } },
    body: z.object({
      orgName: z.string().trim().min(1).max(120).optional(),
      email: email.optional(),
      vidaPremium: z.boolean().optional(),
      smsEnabled: z.boolean().optional(),
      active: z.boolean().optional(),
      externalAccountId: z.string().trim().max(200).nullable().optional(),
    }),
    response: okBody({
      message: z.string(),
      updatedSettings: z.array(z.string()),
      failedSettings: z.array(z.string()).optional(),
    }),
  }),
  listOrganizations: defineEndpoint({
    area: 'accounts',
    method: 'GET',
    path: '/api/v2/listOrganizations',
    summary: 'Organizations under a reseller (targetResellerId, else the acting account)',
    guard: 'session',
    permission: { roles: ['partner', 'reseller'] },
    query: z.object({ targetResellerId: idField().optional(), active: queryBool().default(true), ...paging }),
    owned: { query: { targetResellerId: 'account' } },
    response: accountListResponse,
  }),
  listResellers: defineEndpoint({
    area: 'accounts',
    method: 'GET',
    path: '/api/v2/listResellers',
    summary: 'Resellers under a partner (targetPartnerId, else the acting account)',
    guard: 'session',
    permission: { roles: ['partner'] },
    query: z.object({ targetPartnerId: idField().optional(), active: queryBool().default(true), ...paging }),
    owned: { query: { targetPartnerId: 'account' } },
    response: accountListResponse,
  }),
  listAccounts: defineEndpoint({
    area: 'accounts',
    method: 'GET',
    path: '/api/v2/listAccounts',
    summary:
      'Agent accounts directly under the acting account (targetOrganizationId, targetAccountId or yours)',
    guard: 'session',
    permission: { roles: ['partner', 'reseller', 'organization'] },
    query: z.object({
      targetOrganizationId: idField().optional(),
      active: queryBool().default(true),
      ...paging,
    }),
    owned: { query: { targetOrganizationId: 'account' } },
    response: accountListResponse,
  }),
};
