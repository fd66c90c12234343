import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/database';
import type { SecretBox } from '../../platform/secret-box';
import type {
  PreparedSipCall,
  SipCallRequest,
  SipOutboundPlacer,
} from '../../providers/telephony/sip/outbound';
import type { AgentRuntime } from '../../runtime/session-types';
import type { SipEndpoint } from './sip-endpoint';
import { SipOutboundCall, type OutboundPlan } from './sip-outbound-call';
import { transferHostOf } from './sip-dialog-messages';
import { findOutboundSipTarget, type OutboundSipTarget } from './sip-outbound.repo';
import { accountUsername } from './sip-registration.repo';
import { insertSipCall } from './sip.repo';

export interface SipOutboundDeps {
  db: Db;
  runtime: AgentRuntime;
  logger: FastifyBaseLogger;
  secrets: SecretBox;
  endpoint: SipEndpoint;
}

const hostInUri = (host: string) => (host.includes(':') ? `[${host}]` : host);

/** The user part of a SIP URI (`2002` of `sip:2002@pbx.example.com`), percent-decoded; null when it has none. */
export function sipUserOf(uri: string): string | null {
  const user = /^sips?:([^@;>]+)@/i.exec(uri.trim())?.[1];
  if (!user) return null;
  try {
    return decodeURIComponent(user);
  } catch {
    return user;
  }
}

/**
 * Where the INVITE goes and as whom, from the route (FACTS §8) or the registration. The caller is the agent's
 * number when it has one; without one, a route's call comes from the agent's SIP username (the name its inbound
 * URI carries) and a registration's from its AOR, whose user is then the caller id on record.
 */
function addressing(
  target: OutboundSipTarget,
  call: SipCallRequest,
  deps: SipOutboundDeps,
  agentUsername: string,
): Pick<OutboundPlan, 'requestUri' | 'fromUri' | 'target' | 'credentials' | 'transferHost'> & {
  via: string;
  callerId: string;
} {
  const number = call.to.replace(/[^\d+]/g, '');
  const agentNumber = (call.from ?? '').replace(/[^\d+]/g, '');
  if (target.kind === 'route') {
    const { route } = target;
    const transport = route.transport === 'tcp' ? ';transport=tcp' : '';
    // The host names the Request-URI and To; a proxy, when given, is where the request is sent (its port rules).
    const requestUri = route.proxy
      ? `sip:${number}@${hostInUri(route.host)}${transport}`
      : `sip:${number}@${hostInUri(route.host)}:${route.port}${transport}`;
    const sendTo = route.proxy ?? { host: route.host, port: route.port };
    return {
      requestUri,
      fromUri: `sip:${agentNumber || encodeURIComponent(agentUsername)}@${hostInUri(deps.endpoint.contactAddress.host)}`,
      target: { ...sendTo, transport: route.transport },
      credentials: null,
      transferHost: transferHostOf(target),
      via: `route ${target.text}`,
      callerId: call.from ?? agentUsername,
    };
  }
  const row = target.registration;
  const transport = row.transport === 'tcp' ? ';transport=tcp' : '';
  return {
    requestUri: `sip:${number}@${hostInUri(row.sipRealm)}${transport}`,
    fromUri: row.aor,
    target: { host: row.proxy ?? row.sipRealm, port: row.port, transport: row.transport },
    credentials: { username: row.authUsername, password: deps.secrets.open(row.password) },
    transferHost: transferHostOf(target),
    via: `registration ${row.aor}`,
    callerId: call.from ?? sipUserOf(row.aor) ?? row.username,
  };
}

/**
 * Places agents' outbound calls by SIP for accounts whose SIP settings (the agent's own, else its
 * organization's) have an outbound route or a registration; the carrier keeps every other account's calls.
 */
export class SipOutbound implements SipOutboundPlacer {
  constructor(private readonly deps: SipOutboundDeps) {}

  async canPlace(accountId: number): Promise<boolean> {
    return (await findOutboundSipTarget(this.deps.db, accountId)) !== null;
  }

  async prepare(call: SipCallRequest): Promise<PreparedSipCall | null> {
    const { deps } = this;
    const target = await findOutboundSipTarget(deps.db, call.accountId);
    if (!target) return null;
    const agentUsername = (await accountUsername(deps.db, call.accountId)) ?? 'agent';
    const address = addressing(target, call, deps, agentUsername);
    const callId = `${randomBytes(12).toString('hex')}@switchboard`;
    const recordId = await insertSipCall(deps.db, {
      sipCallId: callId,
      accountId: call.accountId,
      fromNumber: address.callerId,
      toUri: address.requestUri.slice(0, 300),
      source: `${address.target.transport}:${address.target.host}:${address.target.port}`,
      status: 'ringing',
    });
    const placed = new SipOutboundCall(
      { db: deps.db, runtime: deps.runtime, logger: deps.logger, endpoint: deps.endpoint },
      {
        callId,
        accountId: call.accountId,
        agentUsername,
        to: call.to,
        from: address.callerId,
        ringMs: call.ringSeconds * 1000,
        recordId,
        ...address,
      },
    );
    return {
      callId,
      via: address.via,
      callerId: address.callerId,
      start: () => {
        deps.logger.info({ callId, accountId: call.accountId, via: address.via }, 'placing a SIP call');
        void placed.start().catch((error: unknown) => {
          deps.logger.error({ err: error, callId }, 'a SIP call could not be placed');
          placed.hangUp('error');
        });
      },
    };
  }
}
