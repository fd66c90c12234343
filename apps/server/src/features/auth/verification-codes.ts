import { AppError, rateLimited } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import type { MailProvider } from '../../providers/mail/types';
import type { SmsProvider } from '../../providers/sms/types';
import { attemptCode, insertCode, type PendingSignup } from './auth.repo';
import { composeCodeMessage, type CodeMessageKind } from './code-messages';
import { releaseRateLimitHit, takeRateLimitSlots, type RateLimit } from './rate-limits.repo';
import { hashCode, newCode } from './secrets';

/** The database-kept rate limits codes are sent under, for other features that send codes. */
export { takeRateLimitSlots } from './rate-limits.repo';

const codeLifetimeMs = 10 * 60_000;
const requestWindowMs = 10 * 60_000;
export const maxCodeAttempts = 5;

export interface CodeLimits {
  /** Codes sent per email address or phone number, and per client address, within 10 minutes. */
  codesPerIdentifier: number;
  codesPerIp: number;
  /** Wrong codes tried per client address within the window, whatever address or number they were for. */
  wrongCodesPerIp: number;
  wrongCodesWindowMs: number;
}

export interface CodeDeps {
  db: Db;
  mail: MailProvider;
  sms: SmsProvider;
  limits: CodeLimits;
  /** The brand the person signs in under (the white-label host's), named in the messages. */
  brandName?: string;
}

export interface CodeRequest {
  channel: 'email' | 'sms';
  identifier: string;
  purpose: 'sign-in' | 'verify';
  /** Who may use the code; null stores a code nobody can use, so unknown addresses cost what known ones do. */
  userId: number | null;
  requestIp: string | null;
  /** The anonymous visitor's temporary user asking for a sign-in code; the sign-in claims that session. */
  tempUserId?: number | null;
  /** A sign-up to finish when the code is redeemed (only for an address with no account). */
  signup?: PendingSignup | null;
  /** What the one message sent says. */
  message: CodeMessageKind;
}

/** "in 40 seconds", "in 1 minute", "in 15 minutes". */
export function waitText(seconds: number): string {
  if (seconds < 60) return `in ${Math.max(1, Math.ceil(seconds))} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? 'in 1 minute' : `in ${minutes} minutes`;
}

/**
 * Issues a code and sends one message, within the per-identifier and per-client-address limits. The work is the
 * same for every kind of message: one code row, one message.
 */
export async function issueCode(deps: CodeDeps, request: CodeRequest): Promise<void> {
  const limits: RateLimit[] = [
    {
      bucket: 'code-requests-identifier',
      key: request.identifier,
      limit: deps.limits.codesPerIdentifier,
      windowMs: requestWindowMs,
    },
  ];
  if (request.requestIp !== null) {
    limits.push({
      bucket: 'code-requests-ip',
      key: request.requestIp,
      limit: deps.limits.codesPerIp,
      windowMs: requestWindowMs,
    });
  }
  const slots = await takeRateLimitSlots(deps.db, limits);
  if (!slots.ok) {
    throw rateLimited(
      `Too many codes were requested. Try again ${waitText(slots.retryAfterSeconds)}.`,
      slots.retryAfterSeconds,
    );
  }
  const code = newCode();
  await insertCode(deps.db, {
    channel: request.channel,
    identifier: request.identifier,
    purpose: request.purpose,
    userId: request.userId,
    codeHash: hashCode(request.identifier, code),
    requestIp: request.requestIp,
    tempUserId: request.tempUserId ?? null,
    signup: request.signup ?? null,
    expiresAt: new Date(Date.now() + codeLifetimeMs),
  });
  const message = composeCodeMessage(request.message, {
    brand: deps.brandName ?? 'Switchboard',
    code,
    channel: request.channel,
  });
  if (request.channel === 'email') {
    await deps.mail.send({ to: request.identifier, subject: message.subject, text: message.text });
  } else {
    await deps.sms.send({ to: request.identifier, text: message.sms });
  }
}

export interface RedeemedCode {
  /** The person the code signs in or verifies; null for a sign-up still to be created. */
  userId: number | null;
  tempUserId: number | null;
  signup: PendingSignup | null;
}

/**
 * Checks a code; answers whom it was issued for (and the temporary user that asked for it), or throws. Each wrong
 * try counts twice: against the code, whose fifth wrong try burns it, and against the client address, which may
 * make only so many wrong tries in a window, whatever addresses they were for.
 */
export async function redeemCode(
  deps: { db: Db; limits: CodeLimits },
  request: { identifier: string; purpose: 'sign-in' | 'verify'; code: string; requestIp: string | null },
): Promise<RedeemedCode> {
  // The try is counted before it is made, so tries arriving together cannot pass the limit; a right code is no
  // wrong try and gives its slot back.
  let hitId: number | null = null;
  if (request.requestIp !== null) {
    const slots = await takeRateLimitSlots(deps.db, [
      {
        bucket: 'wrong-codes-ip',
        key: request.requestIp,
        limit: deps.limits.wrongCodesPerIp,
        windowMs: deps.limits.wrongCodesWindowMs,
      },
    ]);
    if (!slots.ok) {
      throw rateLimited(
        `Too many wrong codes were tried from your network. Try again ${waitText(slots.retryAfterSeconds)}.`,
        slots.retryAfterSeconds,
      );
    }
    hitId = slots.hitIds[0] ?? null;
  }
  const result = await attemptCode(deps.db, {
    identifier: request.identifier,
    purpose: request.purpose,
    codeHash: hashCode(request.identifier, request.code),
    maxAttempts: maxCodeAttempts,
  });
  if (!result?.ok || (result.userId === null && result.signup === null)) {
    throw new AppError('UNAUTHENTICATED', 'Could not verify code.');
  }
  if (hitId !== null) await releaseRateLimitHit(deps.db, hitId);
  return { userId: result.userId, tempUserId: result.tempUserId, signup: result.signup };
}
