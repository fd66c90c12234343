import { accountsEndpoints } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Feature } from '../feature';
import { presentAccountSummary } from './account-presenter';
import {
  createChildAccount,
  findAccountByUsername,
  listChildren,
  loadActingAccount,
  requirePermission,
  resolveTierAccount,
  saveSettingsFromCaller,
  setAccountEnabled,
  softDeleteAccount,
  viewAccount,
} from './accounts.service';
import { updateOrganizationSettings, updateProfile } from './profile.service';
import { findUserById } from './people.service';

export const accountsFeature: Feature = {
  name: 'accounts',
  ownerResolvers: ({ db }) => ({
    accountUsername: async (username) => (await findAccountByUsername(db, String(username)))?.id ?? null,
  }),
  registerRoutes({ implement, db, config, authenticator }) {
    const deps = { db, testAccountUsernames: config.accounts.testAccountUsernames };
    const signedIn = <T>(actor: T | null): T => {
      if (!actor) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
      return actor;
    };

    implement(accountsEndpoints)({
      getAccount: async ({ ctx }) => {
        const actor = signedIn(ctx.actor);
        const account = await loadActingAccount(db, ctx.accountId);
        const user = await findUserById(db, actor.userId);
        return {
          success: true,
          account: await viewAccount(deps, actor, account),
          user: {
            id: actor.userId,
            email: user?.email ?? null,
            phoneNumber: user?.phoneNumber ?? null,
            name: user?.name ?? null,
            superAdmin: actor.superAdmin,
            temporary: user?.temporary ?? false,
          },
        };
      },
      updateAccount: async ({ body, ctx }) => {
        const actor = signedIn(ctx.actor);
        const account = await loadActingAccount(db, ctx.accountId);
        const updated = await updateProfile(db, account, body);
        return { success: true, account: await viewAccount(deps, actor, updated) };
      },
      saveAccountSettings: async ({ body, ctx }) => {
        const actor = signedIn(ctx.actor);
        const account = await loadActingAccount(db, ctx.accountId);
        const { role } = await authenticator.accessOf(actor, account.id);
        const resells = actor.superAdmin || role === 'partner' || role === 'reseller';
        return {
          success: true,
          settings: await saveSettingsFromCaller(db, account.id, body.settings, resells),
        };
      },
      createOrganization: async ({ query, body, ctx }) => {
        const actor = signedIn(ctx.actor);
        const reseller = await resolveTierAccount(db, query.targetResellerId, ctx.accountId, 'reseller');
        const organization = await createChildAccount(db, {
          type: 'organization',
          parent: reseller,
          name: body.orgName,
          email: body.email,
          vidaPremium: body.vidaPremium,
          smsEnabled: body.smsEnabled,
          externalAccountId: body.externalAccountId,
          invitedBy: actor.userId,
        });
        if (body.accountName)
          await createChildAccount(db, { type: 'agent', parent: organization, name: body.accountName });
        const summary = presentAccountSummary(organization);
        return { success: true, message: 'Organization created', organization: summary, account: summary };
      },
      createReseller: async ({ query, body, ctx }) => {
        const actor = signedIn(ctx.actor);
        const partner = await resolveTierAccount(db, query.targetPartnerId, ctx.accountId, 'partner');
        const reseller = await createChildAccount(db, {
          type: 'reseller',
          parent: partner,
          name: body.resellerName,
          email: body.email,
          invitedBy: actor.userId,
        });
        const summary = presentAccountSummary(reseller);
        return { success: true, message: 'Reseller created', organization: summary, account: summary };
      },
      createAccount: async ({ query, body, ctx }) => {
        const actor = signedIn(ctx.actor);
        const organization = await resolveTierAccount(
          db,
          query.targetOrganizationId,
          ctx.accountId,
          'organization',
        );
        const account = await createChildAccount(db, {
          type: 'agent',
          parent: organization,
          name: body.accountName,
          email: body.email,
          ownerName: body.name,
          externalAccountId: body.externalAccountId,
          invitedBy: actor.userId,
        });
        return { success: true, message: 'Account created', account: presentAccountSummary(account) };
      },
      deleteOrganization: async ({ query, body, ctx }) => {
        const actor = signedIn(ctx.actor);
        const id = body?.targetOrganizationId ?? query.targetOrganizationId;
        if (id === undefined)
          throw new AppError('VALIDATION_FAILED', 'body.targetOrganizationId: is required');
        const organization = await resolveTierAccount(db, id, null, 'organization');
        if (query.targetResellerId !== undefined && organization.resellerId !== query.targetResellerId) {
          throw new AppError(
            'NOT_FOUND',
            'The organization of targetOrganizationId is not under query.targetResellerId',
          );
        }
        // Deleting is done from the tier above, so the flag is read there.
        await requirePermission(
          deps,
          actor,
          organization.resellerId ?? organization.id,
          'canDeleteOrg',
          'delete this organization',
        );
        await softDeleteAccount(db, actor, organization, 'deleted');
        return { success: true, message: 'Organization deleted' };
      },
      deleteAccount: async ({ query, body, ctx }) => {
        const actor = signedIn(ctx.actor);
        const account = await resolveTierAccount(db, body.targetAccountId, null, 'agent');
        if (
          query.targetOrganizationId !== undefined &&
          account.organizationId !== query.targetOrganizationId
        ) {
          throw new AppError(
            'NOT_FOUND',
            'The account of body.targetAccountId is not under query.targetOrganizationId',
          );
        }
        await requirePermission(
          deps,
          actor,
          account.organizationId ?? account.id,
          'canDeleteOrg',
          'delete this account',
        );
        await softDeleteAccount(db, actor, account, 'deleted');
        return { success: true, message: 'Account deleted' };
      },
      enableAccount: async ({ body, ctx }) => {
        const actor = signedIn(ctx.actor);
        const account = await findAccountByUsername(db, body.username);
        if (!account) throw new AppError('NOT_FOUND', 'No account matches body.username');
        await setAccountEnabled(db, actor, account, { enabled: true, reason: null, details: null });
        return { success: true, message: 'Account enabled!' };
      },
      disableAccount: async ({ body, ctx }) => {
        const actor = signedIn(ctx.actor);
        const account = await findAccountByUsername(db, body.username);
        if (!account) throw new AppError('NOT_FOUND', 'No account matches body.username');
        await setAccountEnabled(db, actor, account, {
          enabled: false,
          reason: body.reason,
          details: body.details ?? null,
        });
        return {
          success: true,
          message: account.accountType === 'organization' ? 'Organization disabled!' : 'Account disabled!',
        };
      },
      updateOrganization: async ({ query, body, ctx }) => {
        const actor = signedIn(ctx.actor);
        const organization = await resolveTierAccount(
          db,
          query.targetOrganizationId,
          ctx.accountId,
          'organization',
        );
        if (!actor.superAdmin && organization.id === actor.accountId) {
          throw new AppError(
            'FORBIDDEN',
            'Only the reseller or partner above an organization can change these settings',
          );
        }
        return updateOrganizationSettings(db, organization, body);
      },
      listOrganizations: async ({ query, ctx }) =>
        listChildren(
          db,
          await resolveTierAccount(db, query.targetResellerId, ctx.accountId, 'reseller'),
          'organization',
          query,
        ),
      listResellers: async ({ query, ctx }) =>
        listChildren(
          db,
          await resolveTierAccount(db, query.targetPartnerId, ctx.accountId, 'partner'),
          'reseller',
          query,
        ),
      listAccounts: async ({ query, ctx }) =>
        listChildren(
          db,
          await loadActingAccount(db, query.targetOrganizationId ?? ctx.accountId),
          'agent',
          query,
        ),
    });
  },
};
