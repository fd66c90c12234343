import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okBody, shownInput } from './fields';

/** The countries the platform sells numbers in. */
export const phoneNumberCountries = ['US', 'CA'] as const;
export type PhoneNumberCountry = (typeof phoneNumberCountries)[number];

/** The answer of every search that finds nothing (spec wording). */
export const noNumbersMessage =
  'No phone numbers available for the search area. Please try a different area.';

const countryField = () =>
  z
    .string()
    .trim()
    .meta({ examples: ['US'] })
    .transform((value, ctx): PhoneNumberCountry => {
      const upper = value.toUpperCase();
      if ((phoneNumberCountries as readonly string[]).includes(upper)) return upper as PhoneNumberCountry;
      ctx.addIssue({
        code: 'custom',
        message: `${shownInput(value)} is not a country with numbers here (${phoneNumberCountries.join(' or ')})`,
      });
      return z.NEVER;
    });

/** A phone number in E.164 form (`+` and up to 15 digits). */
export const e164Field = () =>
  z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in E.164 form, like +12125550142')
    .meta({ examples: ['+12125550142'] });

const placeField = (max: number, example: string) =>
  z
    .string()
    .trim()
    .min(1, 'is required')
    .max(max, `is longer than ${max} characters`)
    .meta({ examples: [example] });

export const availableNumberSchema = z.object({
  /** E.164. */
  phoneNumber: z.string(),
  locality: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string(),
  capabilities: z.object({ voice: z.boolean(), sms: z.boolean(), mms: z.boolean() }),
});

export type AvailableNumberView = z.infer<typeof availableNumberSchema>;

/** A number an agent account holds. */
export const heldNumberSchema = z.object({
  number: z.string(),
  country: z.string(),
  /** `carrier`: bought through the platform; `byo`: brought by its owner. */
  kind: z.enum(['carrier', 'byo']),
  carrier: z.enum(['sandbox', 'twilio']),
  locality: z.string().nullable(),
  region: z.string().nullable(),
  assignedAt: z.string(),
});

export type HeldNumberView = z.infer<typeof heldNumberSchema>;

/** The state of an agent account's call forwarding from a person's cell (spec: verifyCellForwarding). */
export const forwardingSchema = z.object({
  /** `none`: never checked; `calling`: a test call is on its way; `verified`/`failed`: the latest check's end. */
  status: z.enum(['none', 'calling', 'verified', 'failed']),
  cellNumber: z.string().nullable(),
  agentNumber: z.string().nullable(),
  /** Why the latest check failed, in words a person can act on. */
  failure: z.string().nullable(),
  startedAt: z.string().nullable(),
  /** When forwarding was last verified (kept while later checks run or fail). */
  verifiedAt: z.string().nullable(),
  verifiedCell: z.string().nullable(),
});

export type ForwardingView = z.infer<typeof forwardingSchema>;

/** The walkthrough's steps, in order (spec part 1 §4). */
export const walkthroughSteps = ['SETUP_AGENT', 'TEST_AGENT', 'ADD_NUMBER', 'FORWARD_CALLS'] as const;
export type WalkthroughStep = (typeof walkthroughSteps)[number];

const searchResponse = okBody({ message: z.literal('Success'), numbers: z.array(availableNumberSchema) });

const searchDescription =
  `Answers up to 20 numbers for sale; 404 "${noNumbersMessage}" when none is. On the sandbox phone network the ` +
  'numbers are fictional (555-01XX) in real area codes.';

const numberPermission = { flag: 'canEditOrg' } as const;

export const phoneNumbersEndpoints = {
  searchNumbersByPrefix: defineEndpoint({
    area: 'phone-numbers',
    method: 'POST',
    path: '/api/v2/phoneNumber/search/local/prefix',
    summary: 'Numbers for sale in an area code (`strict: false` adds numbers elsewhere in the same state)',
    description: searchDescription,
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    body: z.object({
      prefix: z
        .string()
        .trim()
        .regex(/^\d{1,3}$/, 'must be the first 1 to 3 digits of an area code')
        .meta({ examples: ['212'] }),
      country: countryField().default('US'),
      strict: z.boolean().default(false),
    }),
    response: searchResponse,
  }),
  searchNumbersByLocality: defineEndpoint({
    area: 'phone-numbers',
    method: 'POST',
    path: '/api/v2/phoneNumber/search/local/locality',
    summary: 'Numbers for sale in a city (and state or province)',
    description: searchDescription,
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    body: z.object({
      city: placeField(80, 'Austin'),
      region: placeField(40, 'TX').optional(),
      country: countryField().default('US'),
    }),
    response: searchResponse,
  }),
  searchNumbersByPhrase: defineEndpoint({
    area: 'phone-numbers',
    method: 'POST',
    path: '/api/v2/phoneNumber/search/local/phrase',
    summary: 'Numbers for sale that spell a phrase on the keypad (`*` any one digit), anywhere in the number',
    description: `${searchDescription} Letters map to their keypad digits; at most 10 digits after the mapping.`,
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    body: z.object({
      phrase: z
        .string()
        .trim()
        .min(1, 'is required')
        .max(20, 'is longer than 20 characters')
        .regex(/^[A-Za-z0-9*]+$/, 'may hold only letters, digits and * (any one digit)')
        .meta({ examples: ['*55*01'] }),
      city: placeField(80, 'Austin').optional(),
      region: placeField(40, 'TX').optional(),
      country: countryField().default('US'),
    }),
    response: searchResponse,
  }),
  assignPhoneNumber: defineEndpoint({
    area: 'phone-numbers',
    method: 'POST',
    path: '/api/v2/phoneNumber/assign',
    summary: "Buy a number for the acting agent account; it becomes the agent's number",
    description:
      'One number per agent account: a number assigned before is released. 403 for accounts that are not ' +
      'agent accounts, 409 when another account holds the number, 404 when the carrier does not offer it.',
    guard: 'session',
    permission: numberPermission,
    body: z.object({ number: e164Field(), country: countryField() }),
    response: okBody({
      message: z.literal('Success'),
      number: heldNumberSchema,
      /** The number the account held before, now released, if any. */
      released: z.string().nullable(),
    }),
  }),
  returnPhoneNumber: defineEndpoint({
    area: 'phone-numbers',
    method: 'POST',
    path: '/api/v2/phoneNumber/return',
    summary: 'Release a number the acting agent account holds',
    description: '404 "Unable to return phone number" when the acting account does not hold it.',
    guard: 'session',
    permission: numberPermission,
    body: z.object({ number: e164Field() }),
    owned: { body: { number: 'phoneNumber' } },
    response: okBody({ message: z.literal('Success') }),
  }),
  assignByoNumber: defineEndpoint({
    area: 'phone-numbers',
    method: 'POST',
    path: '/api/v2/phoneNumber/byo/assign',
    summary:
      "Bring a number you own: the first call texts it a code, the second (with the code) makes it the agent's number",
    description:
      'Without `code`: texts a 6-digit code to the number (valid 10 minutes, 5 tries; a few codes per account ' +
      'and number per 10 minutes) and answers `codeSent`. With `code`: attaches the number to the acting agent ' +
      'account as its number (a number held before is released) and meters it as byo-number. 400 for a wrong or ' +
      'expired code, 409 when another account holds the number, 403 for accounts that are not agent accounts.',
    guard: 'session',
    permission: numberPermission,
    body: z.object({
      number: e164Field(),
      country: countryField().default('US'),
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, 'must be the 6-digit code texted to the number')
        .optional(),
    }),
    response: okBody({
      message: z.string(),
      codeSent: z.boolean(),
      /** The attached number, once the code was right. */
      number: heldNumberSchema.nullable(),
      released: z.string().nullable(),
    }),
  }),
  verifyCellForwarding: defineEndpoint({
    area: 'phone-numbers',
    method: 'POST',
    path: '/api/v1/verifyCellForwarding',
    summary:
      "Check that calls to your cell phone forward to the agent's number, with a test call to the cell",
    description:
      "The platform calls the cell from its own number; forwarding is verified when that call reaches the agent's " +
      'number still showing the caller id it was placed with. Answers at once with the check calling (or already ' +
      'settled on the sandbox phone network); POST /api/v1/validateVerifiedNumber with `listen` waits for the end. ' +
      '`cellNumber` defaults to your verified phone number. 409 when the agent has no number.',
    guard: 'session',
    permission: numberPermission,
    body: z.object({ cellNumber: e164Field().optional() }).default({}),
    response: okBody({ verified: z.boolean(), forwarding: forwardingSchema }),
  }),
  validateVerifiedNumber: defineEndpoint({
    area: 'phone-numbers',
    method: 'POST',
    path: '/api/v1/validateVerifiedNumber',
    summary: "The agent account's call forwarding: verified or not, and the latest check",
    description:
      'With `listen: true` the answer waits (up to 25 seconds) while a check is still calling, and comes as soon as ' +
      'it is verified or has failed.',
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    body: z.object({ listen: z.boolean().default(false) }).default({ listen: false }),
    response: okBody({ verified: z.boolean(), forwarding: forwardingSchema }),
  }),
  setSandboxCallForwarding: defineEndpoint({
    area: 'phone-numbers',
    method: 'POST',
    path: '/api/sandbox/callForwarding',
    summary:
      'Sandbox phone network: forward a cell to a number (as dialing *72 and the number does), or stop (null)',
    description: 'Only on the sandbox phone network; closed in production.',
    guard: 'session',
    body: z.object({ cellNumber: e164Field(), forwardTo: e164Field().nullable() }),
    response: okBody({ cellNumber: z.string(), forwardTo: z.string().nullable() }),
  }),
  walkthrough: defineEndpoint({
    area: 'phone-numbers',
    method: 'GET',
    path: '/api/v2/walkthrough',
    summary:
      "The acting account's walkthrough: which steps it has really done (an organization: any of its agents)",
    description:
      'Computed from the account: an agent exists (SETUP_AGENT), a test conversation by chat or call exists ' +
      '(TEST_AGENT), it holds a number (ADD_NUMBER), its call forwarding is verified (FORWARD_CALLS). Kept in the ' +
      "account's settings (walkthrough: version 1 and the completed steps).",
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    response: okBody({
      version: z.literal(1),
      completed: z.array(z.enum(walkthroughSteps)),
      next: z.enum(walkthroughSteps).nullable(),
    }),
  }),
  listPhoneNumbers: defineEndpoint({
    area: 'phone-numbers',
    method: 'GET',
    path: '/api/v2/phoneNumbers',
    summary: 'The numbers the acting agent account holds',
    description: '403 for accounts that are not agent accounts: only agent accounts hold numbers.',
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    response: okBody({ numbers: z.array(heldNumberSchema) }),
  }),
};
