import { AppError } from '../../platform/app-error';
import { createChildAccount, findDefaultReseller, loadTierAccountById } from '../accounts/accounts.service';
import { findUserByEmail } from '../accounts/people.service';
import { codeSentMessage, requestSignInCode, requireTemporarySession, type AuthDeps } from './auth.service';

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
 * Creates an organization with a first agent account, owned by the email's new user, then sends the sign-in
 * code. An address that already has an account just gets a sign-in code: the answer is the same either way.
 */
export async function signUpByEmail(deps: AuthDeps, request: SignupRequest) {
  if (await findUserByEmail(deps.db, request.email)) {
    return requestSignInCode(deps, {
      channel: 'email',
      identifier: request.email,
      requestIp: request.requestIp,
      tempUserToken: request.tempUserToken,
    });
  }
  // A stale temporary session fails before anything is created, so the visitor can retry with a fresh one.
  if (request.tempUserToken !== undefined) await requireTemporarySession(deps, request.tempUserToken);
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
  const organization = await createChildAccount(deps.db, {
    type: 'organization',
    parent: reseller,
    name: businessName,
    email: request.email,
    ownerName: request.name,
    externalAccountId: request.externalAccountId,
  });
  await createChildAccount(deps.db, { type: 'agent', parent: organization, name: `${businessName} Agent` });
  await requestSignInCode(deps, {
    channel: 'email',
    identifier: request.email,
    requestIp: request.requestIp,
    tempUserToken: request.tempUserToken,
  });
  return { success: true as const, message: codeSentMessage };
}
