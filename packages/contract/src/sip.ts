import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { epochMillisecondsField, okBody } from './fields';

/** An IPv4 or IPv6 address, or a CIDR range of either; the server normalises it or names what is wrong. */
const ipInput = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64, 'is longer than 64 characters')
  .meta({ examples: ['203.0.113.10'] });

/** A route in FACTS §8's grammar; the server parses it and names the part that is wrong. */
const routeInput = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(300, 'is longer than 300 characters')
  .meta({ examples: ['sip.example.com:5060;transport=udp'] });

export const sipWhitelistEntrySchema = z.object({
  /** The account the entry belongs to. */
  userId: z.number().int(),
  label: z.string(),
  /** When it was added, epoch seconds. */
  timestamp: z.number().int(),
  /** The normalised address or CIDR range. */
  ip: z.string(),
});

export type SipWhitelistEntryView = z.infer<typeof sipWhitelistEntrySchema>;

const whitelistBody = okBody({ message: z.string(), whitelist: z.array(sipWhitelistEntrySchema) });
const routesBody = okBody({ message: z.string(), routes: z.array(z.string()) });

export const sipMessageSchema = z.object({
  sipCallId: z.string(),
  /** in: received from the peer; out: sent by the platform. */
  direction: z.enum(['in', 'out']),
  /** The peer: `udp:203.0.113.10:5060`. */
  peer: z.string(),
  /** The request method or the response status (`INVITE`, `200 OK`). */
  summary: z.string(),
  /** Epoch milliseconds. */
  timestamp: z.number().int(),
  raw: z.string(),
});

export const sipEndpoints = {
  listSipIpWhitelist: defineEndpoint({
    area: 'sip',
    method: 'GET',
    path: '/api/v2/sip/ipWhitelist',
    summary: "The addresses the acting account's SIP calls may come from",
    description:
      'An INVITE to an agent is answered only when its source address falls in an entry of the agent account ' +
      'or an account above it; otherwise it is refused with SIP 403.',
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    response: whitelistBody,
  }),
  addSipIpWhitelistEntry: defineEndpoint({
    area: 'sip',
    method: 'POST',
    path: '/api/v2/sip/ipWhitelist',
    summary: 'Allow SIP calls from an address or CIDR range',
    description:
      'IPv4 or IPv6, optionally with a prefix length (`198.51.100.0/24`); stored normalised. 400 naming the ' +
      'problem for anything else, 409 when the account already has the entry.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z.object({
      ip: ipInput,
      label: z.string().trim().min(1, 'is required').max(100, 'is longer than 100 characters'),
    }),
    successStatus: 201,
    response: whitelistBody,
  }),
  deleteSipIpWhitelistEntry: defineEndpoint({
    area: 'sip',
    method: 'DELETE',
    path: '/api/v2/sip/ipWhitelist',
    summary: 'Stop allowing SIP calls from an address or range',
    description: '404 when the acting account has no such entry.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z.object({ ip: ipInput }),
    response: whitelistBody,
  }),
  listSipOutboundRoutes: defineEndpoint({
    area: 'sip',
    method: 'GET',
    path: '/api/v2/sip/outboundRoutes',
    summary: "Where the acting account's outbound SIP calls go",
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    response: routesBody,
  }),
  addSipOutboundRoute: defineEndpoint({
    area: 'sip',
    method: 'POST',
    path: '/api/v2/sip/outboundRoutes',
    summary: 'Add an outbound SIP route',
    description:
      'Grammar: `{domain|IP}[:{port}][;transport=tcp|udp][;proxyAddress={domain|IP}[:{port}]]`. The host is ' +
      'required; the port defaults to 5060 (ignored when a proxy is given), the transport to udp, the proxy ' +
      'port to 5060. A part that does not parse is a 400 naming it. Stored and answered in a normal form.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z.object({ route: routeInput }),
    successStatus: 201,
    response: routesBody,
  }),
  deleteSipOutboundRoute: defineEndpoint({
    area: 'sip',
    method: 'DELETE',
    path: '/api/v2/sip/outboundRoutes',
    summary: 'Remove an outbound SIP route',
    description: 'The route is matched in its normal form; 404 when the acting account has no such route.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z.object({ route: routeInput }),
    response: routesBody,
  }),
  listSipCaptures: defineEndpoint({
    area: 'sip',
    method: 'GET',
    path: '/api/v2/sip/captures',
    summary: "The SIP messages of the acting account's calls, as text or JSON",
    description:
      'Messages of calls to the account (or, for an organization and above, to its agents), oldest first, at ' +
      'most 500. `sipCallId` narrows to one call; `from`/`to` are epoch milliseconds. `format=text` answers ' +
      'the messages as they crossed the wire, each under a line naming its time, direction and peer. 404 ' +
      '"No results found" when nothing matches.',
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    query: z.object({
      sipCallId: z.string().trim().min(1).max(300).optional(),
      from: epochMillisecondsField().optional(),
      to: epochMillisecondsField().optional(),
      format: z.enum(['json', 'text']).optional(),
    }),
    response: okBody({ messages: z.array(sipMessageSchema) }),
  }),
} as const;
