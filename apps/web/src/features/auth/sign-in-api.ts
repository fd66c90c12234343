import { endpoints } from '@switchboard/contract';
import { callApi } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { checkTempSession, tempSessionError, withTempSession } from '../../lib/temp-session';

export { forgetTempSession } from '../../lib/temp-session';

// The sign-in page's calls. Loaded when first needed, so the page shows without the API client, the contract's
// schemas and zod.

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export async function requestSignInCode(
  store: Store,
  identifier: { email: string } | { phoneNumber: string },
) {
  if ('email' in identifier) {
    await callApi(endpoints.signinEmail, { body: { email: identifier.email } });
    return;
  }
  // The anonymous visitor's temporary session travels with sign-up and phone sign-in (spec §7).
  await withTempSession({ callApi, store }, (tempUserToken) =>
    callApi(endpoints.signinPhoneNumber, { body: { phoneNumber: identifier.phoneNumber, tempUserToken } }),
  );
}

export async function signUpByEmail(
  store: Store,
  body: { email: string; name: string | undefined; businessName: string | undefined },
) {
  await withTempSession({ callApi, store }, (tempUserToken) =>
    callApi(endpoints.signupEmail, { body: { ...body, tempUserToken } }),
  );
}

export function verifySignInCode(input: {
  channel: 'email' | 'phone';
  identifier: string;
  verificationCode: string;
  mobile: boolean;
}) {
  const mobile = input.mobile ? { mobile: true } : {};
  return input.channel === 'email'
    ? callApi(endpoints.verifyEmail, {
        body: { email: input.identifier, verificationCode: input.verificationCode, ...mobile },
      })
    : callApi(endpoints.verifyPhoneNumber, {
        body: { phoneNumber: input.identifier, verificationCode: input.verificationCode, ...mobile },
      });
}

/** The text a failed step shows: the server's message, the anonymous-session failure (spec §8), or null. */
export function knownFailureMessage(failure: unknown): string | null {
  if (failure instanceof ApiError) return failure.message;
  return failure instanceof Error && failure.message === tempSessionError ? failure.message : null;
}

/** An anonymous session kept from an earlier visit: one the server no longer knows is removed with a reload. */
export function checkKeptTempSession(store: Store, reload: () => void) {
  return checkTempSession({ callApi, store, reload });
}
