import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idField, okBody, okOnly, queryBool } from './fields';

const email = z.string().trim().min(3, 'is required').max(254);
const phoneNumber = z.string().trim().min(7, 'is required').max(32);
const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be the 6-digit code');

/** What a successful sign-in answers: `token` and `authToken` are the same session token. */
export const sessionResponse = okBody({
  token: z.string(),
  authToken: z.string(),
  username: z.string(),
  id: z.number().int(),
  /** The signed-in account's stable id for the native apps; absent for a person without an account. */
  cloudId: z.string().optional(),
});

const sent = okBody({ message: z.string() });

export const authEndpoints = {
  allocateTempUserSession: defineEndpoint({
    area: 'auth',
    method: 'GET',
    path: '/api/v1/allocateTempUserSession',
    summary: 'A temporary session for an anonymous visitor',
    guard: 'public',
    response: okBody({ id: z.number().int(), token: z.string(), username: z.string() }),
  }),
  getTempUserSession: defineEndpoint({
    area: 'auth',
    method: 'GET',
    path: '/api/v1/tempUserSession',
    summary: "The anonymous visitor's temporary session (the account view a temporary token may read)",
    description:
      'Takes the temporary token (query token or Bearer). An unknown or expired token, or one whose visitor has ' +
      'since signed in with it (sign-up or sign-in carrying tempUserToken), answers 401 with success false. A ' +
      'temporary token is not a session: every signed-in call refuses it.',
    guard: 'public',
    query: z.object({ token: z.string().optional() }),
    response: okBody({
      temporary: z.literal(true),
      id: z.number().int(),
      username: z.string(),
      data: z.record(z.string(), z.unknown()),
      /** Allocation time, epoch milliseconds. */
      timestamp: z.number().int(),
      /** Expiry, epoch milliseconds. */
      expiresAt: z.number().int().nullable(),
    }),
  }),
  oneTimeAuth: defineEndpoint({
    area: 'auth',
    method: 'GET',
    path: '/api/v1/oneTimeAuth',
    summary: 'Exchange a single-use sign-in token (white-label embed) for a session',
    guard: 'public',
    query: z.object({ oneTimeToken: z.string().trim().min(1, 'is required') }),
    response: sessionResponse,
  }),
  mintOneTimeAuthToken: defineEndpoint({
    area: 'auth',
    method: 'GET',
    path: '/api/v2/auth/account/oneTimeAuthToken',
    summary: 'Mint a single-use sign-in token for a person in your tree (resellers and partners)',
    description:
      'With externalAccountId, an unknown email becomes a member of the organization with that external id.',
    guard: 'session',
    permission: { roles: ['partner', 'reseller'] },
    query: z.object({
      email,
      externalAccountId: z.string().trim().min(1).optional(),
    }),
    response: okBody({ message: z.string(), authToken: z.string() }),
  }),
  signupEmail: defineEndpoint({
    area: 'auth',
    method: 'POST',
    path: '/api/v1/signup/email',
    summary: 'Sign up by email: creates an organization with a first agent account and sends a sign-in code',
    guard: 'public',
    body: z.object({
      email,
      name: z.string().trim().max(120).optional(),
      businessName: z.string().trim().max(120).optional(),
      number: z.string().trim().max(32).optional(),
      accountId: idField().optional(),
      externalAccountId: z.string().trim().max(200).optional(),
      tempUserToken: z.string().optional(),
    }),
    response: sent,
  }),
  signinEmail: defineEndpoint({
    area: 'auth',
    method: 'POST',
    path: '/api/v1/signin/email',
    summary: 'Send a sign-in code by email (the answer is the same whether or not the address is registered)',
    guard: 'public',
    body: z.object({ email, accountId: idField().optional() }),
    response: sent,
  }),
  verifyEmail: defineEndpoint({
    area: 'auth',
    method: 'POST',
    path: '/api/v1/email/verify',
    summary: 'Sign in with the code sent by email',
    guard: 'public',
    body: z.object({ email, verificationCode: code, mobile: z.boolean().optional() }),
    response: sessionResponse,
  }),
  signinPhoneNumber: defineEndpoint({
    area: 'auth',
    method: 'POST',
    path: '/api/v1/signin/phoneNumber',
    summary: 'Send a sign-in code by text message',
    guard: 'public',
    body: z.object({ phoneNumber, tempUserToken: z.string().optional() }),
    response: sent,
  }),
  verifyPhoneNumber: defineEndpoint({
    area: 'auth',
    method: 'POST',
    path: '/api/v1/signin/phoneNumber/verify',
    summary: 'Sign in with the code sent by text message',
    guard: 'public',
    body: z.object({ phoneNumber, verificationCode: code, mobile: z.boolean().optional() }),
    response: sessionResponse,
  }),
  requestPhoneVerification: defineEndpoint({
    area: 'auth',
    method: 'POST',
    path: '/api/v1/phoneNumber/requestVerificationCode',
    summary: 'Send a code to prove a phone number belongs to you',
    guard: 'session',
    body: z.object({ phoneNumber }),
    response: sent,
  }),
  validatePhoneVerification: defineEndpoint({
    area: 'auth',
    method: 'POST',
    path: '/api/v1/phoneNumber/validateVerificationCode',
    summary: 'Confirm the phone number with its code; it becomes your sign-in number',
    guard: 'session',
    body: z.object({ phoneNumber, verificationCode: code }),
    response: okBody({ phoneNumber: z.string() }),
  }),
  requestEmailVerification: defineEndpoint({
    area: 'auth',
    method: 'POST',
    path: '/api/v1/email/requestVerificationCode',
    summary: 'Send a code to prove an email address belongs to you',
    guard: 'session',
    body: z.object({ email }),
    response: sent,
  }),
  validateEmailVerification: defineEndpoint({
    area: 'auth',
    method: 'POST',
    path: '/api/v1/email/validateVerificationCode',
    summary: 'Confirm the email address with its code; it becomes your sign-in address',
    guard: 'session',
    body: z.object({ email, verificationCode: code }),
    response: okBody({ email: z.string() }),
  }),
  logout: defineEndpoint({
    area: 'auth',
    method: 'POST',
    path: '/api/v1/logout',
    summary: 'Revoke the session token this call carries',
    guard: 'session',
    query: z.object({ everywhere: queryBool().optional() }),
    response: okOnly,
  }),
};
