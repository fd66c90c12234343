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
