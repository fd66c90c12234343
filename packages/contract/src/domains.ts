import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okBody, queryBool } from './fields';

/** What a person types as a domain; the server normalises it (host only, lowercase, punycode) or says why not. */
const domainInput = z.string().trim().min(1, 'is required').max(300, 'is longer than 300 characters');

export const customDomainSchema = z.object({
  /** Lowercase ASCII host name (international names in punycode), no scheme, path or port. */
  domain: z.string(),
  accountId: z.number().int(),
  /** The domain links in mail and invitations use for this account's tree. */
  isDefault: z.boolean(),
  createdAt: z.string(),
});

export type CustomDomainView = z.infer<typeof customDomainSchema>;

/** The brand the web app takes on for the host it is served from (spec part 2: domain profile). */
export const domainProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  details: z.object({
    /** The logo shown where the product shows its own; null keeps the product's mark. */
    image: z.string().nullable(),
    supportEmail: z.string().nullable(),
  }),
  settings: z.object({
    /** On a white-label host, the help button opens this page in a new tab. */
    supportUrl: z.string().nullable(),
    smsMessaging: z.boolean(),
    allowEmbeds: z.boolean(),
    /** Script URLs (https) the app loads on this brand's hosts. */
    appScripts: z.array(z.string()),
    /** Agent usernames the brand features. */
    favorites: z.array(z.string()),
  }),
  /** True for the product's own profiles (ids 2286 and 1217159), which every unknown host gets. */
  ownHost: z.boolean(),
  /** The registered domain that matched the host, or null for the product's own profile. */
  domain: z.string().nullable(),
});

export type DomainProfileView = z.infer<typeof domainProfileSchema>;

export const ownHostProfileIds = [2286, 1217159] as const;

/** A partner's or reseller's white-label profile as its owners edit it. */
export const brandProfileSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  supportUrl: z.string().nullable(),
  supportEmail: z.string().nullable(),
  smsMessaging: z.boolean(),
  allowEmbeds: z.boolean(),
  appScripts: z.array(z.string()),
  favorites: z.array(z.string()),
  updatedAt: z.string(),
});

export type BrandProfileView = z.infer<typeof brandProfileSchema>;

const webUrl = (what: string) =>
  z
    .string()
    .trim()
    .max(500, 'is longer than 500 characters')
    .refine((value) => /^https?:\/\/[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/i.test(value), {
      error: `must be ${what} starting with https:// (or http://)`,
    })
    .meta({ examples: ['https://example.com'] });

export const brandProfileInputSchema = z.object({
  name: z.string().trim().min(1, 'is required').max(80, 'is longer than 80 characters'),
  supportUrl: webUrl('a web address').nullable().optional(),
  supportEmail: z.email({ error: 'must be an email address' }).max(254).nullable().optional(),
  smsMessaging: z.boolean().optional(),
  allowEmbeds: z.boolean().optional(),
  appScripts: z
    .array(
      webUrl('a script address').refine((value) => value.toLowerCase().startsWith('https://'), {
        error: 'must be an https:// address',
      }),
    )
    .max(5, 'holds at most 5 scripts')
    .optional(),
  favorites: z.array(z.string().trim().min(1).max(64)).max(20, 'holds at most 20 usernames').optional(),
  /** Null removes the logo (the product's mark shows again). */
  image: z.null().optional(),
});

export const domainLookupSchema = okBody({
  /** The normalised name, or null when the text is not a domain. */
  domain: z.string().nullable(),
  valid: z.boolean(),
  /** Free to add: valid, not the product's own host, and not registered by anyone. */
  available: z.boolean(),
  /** Already registered by the acting account. */
  yours: z.boolean(),
  message: z.string(),
});

export const domainsEndpoints = {
  lookupDomain: defineEndpoint({
    area: 'domains',
    method: 'POST',
    path: '/api/v1/domain/lookup',
    summary: 'Check a domain before adding it: is it valid, free, or already used',
    description:
      'Answers 200 with `valid: false` and the reason for text that is not a domain; a missing `domain` is 400.',
    guard: 'session',
    body: z.object({ domain: domainInput }),
    response: domainLookupSchema,
  }),
  listDomains: defineEndpoint({
    area: 'domains',
    method: 'GET',
    path: '/api/v2/domains',
    summary: "The acting account's custom domains, the default first",
    description: "`canManage` is false for agent accounts, which serve on their organization's domains.",
    guard: 'session',
    response: okBody({ domains: z.array(customDomainSchema), canManage: z.boolean() }),
  }),
  addDomain: defineEndpoint({
    area: 'domains',
    method: 'POST',
    path: '/api/v2/domain',
    summary: 'Add a custom domain to the acting account (partners, resellers and organizations)',
    description:
      'The name is normalised (host only, lowercase, punycode). 400 when it is not a domain, 409 when any ' +
      "account has it or it is the product's own host, 403 for agent accounts. The first domain becomes the " +
      'default, as does one added with `isDefault`.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z.object({ domain: domainInput, isDefault: z.boolean().optional() }),
    successStatus: 201,
    response: okBody({ domain: customDomainSchema }),
  }),
  deleteDomain: defineEndpoint({
    area: 'domains',
    method: 'DELETE',
    path: '/api/v2/domain',
    summary: 'Remove a custom domain (`?domain=` exact)',
    description:
      'The default cannot be removed while the account has others: make another one the default first.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    query: z.object({ domain: domainInput }),
    owned: { query: { domain: 'domain' } },
    response: okBody({ deleted: z.literal(true) }),
  }),
  setDefaultDomain: defineEndpoint({
    area: 'domains',
    method: 'POST',
    path: '/api/v2/domain/default',
    summary: "Make one of the account's domains its default",
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z.object({ domain: domainInput }),
    owned: { body: { domain: 'domain' } },
    response: okBody({ domains: z.array(customDomainSchema) }),
  }),
  getDomainProfile: defineEndpoint({
    area: 'domains',
    method: 'GET',
    path: '/api/v2/domain/profile',
    summary: 'The brand of the host the web app is served from',
    description:
      "The host (port ignored) is matched exactly against registered domains; its account's white-label " +
      "profile, or the nearest above it, answers. Any other host gets the product's own profile (2286), or " +
      'the generic Automated Phone profile (1217159) with `generic=true`.',
    guard: 'public',
    query: z.object({
      host: z.string().trim().min(1, 'is required').max(300, 'is longer than 300 characters'),
      generic: queryBool().optional(),
    }),
    response: okBody({ profile: domainProfileSchema }),
  }),
  getBrandProfile: defineEndpoint({
    area: 'domains',
    method: 'GET',
    path: '/api/v2/domainProfile',
    summary: "The acting partner's or reseller's white-label profile (null until saved)",
    guard: 'session',
    response: okBody({ profile: brandProfileSchema.nullable(), canEdit: z.boolean() }),
  }),
  saveBrandProfile: defineEndpoint({
    area: 'domains',
    method: 'POST',
    path: '/api/v2/domainProfile',
    summary: "Create or update the acting partner's or reseller's white-label profile",
    description: 'Fields left out keep their value. 403 for organizations and agent accounts.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: brandProfileInputSchema,
    response: okBody({ profile: brandProfileSchema }),
  }),
  uploadBrandLogo: defineEndpoint({
    area: 'domains',
    method: 'POST',
    path: '/api/v2/domainProfile/logo',
    summary: "Upload the logo of the acting account's white-label profile",
    description:
      'multipart/form-data with one file in the field "image" or "file": PNG, JPEG, WebP or GIF, at most 5 MB. ' +
      'The profile must exist (save it first).',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    response: okBody({ profile: brandProfileSchema }),
  }),
  getBrandLogo: defineEndpoint({
    area: 'domains',
    method: 'GET',
    path: '/api/v2/domainProfile/logo/:name',
    summary: 'A white-label logo uploaded through /api/v2/domainProfile/logo',
    guard: 'public',
    params: z.object({ name: z.string().min(1).max(200) }),
    produces: 'file',
    response: z.unknown(),
  }),
};
