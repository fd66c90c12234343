import type { FastifyRequest } from 'fastify';
import { authEndpoints } from '@switchboard/contract';
import { readCredentials } from '../../http/authenticator';
import { getDomainProfile } from '../domains/domains.service';
import { AppError } from '../../platform/app-error';
import type { Feature } from '../feature';
import {
  allocateTemporarySession,
  confirmContactVerification,
  requestContactVerification,
  requestSignInCode,
  requireEmail,
  requirePhone,
  signInWithCode,
  signInWithOneTimeToken,
  signOut,
  viewTemporarySession,
} from './auth.service';
import { mintOneTimeTokenFor } from './one-time-token.service';
import { signUpByEmail } from './signup.service';

export const authFeature: Feature = {
  name: 'auth',
  registerRoutes({ implement, db, mail, sms, config, authenticator }) {
    const deps = { db, mail, sms, limits: config.accounts };
    const domains = {
      db,
      testAccountUsernames: config.accounts.testAccountUsernames,
      publicUrl: config.publicUrl,
      specialOrganizationId: config.accounts.specialOrganizationId,
    };
    /** The codes a page asks for are sent under the brand of the host it is served from. */
    const branded = async (request: FastifyRequest) => ({
      ...deps,
      brandName: (await getDomainProfile(domains, { host: request.headers.host ?? '' })).name,
    });
    const actorOf = (actor: Parameters<typeof signOut>[1] | null) => {
      if (!actor) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
      return actor;
    };

    implement(authEndpoints)({
      allocateTempUserSession: () => allocateTemporarySession(deps),
      getTempUserSession: ({ ctx }) => viewTemporarySession(deps, readCredentials(ctx.request).token),
      oneTimeAuth: ({ query }) => signInWithOneTimeToken(deps, query.oneTimeToken),
      mintOneTimeAuthToken: async ({ query, ctx }) => {
        const authToken = await mintOneTimeTokenFor(
          { db, canActFor: (actor, id) => authenticator.canActFor(actor, id) },
          actorOf(ctx.actor),
          { email: requireEmail(query.email, 'query.email'), externalAccountId: query.externalAccountId },
        );
        return { success: true, message: 'Success', authToken };
      },
      signupEmail: async ({ body, ctx }) =>
        signUpByEmail(await branded(ctx.request), {
          email: requireEmail(body.email),
          name: body.name,
          businessName: body.businessName,
          accountId: body.accountId,
          externalAccountId: body.externalAccountId,
          tempUserToken: body.tempUserToken,
          requestIp: ctx.request.ip,
        }),
      signinEmail: async ({ body, ctx }) =>
        requestSignInCode(await branded(ctx.request), {
          channel: 'email',
          identifier: requireEmail(body.email),
          requestIp: ctx.request.ip,
        }),
      verifyEmail: ({ body, ctx }) =>
        signInWithCode(deps, {
          identifier: requireEmail(body.email),
          code: body.verificationCode,
          requestIp: ctx.request.ip,
        }),
      signinPhoneNumber: async ({ body, ctx }) =>
        requestSignInCode(await branded(ctx.request), {
          channel: 'sms',
          identifier: requirePhone(body.phoneNumber),
          requestIp: ctx.request.ip,
          tempUserToken: body.tempUserToken,
        }),
      verifyPhoneNumber: ({ body, ctx }) =>
        signInWithCode(deps, {
          identifier: requirePhone(body.phoneNumber),
          code: body.verificationCode,
          requestIp: ctx.request.ip,
        }),
      requestPhoneVerification: async ({ body, ctx }) =>
        requestContactVerification(await branded(ctx.request), actorOf(ctx.actor), {
          channel: 'sms',
          identifier: requirePhone(body.phoneNumber),
          requestIp: ctx.request.ip,
        }),
      validatePhoneVerification: async ({ body, ctx }) => {
        const phoneNumber = requirePhone(body.phoneNumber);
        await confirmContactVerification(deps, actorOf(ctx.actor), {
          channel: 'sms',
          identifier: phoneNumber,
          code: body.verificationCode,
          requestIp: ctx.request.ip,
        });
        return { success: true, phoneNumber };
      },
      requestEmailVerification: async ({ body, ctx }) =>
        requestContactVerification(await branded(ctx.request), actorOf(ctx.actor), {
          channel: 'email',
          identifier: requireEmail(body.email),
          requestIp: ctx.request.ip,
        }),
      validateEmailVerification: async ({ body, ctx }) => {
        const email = requireEmail(body.email);
        await confirmContactVerification(deps, actorOf(ctx.actor), {
          channel: 'email',
          identifier: email,
          code: body.verificationCode,
          requestIp: ctx.request.ip,
        });
        return { success: true, email };
      },
      logout: ({ query, ctx }) =>
        signOut(deps, actorOf(ctx.actor), readCredentials(ctx.request).token, query.everywhere ?? false),
    });
  },
};
