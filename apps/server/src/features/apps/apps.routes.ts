import { appsEndpoints } from '@switchboard/contract';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import { createSecretBox } from '../../platform/secret-box';
import type { Feature } from '../feature';
import type { AppsDeps } from './app-access';
import { getApp, installApp, listApps, uninstallApp, updateApp } from './apps.service';
import { getIntegration, saveIntegration } from './integrations.service';

const signedIn = (actor: Actor | null): Actor => {
  if (!actor) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
  return actor;
};

/** Apps and integrations: the catalogue, custom apps, installs with their credentials. */
export const appsFeature: Feature = {
  name: 'apps',
  registerRoutes({ implement, db, config }) {
    const deps: AppsDeps = {
      db,
      accounts: { db, testAccountUsernames: config.accounts.testAccountUsernames },
      requests: {
        allowPrivateNetwork: config.apps.allowPrivateNetwork,
        timeoutMs: config.apps.requestTimeoutMs,
      },
      secrets: createSecretBox({ secretsKey: config.secretsKey, dataDir: config.dataDir }),
    };
    implement(appsEndpoints)({
      listApps: ({ query, ctx }) => listApps(deps, ctx.accountId, query),
      getApp: ({ params, ctx }) => getApp(deps, ctx.accountId, params.appId, params.appVersion),
      installApp: ({ params, body, ctx }) =>
        installApp(deps, signedIn(ctx.actor), ctx.accountId, { ...params, ...body }),
      updateApp: ({ params, body, ctx }) =>
        updateApp(deps, signedIn(ctx.actor), ctx.accountId, { ...params, ...body }),
      uninstallApp: ({ params, ctx }) =>
        uninstallApp(deps, signedIn(ctx.actor), ctx.accountId, params.appId, params.appVersion),
      getIntegration: ({ params, query, ctx }) =>
        getIntegration(deps, ctx.accountId, params.slug, query.version),
      saveIntegration: ({ params, query, body, ctx }) =>
        saveIntegration(deps, signedIn(ctx.actor), ctx.accountId, {
          slug: params.slug,
          version: query.version,
          appData: body.appData,
        }),
    });
  },
};
