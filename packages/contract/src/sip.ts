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

/** The record of a call in the captures: how far it got and why it ended. */
export const sipCallOutcomeSchema = z.object({
  sipCallId: z.string(),
  /** ringing, answered, ended, refused, canceled, busy, no-answer, failed. */
  status: z.string(),
  /**
   * The SIP status of a refusal or failure (`486 Busy Here (busy)`), or why an answered call ended
   * (`caller-bye`, `rtp-timeout`…); null while it lasts.
   */
  endReason: z.string().nullable(),
  /** Epoch milliseconds; null while the call lasts. */
  endedAt: z.number().int().nullable(),
});

export const sipTransports = ['udp', 'tcp'] as const;
export const sipRegistrationStates = ['registering', 'registered', 'failed', 'unregistered'] as const;

/** A registration as answered: never the password. */
export const sipRegistrationSchema = z.object({
  aor: z.string(),
  username: z.string(),
  authUsername: z.string(),
  sipRealm: z.string(),
  proxy: z.string().nullable(),
  port: z.number().int(),
  transport: z.enum(sipTransports),
  /** registering: a REGISTER is on its way; registered: the PBX answered 200; failed: see lastError. */
  state: z.enum(sipRegistrationStates),
  /** Why the last attempt failed, in plain words with the SIP status; null after a success. */
  lastError: z.string().nullable(),
  /** Epoch milliseconds, null when never. */
  lastAttemptAt: z.number().int().nullable(),
  registeredAt: z.number().int().nullable(),
  /** When the PBX lets the registration lapse; it is refreshed before then. */
  expiresAt: z.number().int().nullable(),
});

export type SipRegistrationView = z.infer<typeof sipRegistrationSchema>;

const sipHost = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(253, 'is longer than 253 characters')
  .regex(
    /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?)$/,
    'must be a host name or an IP address',
  );

const credential = (what: string) =>
  z
    .string()
    .trim()
    .min(1, 'is required')
    .max(128, 'is longer than 128 characters')
    .regex(/^[^\s"\\<>@]+$/, `must be the ${what} without spaces, quotes, @ or angle brackets`);

const registrationBody = z
  .object({
    aor: z
      .string()
      .trim()
      .max(300, 'is longer than 300 characters')
      .optional()
      .meta({ examples: ['sip:1001@pbx.example.com'] }),
    username: credential('extension or user name').meta({ examples: ['1001'] }),
    authUsername: credential('authentication user name').optional(),
    password: z.string().min(1, 'is required').max(256, 'is longer than 256 characters'),
    sipRealm: sipHost.meta({ examples: ['pbx.example.com'] }),
    proxy: sipHost.optional(),
    port: z
      .number()
      .int()
      .min(1, 'must be a port from 1 to 65535')
      .max(65535, 'must be a port from 1 to 65535')
      .default(5060),
    transport: z
      .string()
      .trim()
      .toLowerCase()
      .default('udp')
      .pipe(z.enum(sipTransports, { error: 'must be udp or tcp (TLS is not offered yet)' })),
    /** Accepted for compatibility; presence and message-waiting subscriptions are not offered yet. */
    subscribe: z.boolean().optional(),
  })
  .meta({
    examples: [
      {
        aor: 'sip:1001@pbx.example.com',
        username: '1001',
        authUsername: '1001',
        password: 'correct horse battery staple',
        sipRealm: 'pbx.example.com',
        proxy: 'pbx.example.com',
        port: 5060,
        transport: 'udp',
      },
    ],
  });

const registrationAnswer = okBody({ message: z.string(), registration: sipRegistrationSchema });

/** Where a phone system sends calls for the acting account's agents. */
export const sipAddressesSchema = z.object({
  /** The host peers reach (SIP_PUBLIC_HOST), the port and transports the endpoint listens on; port null when off. */
  endpoint: z.object({
    host: z.string(),
    port: z.number().int().nullable(),
    transports: z.array(z.enum(sipTransports)),
  }),
  /** The agents calls can name, each with the SIP URIs that reach it (by username, and by number when it has one). */
  agents: z.array(
    z.object({
      accountId: z.number().int(),
      name: z.string(),
      username: z.string(),
      uris: z.array(z.string()),
    }),
  ),
});

export type SipAddressesView = z.infer<typeof sipAddressesSchema>;

export const sipEndpoints = {
  getSipAddresses: defineEndpoint({
    area: 'sip',
    method: 'GET',
    path: '/api/v2/sip/addresses',
    summary:
      "The SIP address to point a PBX or trunk at: the platform's SIP host and the acting account's agents",
    description:
      'Each agent of the acting account (the account itself when it is an agent) with its URIs: ' +
      '`sip:<username>@<host>` and, when it has a number, `sip:+<E.164>@<host>`. `endpoint.port` is null when ' +
      'this server runs no SIP endpoint. At most 200 agents.',
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    response: okBody({ addresses: sipAddressesSchema }),
  }),
  getSipRegistration: defineEndpoint({
    area: 'sip',
    method: 'GET',
    path: '/api/v2/sip/registration',
    summary: "The acting account's registration to its phone system, with its state and last error",
    description: 'The password is never answered. 404 when the account has none.',
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    response: registrationAnswer,
  }),
  saveSipRegistration: defineEndpoint({
    area: 'sip',
    method: 'POST',
    path: '/api/v2/sip/registration',
    summary: 'Register the acting account to its phone system (a PBX), or change that registration',
    description:
      'The platform sends REGISTER for `aor` (default `sip:<username>@<sipRealm>`) to `proxy` (default the ' +
      'realm) at `port` over `transport`, answers a 401/407 challenge with digest authentication (MD5 or ' +
      'SHA-256) as `authUsername` (default `username`), and refreshes the registration before it expires. The ' +
      'answer comes at once with state `registering`; GET shows the outcome. 201 when made, 200 when changed; ' +
      '409 when another account registers the same AOR. The password is stored sealed and never answered.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: registrationBody,
    response: registrationAnswer,
  }),
  deleteSipRegistration: defineEndpoint({
    area: 'sip',
    method: 'DELETE',
    path: '/api/v2/sip/registration',
    summary: 'Unregister from the phone system and forget the registration',
    description:
      'A REGISTER with Expires: 0 tells the PBX the binding is gone. 404 when the account has none.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    response: okBody({ message: z.string() }),
  }),
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
  placeSipTestCall: defineEndpoint({
    area: 'sip',
    method: 'POST',
    path: '/api/v2/sip/testCall',
    summary: 'Call a number from the acting agent by SIP, to try the outbound route or registration',
    description:
      "The acting account must be an agent (act for one with targetAccountId). The call goes by the agent's own " +
      "SIP settings, else its organization's: the oldest outbound route, else the registration; 404 when neither " +
      'has any, 503 when this server runs no SIP endpoint. The agent talks with whoever answers, as on a task ' +
      "call; the call's SIP messages are in the captures under `callId`.",
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z.object({
      number: z
        .string()
        .trim()
        .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number such as +15551234567')
        .meta({ examples: ['+15551234567'] }),
    }),
    successStatus: 201,
    response: okBody({ message: z.string(), callId: z.string(), via: z.string() }),
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
      'the messages as they crossed the wire, each under a line naming its time, direction and peer. `calls` ' +
      'has the record of each call the messages belong to: its status and, once it ended, why (an answered ' +
      'call whose audio never arrived ends `rtp-timeout`). 404 "No results found" when nothing matches.',
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    query: z.object({
      sipCallId: z.string().trim().min(1).max(300).optional(),
      from: epochMillisecondsField().optional(),
      to: epochMillisecondsField().optional(),
      format: z.enum(['json', 'text']).optional(),
    }),
    response: okBody({ messages: z.array(sipMessageSchema), calls: z.array(sipCallOutcomeSchema) }),
  }),
} as const;
