import { normalizeEmail, normalizePhoneNumber } from '@switchboard/core';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import {
  findAccountState,
  findHomeAccountId,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  insertUser,
  updateUser,
} from '../accounts/people.service';
import {
  claimTemporaryUser,
  consumeOneTimeToken,
  findPendingSignup,
  findTemporaryToken,
  insertToken,
  revokeToken,
  revokeUserTokens,
  type TokenKind,
} from './auth.repo';
import { createSignedUpOrganization } from './create-signed-up-organization';
import { hashToken, newToken } from './secrets';
import { issueCode, redeemCode, type CodeDeps } from './verification-codes';

export type AuthDeps = CodeDeps;

const day = 86_400_000;
const lifetimes: Record<TokenKind, number> = {
  session: 90 * day,
  temporary: 30 * day,
  'one-time': 5 * 60_000,
};

export const codeSentMessage = 'Check your messages for a 6-digit code. It expires in 10 minutes.';

export function requireEmail(text: string, field = 'body.email'): string {
  const email = normalizeEmail(text);
  if (!email) throw new AppError('VALIDATION_FAILED', `${field}: is not a valid email address`);
  return email;
}

export function requirePhone(text: string, field = 'body.phoneNumber'): string {
  const phone = normalizePhoneNumber(text);
  if (!phone) throw new AppError('VALIDATION_FAILED', `${field}: is not a valid phone number`);
  return phone;
}

async function mintToken(deps: { db: AuthDeps['db'] }, userId: number, kind: TokenKind): Promise<string> {
  const token = newToken();
  await insertToken(deps.db, {
    tokenHash: hashToken(token),
    kind,
    userId,
    expiresAt: new Date(Date.now() + lifetimes[kind]),
  });
  return token;
}

/** Opens a session for a person, refusing a disabled or deleted account with the reason. */
export async function openSession(deps: { db: AuthDeps['db'] }, userId: number) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Could not verify code.');
  const homeAccountId = await findHomeAccountId(deps.db, userId);
  const home = homeAccountId === null ? null : await findAccountState(deps.db, homeAccountId);
  if (home && !user.superAdmin && (!home.enabled || home.deletedAt)) {
    throw new AppError(
      'FORBIDDEN',
      home.deletedAt
        ? 'This account has been deleted'
        : `This account is disabled${home.disabledReason ? `: ${home.disabledReason}` : ''}`,
    );
  }
  const token = await mintToken(deps, userId, 'session');
  await updateUser(deps.db, userId, { lastSignInAt: new Date() });
  return {
    success: true as const,
    token,
    authToken: token,
    username: home?.username ?? `user-${userId}`,
    id: home?.id ?? userId,
    // The native apps key their stored credentials by the account's cloud id; a person without an account has none.
    ...(home ? { cloudId: home.cloudId } : {}),
  };
}

/**
 * Sends a sign-in code to an address with an account, and to any other a message saying no account uses it (or,
 * while its sign-up waits for a code, a new code finishing it). The answer and the work behind it (the same
 * lookups, one code row, one message) are the same either way.
 */
export async function requestSignInCode(
  deps: AuthDeps,
  request: {
    channel: 'email' | 'sms';
    identifier: string;
    requestIp: string | null;
    /** An anonymous visitor's temporary session token: signing in with the code claims that session. */
    tempUserToken?: string | undefined;
  },
) {
  const tempUserId =
    request.tempUserToken === undefined
      ? null
      : (await requireTemporarySession(deps, request.tempUserToken)).id;
  const user =
    request.channel === 'email'
      ? await findUserByEmail(deps.db, request.identifier)
      : await findUserByPhone(deps.db, request.identifier);
  const known = user !== null && !user.temporary;
  const pending = await findPendingSignup(deps.db, request.identifier);
  await issueCode(deps, {
    channel: request.channel,
    identifier: request.identifier,
    requestIp: request.requestIp,
    purpose: 'sign-in',
    userId: known ? user.id : null,
    // A new code for a waiting sign-up still claims the anonymous session the sign-up came with.
    tempUserId: tempUserId ?? (known ? null : (pending?.tempUserId ?? null)),
    signup: known ? null : (pending?.signup ?? null),
    message: known ? 'sign-in' : pending ? 'sign-up' : 'no-account',
  });
  return { success: true as const, message: codeSentMessage };
}

/** Signs in with a code; the code of a sign-up first creates the organization it asked for. */
export async function signInWithCode(
  deps: AuthDeps,
  request: { identifier: string; code: string; requestIp: string | null },
) {
  const redeemed = await redeemCode(deps, { ...request, purpose: 'sign-in' });
  const userId =
    redeemed.userId ??
    (redeemed.signup ? await createSignedUpOrganization(deps.db, request.identifier, redeemed.signup) : null);
  if (userId === null) throw new AppError('UNAUTHENTICATED', 'Could not verify code.');
  const { tempUserId } = redeemed;
  const session = await openSession(deps, userId);
  if (tempUserId !== null) await claimTemporaryUser(deps.db, tempUserId, userId);
  return session;
}

export async function allocateTemporarySession(deps: { db: AuthDeps['db'] }) {
  const user = await insertUser(deps.db, { temporary: true });
  const token = await mintToken(deps, user.id, 'temporary');
  return { success: true as const, id: user.id, token, username: `guest-${user.id}` };
}

export const temporarySessionMessages = {
  missing: 'No auth token provided',
  unknown: 'Unknown temporary session',
  expired: 'This temporary session has expired',
  claimed: 'This temporary session ended when its visitor signed in',
} as const;

/**
 * The anonymous visitor behind a temporary token, while it is live. An unknown, expired or claimed token is 401
 * with a message saying which, so the browser can drop it (and allocate a new one when it needs one).
 */
export async function requireTemporarySession(deps: { db: AuthDeps['db'] }, token: string | undefined) {
  if (token === undefined || token === '') {
    throw new AppError('UNAUTHENTICATED', temporarySessionMessages.missing);
  }
  const found = await findTemporaryToken(deps.db, hashToken(token));
  if (!found) throw new AppError('UNAUTHENTICATED', temporarySessionMessages.unknown);
  if (found.revokedAt) {
    throw new AppError(
      'UNAUTHENTICATED',
      typeof found.data.claimedByUserId === 'number'
        ? temporarySessionMessages.claimed
        : temporarySessionMessages.unknown,
    );
  }
  if (found.expiresAt && found.expiresAt.getTime() <= Date.now()) {
    throw new AppError('UNAUTHENTICATED', temporarySessionMessages.expired);
  }
  return {
    id: found.userId,
    username: `guest-${found.userId}`,
    data: found.data,
    timestamp: found.createdAt.getTime(),
    expiresAt: found.expiresAt?.getTime() ?? null,
  };
}

/** The anonymous account view (spec §3 anonymous session: id, token, data). */
export async function viewTemporarySession(deps: { db: AuthDeps['db'] }, token: string | undefined) {
  const session = await requireTemporarySession(deps, token);
  return { success: true as const, temporary: true as const, ...session };
}

export async function mintOneTimeToken(deps: { db: AuthDeps['db'] }, userId: number) {
  return mintToken(deps, userId, 'one-time');
}

export async function signInWithOneTimeToken(deps: { db: AuthDeps['db'] }, oneTimeToken: string) {
  const userId = await consumeOneTimeToken(deps.db, hashToken(oneTimeToken));
  if (userId === null) throw new AppError('UNAUTHENTICATED', 'Could not authenticate with token');
  return openSession(deps, userId);
}

export async function signOut(
  deps: { db: AuthDeps['db'] },
  actor: Actor,
  token: string | undefined,
  everywhere: boolean,
) {
  if (everywhere) await revokeUserTokens(deps.db, actor.userId);
  else if (token) await revokeToken(deps.db, hashToken(token));
  return { success: true as const };
}

const ownerOf = (deps: { db: AuthDeps['db'] }, request: { channel: 'email' | 'sms'; identifier: string }) =>
  request.channel === 'email'
    ? findUserByEmail(deps.db, request.identifier)
    : findUserByPhone(deps.db, request.identifier);

/**
 * Sends a code proving the caller owns an email address or phone number. An address that signs in to someone
 * else gets a message saying so instead of a code, and the answer is the same, so asking tells nobody whose it is.
 */
export async function requestContactVerification(
  deps: AuthDeps,
  actor: Actor,
  request: { channel: 'email' | 'sms'; identifier: string; requestIp: string | null },
) {
  const owner = await ownerOf(deps, request);
  const taken = owner !== null && owner.id !== actor.userId;
  await issueCode(deps, {
    ...request,
    purpose: 'verify',
    userId: taken ? null : actor.userId,
    message: taken ? 'address-taken' : 'verify',
  });
  return { success: true as const, message: codeSentMessage };
}

/** Confirms the code and makes the address the caller's own sign-in address or number. */
export async function confirmContactVerification(
  deps: AuthDeps,
  actor: Actor,
  request: { channel: 'email' | 'sms'; identifier: string; code: string; requestIp: string | null },
) {
  const { userId } = await redeemCode(deps, { ...request, purpose: 'verify' });
  if (userId !== actor.userId) throw new AppError('UNAUTHENTICATED', 'Could not verify code.');
  // Whoever holds the code owns the address, so they may learn it began signing in to someone else meanwhile.
  const owner = await ownerOf(deps, request);
  if (owner && owner.id !== actor.userId) {
    throw new AppError(
      'CONFLICT',
      `That ${request.channel === 'email' ? 'email address' : 'phone number'} is already in use`,
    );
  }
  await updateUser(
    deps.db,
    actor.userId,
    request.channel === 'email' ? { email: request.identifier } : { phoneNumber: request.identifier },
  );
}
