import { z } from 'zod';
import { accountListResponse, accountSummarySchema, accountTypeSchema, socialLinkSchema } from './accounts';
import { defineEndpoint } from './endpoint';
import { epochMillisecondsField, idField, okBody, okOnly, queryBool, queryInt } from './fields';

const paging = {
  page: queryInt({ min: 0 }).default(0),
  pageSize: queryInt({ min: 1, max: 100 }).default(20),
  pagination: queryBool().default(true),
};

const epochMs = epochMillisecondsField;
const usageBound = () => queryInt({ min: 0 }).optional();

/** Min/max pairs over usage_events: messages (inbound + outbound) and voice minutes, per period (FACTS §1.2). */
const usageRanges = {
  currentBillingPeriodMessagesMin: usageBound(),
  currentBillingPeriodMessagesMax: usageBound(),
  previousBillingPeriodMessagesMin: usageBound(),
  previousBillingPeriodMessagesMax: usageBound(),
  allTimeMessagesMin: usageBound(),
  allTimeMessagesMax: usageBound(),
  currentBillingPeriodVoiceMinutesMin: usageBound(),
  currentBillingPeriodVoiceMinutesMax: usageBound(),
  previousBillingPeriodVoiceMinutesMin: usageBound(),
  previousBillingPeriodVoiceMinutesMax: usageBound(),
  allTimeVoiceMinutesMin: usageBound(),
  allTimeVoiceMinutesMax: usageBound(),
};

export const usageRangeKeys = Object.keys(usageRanges) as (keyof typeof usageRanges)[];

export const adminUserSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  isOwner: z.boolean(),
  /** ISO time the person joined the account (their membership, or their sign-up for the account's own owners). */
  createdAt: z.string(),
});

export const publicProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  accountType: accountTypeSchema,
  profileImage: z.string().nullable(),
  socialLinks: z.array(socialLinkSchema),
  socialLinksPosition: z.string().nullable(),
  description: z.string().nullable(),
});

export const socialLinksPositionSchema = z.enum(['top', 'bottom']);
export const checkInKindSchema = z.enum(['mobile', 'web', 'desktop']);

const phrase = z.string().trim().min(1, 'is required').max(200);
const checkInResponse = okBody({ kind: checkInKindSchema, checkedInAt: z.string() });

export const directoryEndpoints = {
  searchOrganizations: defineEndpoint({
    area: 'accounts',
    method: 'GET',
    path: '/api/v2/searchOrganizations',
    summary: "Search the organizations under the acting account (a super admin's own calls: all of them)",
    description:
      'queryText matches username, email and orgName (case-insensitive, substring). createdStart/createdEnd are ' +
      'epoch milliseconds (inclusive). Usage ranges sum usage_events of the organization and its agent accounts: ' +
      'messages are inbound + outbound messages, voice minutes are voice seconds / 60; the billing period is the ' +
      'calendar month (UTC), the previous one the month before. Deleted organizations are never listed.',
    guard: 'session',
    query: z.object({
      queryText: z.string().trim().max(200).optional(),
      resellerId: idField().optional(),
      subscribed: queryBool().optional(),
      active: queryBool().optional(),
      onboardingComplete: queryBool().optional(),
      externalAccountId: z.string().trim().min(1).max(200).optional(),
      createdStart: epochMs().optional(),
      createdEnd: epochMs().optional(),
      ...usageRanges,
      ...paging,
    }),
    owned: { query: { resellerId: 'account' } },
    response: accountListResponse,
  }),
  searchAccount: defineEndpoint({
    area: 'accounts',
    method: 'POST',
    path: '/api/v2/searchAccount',
    summary:
      'Accounts of every tier under the acting account matching a phrase (username, email, names); 50 at most',
    description:
      'Best matches first: exact username, then username prefix, exact name or email, then substrings.',
    guard: 'session',
    body: z.object({ phrase }),
    response: okBody({ accounts: z.array(accountSummarySchema) }),
  }),
  searchAccountEnhanced: defineEndpoint({
    area: 'accounts',
    method: 'POST',
    path: '/api/v2/searchAccount/enhanced',
    summary: 'As searchAccount, and also matching phone numbers and vidaPhoneNumber (punctuation ignored)',
    description: 'Phone matching needs at least 3 digits in the phrase.',
    guard: 'session',
    body: z.object({ phrase }),
    response: okBody({ accounts: z.array(accountSummarySchema) }),
  }),
  listAdminUsers: defineEndpoint({
    area: 'accounts',
    method: 'GET',
    path: '/api/v2/listAdminUsers',
    summary: "The acting account's admin users: invited members and its own owners (needs canViewOrg)",
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    response: okBody({ users: z.array(adminUserSchema) }),
  }),
  inviteAdminUser: defineEndpoint({
    area: 'accounts',
    method: 'POST',
    path: '/api/v2/inviteAdminUser',
    summary:
      'Invite a person by email as an admin user (or owner) of the acting account (needs canInviteUsers)',
    description:
      'An unknown address gets a person without an account of their own; the invitation email tells them to ' +
      'sign in at redirectUrl (default: the app) with that address. 409 when they are already an admin user.',
    guard: 'session',
    permission: { flag: 'canInviteUsers' },
    body: z.object({
      email: z.string().trim().min(3).max(254),
      redirectUrl: z
        .string()
        .trim()
        .max(2048)
        .pipe(z.url({ protocol: /^https?$/ }))
        .meta({ examples: ['https://example.com/app'] })
        .optional(),
      isOwner: z.boolean().default(false),
    }),
    successStatus: 201,
    response: okBody({ message: z.string() }),
  }),
  deleteAdminUser: defineEndpoint({
    area: 'accounts',
    method: 'DELETE',
    path: '/api/v2/deleteAdminUser',
    summary: 'Remove an admin user from the acting account (needs canManageUsers); the last owner stays',
    guard: 'session',
    permission: { flag: 'canManageUsers' },
    body: z.object({ targetUserId: idField() }),
    owned: { body: { targetUserId: 'member' } },
    response: okBody({ message: z.string() }),
  }),
  getPublicProfile: defineEndpoint({
    area: 'accounts',
    method: 'GET',
    path: '/api/v1/account/:username',
    summary: "An account's public profile: name, picture, social links, description",
    description: 'Disabled and deleted accounts answer 404 like unknown ones.',
    guard: 'public',
    params: z.object({ username: z.string().trim().min(1).max(64) }),
    response: okBody({ account: publicProfileSchema }),
  }),
  saveSocialLinks: defineEndpoint({
    area: 'accounts',
    method: 'POST',
    path: '/api/v1/account/socialLinks',
    summary: "Replace the acting account's social links (20 at most) and where they show",
    description:
      'A URL without a scheme gets https://; repeated scheme prefixes are collapsed; only http(s) links.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z.object({
      socialLinks: z.array(socialLinkSchema).max(20),
      socialLinksPosition: socialLinksPositionSchema.optional(),
    }),
    response: okBody({ socialLinks: z.array(socialLinkSchema), socialLinksPosition: z.string().nullable() }),
  }),
  uploadProfileImage: defineEndpoint({
    area: 'accounts',
    method: 'POST',
    path: '/api/v1/profile/dp',
    summary: "Upload the acting account's profile picture",
    description:
      'multipart/form-data with one file in the field "image" or "file": PNG, JPEG, WebP or GIF (recognized by ' +
      'its content, not its declared type), at most 5 MB. Answers the picture URL (/api/v1/avatars/<name>). ' +
      '400 when the file is missing or not such an image, 413 when it is too large.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    response: okBody({ profileImage: z.string() }),
  }),
  getAvatar: defineEndpoint({
    area: 'accounts',
    method: 'GET',
    path: '/api/v1/avatars/:name',
    summary: 'A profile picture uploaded through /api/v1/profile/dp',
    description: 'The image with its content type, cacheable for a year (names are never reused).',
    guard: 'public',
    params: z.object({ name: z.string().min(1).max(200) }),
    produces: 'file',
    response: z.unknown(),
  }),
  updateUsername: defineEndpoint({
    area: 'accounts',
    method: 'POST',
    path: '/api/v1/updateUsername',
    summary: "Change the acting account's username (stored lowercase)",
    description: '400 with the reason when it is not a valid username; 409 when another account has it.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z.object({ targetUsername: z.string().max(200) }),
    response: okBody({ username: z.string() }),
  }),
  checkIn: defineEndpoint({
    area: 'accounts',
    method: 'GET',
    path: '/api/v1/checkIn/:kind',
    summary: 'Record that the acting account checked in from an app (settings.checkIns[kind])',
    guard: 'session',
    params: z.object({ kind: checkInKindSchema }),
    response: checkInResponse,
  }),
  checkInMobile: defineEndpoint({
    area: 'accounts',
    method: 'GET',
    path: '/api/v1/checkIn',
    summary: 'checkIn with the default kind, mobile',
    guard: 'session',
    response: checkInResponse,
  }),
  mobileCheckIn: defineEndpoint({
    area: 'accounts',
    method: 'POST',
    path: '/api/v1/mobileCheckIn',
    summary: "Store the mobile app's check-in on the acting account (settings.mobileCheckIn = { at, value })",
    guard: 'session',
    body: z.object({
      checkIn: z.union([
        z.boolean(),
        z
          .record(z.string(), z.unknown())
          .refine(
            (value) => JSON.stringify(value).length <= 10_000,
            'must be at most 10,000 characters of JSON',
          ),
      ]),
    }),
    response: okOnly,
  }),
};
