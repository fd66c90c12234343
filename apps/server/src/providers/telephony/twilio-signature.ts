import twilio from 'twilio';

/** A webhook's form fields as a form parser hands them over; a repeated field arrives as an array. */
export type WebhookParams = Record<string, string | string[] | undefined>;

function definedParams(params: WebhookParams): Record<string, string | string[]> {
  const defined: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(params)) if (value !== undefined) defined[name] = value;
  return defined;
}

/**
 * True when `signature` (the X-Twilio-Signature header) is Twilio's signature of this request: HMAC-SHA1 with the
 * auth token over the full public URL the number's webhook was configured with (query string included) followed
 * by every form field sorted by name. Checked by the SDK's own validateRequest, so the URL variants Twilio is
 * known to sign (with or without the default port, either query encoding) are accepted as they are there.
 * `publicUrl` must be built from the configured public base URL, not from the Host header a proxy may rewrite.
 */
export function isTwilioSignatureValid(input: {
  authToken: string;
  publicUrl: string;
  params: WebhookParams;
  signature: string | string[] | undefined;
}): boolean {
  const { signature } = input;
  if (typeof signature !== 'string' || signature.length === 0) return false;
  return twilio.validateRequest(input.authToken, signature, input.publicUrl, definedParams(input.params));
}

/** The signature Twilio would send for these params at this URL (for tools that play the carrier's side). */
export function twilioSignatureFor(authToken: string, publicUrl: string, params: WebhookParams): string {
  return twilio.getExpectedTwilioSignature(authToken, publicUrl, definedParams(params));
}
