import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A signing secret: recognisable prefix, 192 random bits. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64url')}`;

/** HMAC-SHA256 of `<timestamp>.<raw body>` with the endpoint's secret, hex (header X-Switchboard-Signature). */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * What a receiver does (and the docs page shows): recompute the signature over the raw body, compare in constant
 * time, and refuse a timestamp more than `toleranceSeconds` away from now (a replayed old delivery).
 */
export function verifyWebhook(input: {
  secret: string;
  body: string;
  timestamp: string | undefined;
  signature: string | undefined;
  toleranceSeconds?: number;
  now?: number;
}): boolean {
  const timestamp = Number(input.timestamp);
  if (!Number.isInteger(timestamp) || !input.signature) return false;
  const now = input.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (input.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signWebhook(input.secret, timestamp, input.body), 'hex');
  const given = Buffer.from(input.signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
