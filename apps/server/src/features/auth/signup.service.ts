import { AppError } from '../../platform/app-error';
import { findDefaultReseller, loadTierAccountById } from '../accounts/accounts.service';
import { findUserByEmail } from '../accounts/people.service';
import { codeSentMessage, requireTemporarySession, type AuthDeps } from './auth.service';
import { issueCode } from './verification-codes';

export interface SignupRequest {
  email: string;
  name?: string | undefined;
  businessName?: string | undefined;
  /** A reseller to sign up under (a white-label host's reseller); else the platform's default reseller. */
  accountId?: number | undefined;
  externalAccountId?: string | undefined;
  /** The anonymous visitor's temporary session; signing in with the code claims it. */
  tempUserToken?: string | undefined;
  requestIp: string | null;
}

/**
 * Sends the code that finishes a sign-up: redeeming it creates an organization with a first agent account, owned
 * by the email's new user. An address that already has an account is told so by mail, with a code that signs in
 * to it, and nothing is created. Either way the checks, the code row, the one message and the answer are the
 * same, so the answer says nothing about whether the address has an account.
 */
export async function signUpByEmail(deps: AuthDeps, request: SignupRequest) {
  // A stale temporary session fails before anything is stored, so the visitor can retry with a fresh one.
  const tempUserId =
    request.tempUserToken === undefined
      ? null
      : (await requireTemporarySession(deps, request.tempUserToken)).id;
  const reseller =
    request.accountId === undefined
      ? await findDefaultReseller(deps.db)
      : await loadTierAccountById(deps.db, request.accountId, 'reseller');
  if (request.accountId !== undefined && !reseller) {
    throw new AppError('BAD_REQUEST', `Account ${request.accountId} does not take sign-ups`);
  }
  const nonEmpty = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);
  const businessName =
    nonEmpty(request.businessName) ??
    nonEmpty(request.name) ??
    nonEmpty(request.email.split('@')[0]) ??
    'My business';
  const user = await findUserByEmail(deps.db, request.email);
  const known = user !== null && !user.temporary;
  await issueCode(deps, {
    channel: 'email',
    identifier: request.email,
    purpose: 'sign-in',
    requestIp: request.requestIp,
    tempUserId,
    userId: known ? user.id : null,
    signup: known
      ? null
      : {
          resellerId: reseller?.id ?? null,
          businessName,
          name: nonEmpty(request.name),
          externalAccountId: request.externalAccountId,
        },
    message: known ? 'already-signed-up' : 'sign-up',
  });
  return { success: true as const, message: codeSentMessage };
}
