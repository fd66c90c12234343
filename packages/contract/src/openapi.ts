import type { Endpoint } from './endpoint';
import { errorBodySchema, errorStatus, type ErrorBody, type ErrorCode } from './errors';
import { sampleJsonSchema, sampleValue, toJsonSchema, type JsonSchema } from './sample-value';

/** The tags of the API reference: one per area. */
export const areaDescriptions: Readonly<Record<string, string>> = {
  platform: 'Service health, this API description, and page-visit attribution for sign-ups.',
  auth: 'Sign-in codes, sessions, temporary (anonymous) sessions and one-time tokens.',
  accounts:
    'The tenant tree (partners, resellers, organizations, agent accounts), the people in it and their ' +
    'memberships, profiles, settings and permissions.',
  agents: 'Agents: staging and production configuration, versions, revisions, publishing and templates.',
  runtime: "Running an agent's model, and what the agent runtime runs on.",
  inbox:
    'Rooms and their messages: the priority and agent inboxes, room actions, replies by text message, AI on ' +
    'or off per room, notifications and chat media.',
  contacts: 'Contacts (linked to rooms by phone number), and search over contacts, rooms and messages.',
  logs: 'Conversation logs and usage: filtered pages and file downloads.',
  metrics: 'Dashboard metric definitions and their values.',
  apps: 'The app catalogue, custom apps, and the apps an organization installs with their credentials.',
  domains: "Custom domains, a host's brand, and the white-label profile of partners and resellers.",
  help: 'Messages to the support team of a brand.',
  admin:
    "The super admin's desk: conversations flagged for review, refunds from it, and the audit trail of every " +
    'change a super admin made.',
  developer:
    'API tokens (made once, stored hashed, revoked at once), event webhooks (signed deliveries retried for a ' +
    'day, with their log and replay), and the MCP server at /api/mcp.',
  knowledge:
    "Knowledge bases: an organization's web pages and documents (fetched in the background), their state, and " +
    'ranked search over their passages.',
  calendar:
    "The account's booking schedule (hours, breaks, blocked dates, length, buffer, notice, horizon) and the " +
    'calendars bookings go to: the sandbox calendar, Calendly by personal access token, Google Calendar by OAuth ' +
    'consent (or its sandbox stand-in); the bookings agents made, and cancelling them at their calendar.',
  'phone-numbers':
    "Phone numbers: searching the carrier's numbers for sale, the agent accounts' numbers (assign, bring your own, " +
    'return, list), call-forwarding checks and the setup walkthrough.',
  telephony:
    "The sandbox phone network's softphone: its caller number, calls dialed from the browser into the same call " +
    'path as a carrier call, and hanging up.',
  sip: 'SIP trunking: the addresses calls may come from, outbound routes, and the SIP messages of recent calls.',
  tasks:
    'Tasks: calls and texts agent accounts are to place, CSV task lists, counts by state, and calling limits ' +
    'inherited down the tenant tree.',
  outbox: 'What the sandbox mail and text-message providers sent (development and tests).',
  billing:
    'Plans and subscriptions: the product catalogue, the plans an organization may buy and the one it is on, ' +
    'subscription checkouts, cancellation at the period’s end, the billing portal and the sandbox portal.',
  wallet:
    'Money in: the wallet balance and history, card checkouts and their signed webhooks, Lightning invoices, ' +
    'exchange rates, rewards and refunds, and the sandbox checkout and Lightning node.',
  payouts:
    'Money out: withdrawals by Lightning address, PayPal, Venmo or a Stripe connected account, held in the ledger ' +
    'until the provider answers, and the card-funded hold.',
  'pay-pages':
    'Public pages: paying an account on its pay page by card or Lightning (less the platform fee, with a ' +
    'receipt by mail), its public profile and link page, and their view and click counts.',
  referrals:
    'Invitations by mail or text with a referral link, and the rewards earned when invitees first pay.',
};

const guardText = {
  public: 'No sign-in needed.',
  session: 'Needs a session token.',
  superAdmin: 'Super admins only.',
};

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const objectProperties = (schema: Endpoint['params']): [string, JsonSchema, boolean][] => {
  if (!schema) return [];
  // Query and path values are parsed from text, so their documented type is the parsed (output) type.
  const json = toJsonSchema(schema, 'output');
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => [
    name,
    property,
    required.has(name),
  ]);
};

const errorBody = (code: ErrorCode, message: string): ErrorBody => ({ success: false, code, message });

/** Named examples of the client errors an endpoint answers most often. */
function clientErrorExamples(endpoint: Endpoint) {
  const examples: Record<string, { summary: string; value: ErrorBody }> = {};
  const requiredField = (['params', 'query', 'body'] as const)
    .map((part) => {
      const schema = endpoint[part];
      const name = schema ? toJsonSchema(schema, 'input').required?.[0] : undefined;
      return name ? `${part}.${name}` : undefined;
    })
    .find(Boolean);
  if (requiredField) {
    examples.validationFailed = {
      summary: 'A field is missing or invalid',
      value: errorBody('VALIDATION_FAILED', `${requiredField}: is required`),
    };
  }
  if (endpoint.guard !== 'public') {
    examples.unauthenticated = {
      summary: 'No valid session token',
      value: errorBody('UNAUTHENTICATED', 'Sign in to use this call'),
    };
  }
  if (endpoint.guard === 'superAdmin') {
    examples.forbidden = {
      summary: 'The caller is not a super admin',
      value: errorBody('FORBIDDEN', 'Only a super admin can make this call'),
    };
  }
  if (Object.keys(examples).length === 0) {
    examples.badRequest = {
      summary: 'The request could not be read',
      value: errorBody('BAD_REQUEST', 'The request body is not valid JSON'),
    };
  }
  return examples;
}

function errorResponses(endpoint: Endpoint) {
  const schema = toJsonSchema(errorBodySchema, 'output');
  const response = (description: string, examples: Record<string, unknown>) => ({
    description,
    content: { 'application/json': { schema, examples } },
  });
  return {
    '4XX': response('The request was refused; `code` says why', clientErrorExamples(endpoint)),
    '5XX': response('The server failed or is unavailable', {
      internal: {
        summary: 'An unexpected failure (logged)',
        value: errorBody('INTERNAL', 'Something went wrong on our side; it has been logged'),
      },
    }),
  };
}

function parametersOf(endpoint: Endpoint) {
  const parameter = (location: 'path' | 'query') => {
    return ([name, schema, required]: [string, JsonSchema, boolean]) => ({
      name,
      in: location,
      required: location === 'path' || required,
      schema,
      example: sampleJsonSchema(schema, 'all'),
    });
  };
  return [
    ...objectProperties(endpoint.params).map(parameter('path')),
    ...objectProperties(endpoint.query).map(parameter('query')),
  ];
}

function operationOf(operationId: string, endpoint: Endpoint) {
  const owned = Object.entries(endpoint.owned ?? {}).flatMap(([place, names]) =>
    Object.entries(names as Record<string, string>).map(([name, kind]) => `${place}.${name} (${kind})`),
  );
  const description = [
    endpoint.description,
    guardText[endpoint.guard],
    owned.length > 0 ? `Tenant-checked ids: ${owned.join(', ')}.` : undefined,
  ]
    .filter(Boolean)
    .join('\n\n');
  const success =
    endpoint.produces === 'file'
      ? { 'application/octet-stream': {} }
      : {
          'application/json': {
            schema: toJsonSchema(endpoint.response, 'output'),
            example: sampleValue(endpoint.response, { io: 'output', fields: 'all' }),
          },
        };
  return {
    operationId,
    tags: [endpoint.area],
    summary: endpoint.summary,
    description,
    parameters: parametersOf(endpoint),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: toJsonSchema(endpoint.body, 'input'),
                example: sampleValue(endpoint.body, { io: 'input', fields: 'all' }),
              },
            },
          },
        }
      : {}),
    responses: {
      [String(endpoint.successStatus ?? 200)]: { description: 'Success', content: success },
      ...errorResponses(endpoint),
    },
    ...(endpoint.guard === 'public' ? { security: [] } : {}),
  };
}

/**
 * Builds the OpenAPI 3.1 document from the endpoint declarations; each endpoint's name is its operationId, and
 * the request and response examples are sampled from its schemas.
 */
export function buildOpenApiDocument(
  endpoints: Readonly<Record<string, Endpoint>>,
  info: { version: string; serverUrl: string },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, endpoint] of Object.entries(endpoints)) {
    const pathItem = (paths[openApiPath(endpoint.path)] ??= {});
    pathItem[endpoint.method.toLowerCase()] = operationOf(operationId, endpoint);
  }
  const areas = new Set(Object.values(endpoints).map((endpoint) => endpoint.area));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Switchboard API',
      version: info.version,
      description:
        'The HTTP API of Switchboard, the multi-tenant platform for AI agents that answer and place phone calls ' +
        'and text messages. Signed-in calls carry a session token (`token` in the query, or ' +
        '`Authorization: Bearer`); `targetAccountId` names the account a call acts for.\n\n' +
        `Errors answer \`{ success: false, code, message }\`; codes: ${Object.keys(errorStatus).join(', ')}.`,
      contact: { name: 'Switchboard support', url: `${info.serverUrl}/app` },
    },
    servers: [{ url: info.serverUrl, description: 'This server' }],
    // An area without a description is left bare, for the API lint and the contract's tests to name.
    tags: [...areas].map((name) => ({
      name,
      ...(areaDescriptions[name] ? { description: areaDescriptions[name] } : {}),
    })),
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'query', name: 'token', description: 'The session token in the query.' },
        bearer: { type: 'http', scheme: 'bearer', description: 'The session token as a bearer token.' },
      },
    },
    security: [{ token: [] }, { bearer: [] }],
    paths,
  };
}
