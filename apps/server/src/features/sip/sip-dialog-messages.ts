import {
  sip,
  type Remote,
  type SipMessage,
  type SipRequest,
  type Stack,
} from '../../providers/telephony/sip/sip-stack';
import type { OutboundSipTarget } from './sip-outbound.repo';

export const hostInUri = (host: string) => (host.includes(':') ? `[${host}]` : host);

/**
 * Where a REFER sends the caller: a SIP URI as given, else the number or extension (`ext:`/`pbx:` prefix and any
 * post-answer digits after a comma left out) at the account's outbound route or registration (`viaHost`), else
 * at the peer that sent the call.
 */
export function referTarget(destination: string, peerAddress: string, viaHost?: string | null): string {
  const trimmed = destination.trim();
  if (/^sips?:/i.test(trimmed)) return trimmed;
  const user = trimmed.replace(/^(ext|pbx):/i, '').split(',')[0] ?? '';
  return `sip:${user.replace(/[^0-9A-Za-z+*#._-]/g, '')}@${viaHost ?? hostInUri(peerAddress)}`;
}

/**
 * A request of ours in an inbound call's dialog (RFC 3261 §12.2.1.1): to the caller's Contact, From our side of
 * the INVITE's To with our tag, sent back where the INVITE came from (the stack's flow route, removed before
 * sending): the peer's Contact may sit behind NAT, or share our own address on one host.
 */
export function dialogRequest(
  method: string,
  call: { invite: SipRequest; remote: Remote },
  localTag: string,
  seq: number,
  stack: Stack,
): SipMessage | null {
  const { invite } = call;
  const contact = Array.isArray(invite.headers.contact) ? invite.headers.contact[0] : undefined;
  const to = invite.headers.from;
  if (!to) return null;
  const request: SipMessage = {
    method,
    uri: contact?.uri ?? to.uri,
    headers: {
      to,
      from: {
        uri: invite.headers.to?.uri ?? invite.uri,
        params: { ...(invite.headers.to?.params ?? {}), tag: localTag },
      },
      'call-id': invite.headers['call-id'],
      cseq: { seq, method },
      via: [],
      route: [{ uri: stack.encodeFlowUri(call.remote), params: {} }],
      'max-forwards': 70,
      'content-length': 0,
    },
  };
  if (invite.headers.to?.name) (request.headers.from as { name?: string }).name = invite.headers.to.name;
  return request;
}

/** A response to an INVITE, re-INVITE or UPDATE with our To tag, and a Contact (and what we allow) on a 2xx. */
export function dialogResponse(
  status: number,
  reason: string,
  request: SipRequest,
  localTag: string,
  remote: Remote,
  contact: { user: string; host: string; port: number },
  sdp?: string,
): SipMessage {
  const to = request.headers.to;
  const response = sip.makeResponse(request, status, reason);
  response.headers.to = { ...(to ?? { uri: request.uri }), params: { ...(to?.params ?? {}), tag: localTag } };
  if (status >= 200 && status < 300) {
    const transport = remote.protocol.toLowerCase();
    response.headers.contact = [
      {
        uri: `sip:${contact.user}@${hostInUri(contact.host)}:${contact.port};transport=${transport}`,
        params: {},
      },
    ];
    response.headers.allow = 'INVITE, ACK, CANCEL, BYE, OPTIONS, UPDATE';
    response.headers.supported = 'timer';
  }
  if (sdp) {
    response.headers['content-type'] = 'application/sdp';
    response.content = sdp;
  }
  return response;
}

/**
 * Where a transferred call's new leg goes (the host part of a REFER's Refer-To): the route's host, with its
 * port and transport unless a proxy carries it, or the registration's domain (FACTS §8: transfers go out
 * through the registration).
 */
export function transferHostOf(target: OutboundSipTarget): string {
  if (target.kind === 'registration') return hostInUri(target.registration.sipRealm);
  const { route } = target;
  const port = route.proxy ? '' : `:${route.port}`;
  return `${hostInUri(route.host)}${port}${route.transport === 'tcp' ? ';transport=tcp' : ''}`;
}
