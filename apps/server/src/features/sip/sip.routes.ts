import { sipEndpoints } from '@switchboard/contract';
import type { Feature } from '../feature';
import { createSecretBox } from '../../platform/secret-box';
import { sipAddresses } from './sip-addresses.service';
import { capturesAsText, listCaptures } from './sip-captures.service';
import { SipEndpoint } from './sip-endpoint';
import { SipOutbound } from './sip-outbound';
import { SipRegistrar } from './sip-registrar';
import { placeTestCall } from './sip-test-call.service';
import { getRegistration, removeRegistration, saveRegistration } from './sip-registration.service';
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
    /** Keeps accounts' registrations to their phone systems alive. */
    sipRegistrar: SipRegistrar;
  }
}

/**
 * SIP trunking: the whitelist, outbound routes, registration and captures of the acting account, and the SIP
 * endpoint itself (when SIP_PORT is set, or by default outside tests), which lives as long as the app and sends
 * the registrations.
 */
export const sipFeature: Feature = {
  name: 'sip',
  async registerRoutes({ app, implement, db, runtime, logger, config, sipOutbound }) {
    let endpoint: SipEndpoint | null = null;
    const secrets = createSecretBox({ secretsKey: config.secretsKey, dataDir: config.dataDir });
    const registrar = new SipRegistrar({ db, logger, secrets, endpoint: () => endpoint });
    const registration = { db, secrets, registrar };
    implement(sipEndpoints)({
      getSipAddresses: async ({ ctx }) => ({
        success: true,
        addresses: await sipAddresses(
          db,
          { config: config.sip, listeningPort: endpoint?.port ?? null },
          ctx.accountId,
        ),
      }),
      getSipRegistration: ({ ctx }) => getRegistration(db, ctx.accountId),
      saveSipRegistration: ({ body, ctx }) => saveRegistration(registration, ctx.accountId, body, ctx.reply),
      deleteSipRegistration: ({ ctx }) => removeRegistration(registration, ctx.accountId),
      listSipIpWhitelist: ({ ctx }) => listWhitelist(db, ctx.accountId),
      addSipIpWhitelistEntry: ({ body, ctx }) => addWhitelistEntry(db, ctx.accountId, body),
      deleteSipIpWhitelistEntry: ({ body, ctx }) => deleteWhitelistEntry(db, ctx.accountId, body),
      listSipOutboundRoutes: ({ ctx }) => listRoutes(db, ctx.accountId),
      addSipOutboundRoute: ({ body, ctx }) => addRoute(db, ctx.accountId, body),
      deleteSipOutboundRoute: ({ body, ctx }) => deleteRoute(db, ctx.accountId, body),
      placeSipTestCall: ({ body, ctx }) => placeTestCall({ db, sipOutbound }, ctx.accountId, body.number),
      listSipCaptures: async ({ query, ctx }) => {
        const answer = await listCaptures(db, ctx.accountId, query);
        if (query.format === 'text') {
          return ctx.reply.type('text/plain; charset=utf-8').send(capturesAsText(answer.messages));
        }
        return answer;
      },
    });
    endpoint = await SipEndpoint.start({ db, runtime, logger, config: config.sip });
    if (endpoint) {
      const started = endpoint;
      app.decorate('sipEndpoint', started);
      app.addHook('onClose', () => started.close());
      // Agents' outbound calls go by SIP from here for accounts with an outbound route or a registration.
      sipOutbound.placer = new SipOutbound({ db, runtime, logger, secrets, endpoint: started });
      app.addHook('onClose', () => {
        sipOutbound.placer = null;
      });
      // Registrations to customers' phone systems go out from the endpoint, once the app is listening.
      app.addHook('onReady', () => registrar.start());
    }
    app.decorate('sipRegistrar', registrar);
    app.addHook('onClose', () => registrar.close());
  },
};
