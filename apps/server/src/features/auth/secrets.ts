import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A bearer token: 256 random bits, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as this hash, so a leaked table grants nothing. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A 6-digit verification code, uniformly drawn. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Codes are hashed with what they verify, so one code's hash says nothing about another identifier's. */
export const hashCode = (identifier: string, code: string): string =>
  createHash('sha256').update(`${identifier}\u0000${code}`).digest('hex');
