import { directoryEndpoints } from '@switchboard/contract';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { Feature } from '../feature';
import { loadActingAccount } from './accounts.service';
import { checkIn, saveMobileCheckIn } from './check-in.service';
import { searchAccounts, searchOrganizations } from './directory.service';
import { deleteAdminUser, inviteAdminUser, isPersonOfAccount, listAdminUsers } from './members.service';
import { findHomeAccountId } from './people.service';
import { openAvatar, readImageUpload, saveProfileImage } from './profile-image.service';
import { changeUsername, getPublicProfile, saveSocialLinks } from './public-profile.service';

const signedIn = (actor: Actor | null): Actor => {
  if (!actor) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
  return actor;
};

/** Searches, admin users, the public profile, social links, picture, username and check-ins of accounts. */
export const accountsDirectoryFeature: Feature = {
  name: 'accounts-directory',
  ownerResolvers: ({ db }) => ({
    // A person is owned by their own account, else by the first account they are a member of; the services
    // then check that they administer the acting account.
    member: async (id, { actingAccountId }) => {
      const userId = Number(id);
      if (!Number.isSafeInteger(userId)) return null;
      // A person invited here whose own account is elsewhere still belongs to this organization's people.
      if (await isPersonOfAccount(db, userId, actingAccountId)) return actingAccountId;
      return findHomeAccountId(db, userId);
    },
  }),
  registerRoutes({ implement, db, mail, storage, config }) {
    const deps = { db, testAccountUsernames: config.accounts.testAccountUsernames };
    // Whether the caller may edit it is declared on each endpoint (permission canEditOrg).
    const editableAccount = (accountId: number | null) => loadActingAccount(db, accountId);

    implement(directoryEndpoints)({
      searchOrganizations: ({ query, ctx }) =>
        searchOrganizations(db, signedIn(ctx.actor), ctx.accountId, query),
      searchAccount: ({ body, ctx }) =>
        searchAccounts(db, signedIn(ctx.actor), ctx.accountId, { phrase: body.phrase, enhanced: false }),
      searchAccountEnhanced: ({ body, ctx }) =>
        searchAccounts(db, signedIn(ctx.actor), ctx.accountId, { phrase: body.phrase, enhanced: true }),
      listAdminUsers: ({ ctx }) => listAdminUsers(deps, ctx.accountId),
      inviteAdminUser: ({ body, ctx }) =>
        inviteAdminUser(
          { ...deps, mail, publicUrl: config.publicUrl },
          signedIn(ctx.actor),
          ctx.accountId,
          body,
        ),
      deleteAdminUser: ({ body, ctx }) =>
        deleteAdminUser(deps, signedIn(ctx.actor), ctx.accountId, body.targetUserId),
      getPublicProfile: ({ params }) => getPublicProfile(db, params.username),
      saveSocialLinks: async ({ body, ctx }) =>
        saveSocialLinks(db, await editableAccount(ctx.accountId), body),
      uploadProfileImage: async ({ ctx }) => {
        const account = await editableAccount(ctx.accountId);
        const upload = await readImageUpload(ctx.request);
        return { success: true, profileImage: await saveProfileImage({ db, storage }, account, upload) };
      },
      getAvatar: async ({ params, ctx }) => {
        const avatar = await openAvatar(storage, params.name);
        ctx.reply
          .type(avatar.contentType)
          .header('content-length', avatar.size)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff');
        // The HTTP layer sends what the handler answers; a stream is piped out as the body.
        return avatar.body;
      },
      updateUsername: async ({ body, ctx }) =>
        changeUsername(db, await editableAccount(ctx.accountId), body.targetUsername),
      checkIn: ({ params, ctx }) => checkIn(db, ctx.accountId, params.kind),
      checkInMobile: ({ ctx }) => checkIn(db, ctx.accountId, 'mobile'),
      mobileCheckIn: ({ body, ctx }) => saveMobileCheckIn(db, ctx.accountId, body.checkIn),
    });
  },
};
