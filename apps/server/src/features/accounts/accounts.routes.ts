import { accountsEndpoints } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Feature } from '../feature';
import {
  createAgentAccountUnder,
  createOrganizationUnder,
  createResellerUnder,
  deleteAgentAccountFromAbove,
  deleteOrganizationFromAbove,
  switchAccountByUsername,
  updateOrganizationFromAbove,
} from './account-tree.service';
import {
  findAccountByUsername,
  listChildren,
  loadActingAccount,
  resolveTierAccount,
} from './accounts.service';
import {
  describeActingAccount,
  saveActingAccountSettings,
  updateActingAccount,
} from './acting-account.service';

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
      getAccount: ({ ctx }) => describeActingAccount(deps, signedIn(ctx.actor), ctx.accountId),
      updateAccount: ({ body, ctx }) => updateActingAccount(deps, signedIn(ctx.actor), ctx.accountId, body),
      saveAccountSettings: ({ body, ctx }) =>
        saveActingAccountSettings(
          { ...deps, authenticator },
          signedIn(ctx.actor),
          ctx.accountId,
          body.settings,
        ),
      createOrganization: ({ query, body, ctx }) =>
        createOrganizationUnder(
          db,
          signedIn(ctx.actor),
          { resellerId: query.targetResellerId, acting: ctx.accountId },
          body,
        ),
      createReseller: ({ query, body, ctx }) =>
        createResellerUnder(
          db,
          signedIn(ctx.actor),
          { partnerId: query.targetPartnerId, acting: ctx.accountId },
          body,
        ),
      createAccount: ({ query, body, ctx }) =>
        createAgentAccountUnder(
          db,
          signedIn(ctx.actor),
          { organizationId: query.targetOrganizationId, acting: ctx.accountId },
          body,
        ),
      deleteOrganization: ({ query, body, ctx }) =>
        deleteOrganizationFromAbove(deps, signedIn(ctx.actor), {
          organizationId: body?.targetOrganizationId ?? query.targetOrganizationId,
          resellerId: query.targetResellerId,
        }),
      deleteAccount: ({ query, body, ctx }) =>
        deleteAgentAccountFromAbove(deps, signedIn(ctx.actor), {
          accountId: body.targetAccountId,
          organizationId: query.targetOrganizationId,
        }),
      enableAccount: ({ body, ctx }) =>
        switchAccountByUsername(db, signedIn(ctx.actor), body.username, {
          enabled: true,
          reason: null,
          details: null,
        }),
      disableAccount: ({ body, ctx }) =>
        switchAccountByUsername(db, signedIn(ctx.actor), body.username, {
          enabled: false,
          reason: body.reason,
          details: body.details ?? null,
        }),
      updateOrganization: ({ query, body, ctx }) =>
        updateOrganizationFromAbove(
          db,
          signedIn(ctx.actor),
          { organizationId: query.targetOrganizationId, acting: ctx.accountId },
          body,
        ),
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
