import { domainsEndpoints } from '@switchboard/contract';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { Feature } from '../feature';
import { getBrandProfile, openBrandLogo, saveBrandProfile, uploadBrandLogo } from './brand-profile.service';
import {
  addDomain,
  deleteDomain,
  domainOwner,
  getDomainProfile,
  listDomains,
  lookupDomain,
  setDefaultDomain,
} from './domains.service';

const signedIn = (actor: Actor | null): Actor => {
  if (!actor) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
  return actor;
};

/** Custom domains of the account tree and the white-label profile the web app takes on for its host. */
export const domainsFeature: Feature = {
  name: 'domains',
  ownerResolvers: ({ db }) => ({
    domain: (name) => domainOwner(db, String(name)),
  }),
  registerRoutes({ implement, db, storage, config }) {
    const deps = {
      db,
      storage,
      testAccountUsernames: config.accounts.testAccountUsernames,
      publicUrl: config.publicUrl,
      specialOrganizationId: config.accounts.specialOrganizationId,
    };
    implement(domainsEndpoints)({
      lookupDomain: ({ body, ctx }) => lookupDomain(deps, ctx.accountId, body.domain),
      listDomains: ({ ctx }) => listDomains(db, ctx.accountId),
      addDomain: ({ body, ctx }) => addDomain(deps, signedIn(ctx.actor), ctx.accountId, body),
      deleteDomain: ({ query, ctx }) => deleteDomain(deps, signedIn(ctx.actor), query.domain),
      setDefaultDomain: ({ body, ctx }) => setDefaultDomain(deps, signedIn(ctx.actor), body.domain),
      // Not cached by HTTP: an edited brand shows on the next load; the browser keeps its own copy per host.
      getDomainProfile: async ({ query }) => ({
        success: true,
        profile: await getDomainProfile(deps, query),
      }),
      getBrandProfile: ({ ctx }) => getBrandProfile(deps, signedIn(ctx.actor), ctx.accountId),
      saveBrandProfile: ({ body, ctx }) => saveBrandProfile(deps, ctx.accountId, body),
      uploadBrandLogo: ({ ctx }) => uploadBrandLogo(deps, ctx.accountId, ctx.request),
      getBrandLogo: async ({ params, ctx }) => {
        const logo = await openBrandLogo(deps, params.name);
        ctx.reply
          .type(logo.contentType)
          .header('content-length', logo.size)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff');
        return logo.body;
      },
    });
  },
};
