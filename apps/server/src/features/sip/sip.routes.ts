import { sipEndpoints } from '@switchboard/contract';
import type { Feature } from '../feature';
import { capturesAsText, listCaptures } from './sip-captures.service';
import { SipEndpoint } from './sip-endpoint';
import {
  addRoute,
  addWhitelistEntry,
  deleteRoute,
  deleteWhitelistEntry,
  listRoutes,
  listWhitelist,
} from './sip-settings.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SIP endpoint, when this app runs one. */
    sipEndpoint?: SipEndpoint;
  }
}

/**
 * SIP trunking: the whitelist, outbound routes and captures of the acting account, and the SIP endpoint itself
 * (when SIP_PORT is set, or by default outside tests), which lives as long as the app.
 */
export const sipFeature: Feature = {
  name: 'sip',
  async registerRoutes({ app, implement, db, runtime, logger, config }) {
    implement(sipEndpoints)({
      listSipIpWhitelist: ({ ctx }) => listWhitelist(db, ctx.accountId),
      addSipIpWhitelistEntry: ({ body, ctx }) => addWhitelistEntry(db, ctx.accountId, body),
      deleteSipIpWhitelistEntry: ({ body, ctx }) => deleteWhitelistEntry(db, ctx.accountId, body),
      listSipOutboundRoutes: ({ ctx }) => listRoutes(db, ctx.accountId),
      addSipOutboundRoute: ({ body, ctx }) => addRoute(db, ctx.accountId, body),
      deleteSipOutboundRoute: ({ body, ctx }) => deleteRoute(db, ctx.accountId, body),
      listSipCaptures: async ({ query, ctx }) => {
        const answer = await listCaptures(db, ctx.accountId, query);
        if (query.format === 'text') {
          return ctx.reply.type('text/plain; charset=utf-8').send(capturesAsText(answer.messages));
        }
        return answer;
      },
    });
    const endpoint = await SipEndpoint.start({ db, runtime, logger, config: config.sip });
    if (endpoint) {
      app.decorate('sipEndpoint', endpoint);
      app.addHook('onClose', () => endpoint.close());
    }
  },
};
