// The Twilio wire format the fake Twilio server speaks: its records, fields, errors and webhook signatures.
import { createHmac, randomBytes } from 'node:crypto';

/** A number the fake carrier has for sale. */
export interface FakeTwilioNumber {
  phoneNumber: string;
  locality: string;
  region: string;
  isoCountry: string;
  postalCode?: string;
}

/** Form fields or query parameters as they arrived; a repeated field is an array. */
export type FakeTwilioFields = Record<string, string | string[]>;

/** One request the fake received, whatever it answered. */
export interface FakeTwilioRequest {
  method: string;
  /** Path without the query, e.g. `/2010-04-01/Accounts/AC…/Calls.json`. */
  path: string;
  query: FakeTwilioFields;
  form: FakeTwilioFields;
  /** The account sid of the Basic credentials, when there were any. */
  username: string | null;
  /** The HTTP status it answered with. */
  status: number;
}

export interface FakeTwilioPurchase {
  sid: string;
  phoneNumber: string;
  voiceUrl: string | null;
  smsUrl: string | null;
  statusCallback: string | null;
}

export interface FakeTwilioCall {
  sid: string;
  /** The form fields of the Calls create request. */
  params: FakeTwilioFields;
  status: string;
  /** Form fields of each later update (redirect, transfer TwiML, hang-up), in order. */
  updates: FakeTwilioFields[];
}

export interface FakeTwilioMessage {
  sid: string;
  params: FakeTwilioFields;
  status: string;
}

/** A few fictional numbers (555-01XX) in cities and regions a search can narrow to. */
export const fakeTwilioInventory: readonly FakeTwilioNumber[] = [
  {
    phoneNumber: '+14155550101',
    locality: 'San Francisco',
    region: 'CA',
    isoCountry: 'US',
    postalCode: '94103',
  },
  {
    phoneNumber: '+14155550142',
    locality: 'San Francisco',
    region: 'CA',
    isoCountry: 'US',
    postalCode: '94110',
  },
  { phoneNumber: '+15105550117', locality: 'Oakland', region: 'CA', isoCountry: 'US', postalCode: '94612' },
  { phoneNumber: '+12125550123', locality: 'New York', region: 'NY', isoCountry: 'US', postalCode: '10001' },
  { phoneNumber: '+15125550188', locality: 'Austin', region: 'TX', isoCountry: 'US', postalCode: '78701' },
  { phoneNumber: '+16045550165', locality: 'Vancouver', region: 'BC', isoCountry: 'CA', postalCode: 'V6B' },
];

export const sid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;
export const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
export const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function readFields(text: string): FakeTwilioFields {
  const fields: FakeTwilioFields = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const before = fields[name];
    fields[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return fields;
}

/** Twilio's signature of a webhook: base64 HMAC-SHA1 over the URL and every field (sorted by name) as name+value. */
export function twilioWebhookSignature(authToken: string, url: string, params: FakeTwilioFields): string {
  let data = url;
  for (const name of Object.keys(params).sort()) {
    const value = params[name] ?? '';
    const values = Array.isArray(value) ? [...new Set(value)].sort() : [value];
    for (const item of values) data += name + item;
  }
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

export class TwilioFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (path: string) =>
  new TwilioFailure(404, 20404, `The requested resource ${path} was not found`);

/**
 * POSTs `params` as a form to `url` the way Twilio calls a webhook, with X-Twilio-Signature made with `authToken`
 * over `signedUrl` (the URL as configured at Twilio; `url` by default).
 */
export async function sendTwilioWebhook(
  url: string,
  params: FakeTwilioFields,
  sign: { authToken: string; signedUrl?: string | undefined },
): Promise<{ status: number; contentType: string | null; body: string }> {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioWebhookSignature(sign.authToken, sign.signedUrl ?? url, params),
      'user-agent': 'TwilioProxy/1.1',
    },
    body: form.toString(),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: await response.text(),
  };
}
