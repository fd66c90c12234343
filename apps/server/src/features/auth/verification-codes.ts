import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import type { MailProvider } from '../../providers/mail/types';
import type { SmsProvider } from '../../providers/sms/types';
import { attemptCode, countRecentCodes, insertCode } from './auth.repo';
import { hashCode, newCode } from './secrets';

const codeLifetimeMs = 10 * 60_000;
const rateWindowMs = 10 * 60_000;
export const maxCodeAttempts = 5;

export interface CodeDeps {
  db: Db;
  mail: MailProvider;
  sms: SmsProvider;
  limits: { codesPerIdentifier: number; codesPerIp: number };
  /** The brand the person signs in under (the white-label host's), named in the messages. */
  brandName?: string;
}

export interface CodeRequest {
  channel: 'email' | 'sms';
  identifier: string;
  purpose: 'sign-in' | 'verify';
  /** Who may use the code; null stores a code nobody can use, so unknown addresses look exactly like known ones. */
  userId: number | null;
  requestIp: string | null;
  /** The anonymous visitor's temporary user asking for a sign-in code; the sign-in claims that session. */
  tempUserId?: number | null;
}

/** Issues a code and sends it, within the per-identifier and per-address limits. */
export async function issueCode(deps: CodeDeps, request: CodeRequest): Promise<void> {
  const [forIdentifier, forIp] = await Promise.all([
    countRecentCodes(deps.db, { identifier: request.identifier }, rateWindowMs),
    request.requestIp === null
      ? 0
      : countRecentCodes(deps.db, { requestIp: request.requestIp }, rateWindowMs),
  ]);
  if (forIdentifier >= deps.limits.codesPerIdentifier || forIp >= deps.limits.codesPerIp) {
    throw new AppError('RATE_LIMITED', 'Too many codes were requested. Wait a few minutes and try again.');
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
    expiresAt: new Date(Date.now() + codeLifetimeMs),
  });
  if (request.userId === null) return;
  const what = request.purpose === 'sign-in' ? 'sign-in' : 'verification';
  const brand = deps.brandName ?? 'Switchboard';
  if (request.channel === 'email') {
    await deps.mail.send({
      to: request.identifier,
      subject: `Your ${brand} ${what} code: ${code}`,
      text: `Your ${brand} ${what} code is ${code}.\n\nIt works once and expires in 10 minutes. If you did not ask for it, ignore this message.`,
    });
  } else {
    await deps.sms.send({
      to: request.identifier,
      text: `Your ${brand} ${what} code is ${code}. It expires in 10 minutes.`,
    });
  }
}

/**
 * Checks a code; answers the user it was issued to (and the temporary user that asked for it), or throws. Each wrong
 * try counts; the fifth burns the code.
 */
export async function redeemCode(
  db: Db,
  request: { identifier: string; purpose: 'sign-in' | 'verify'; code: string },
): Promise<{ userId: number; tempUserId: number | null }> {
  const result = await attemptCode(db, {
    identifier: request.identifier,
    purpose: request.purpose,
    codeHash: hashCode(request.identifier, request.code),
    maxAttempts: maxCodeAttempts,
  });
  if (!result?.ok || result.userId === null) throw new AppError('UNAUTHENTICATED', 'Could not verify code.');
  return { userId: result.userId, tempUserId: result.tempUserId };
}
