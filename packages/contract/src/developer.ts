import { z } from 'zod';
import { defineEndpoint, type Endpoint } from './endpoint';
import { idField, okBody } from './fields';
import { webhooksEndpoints } from './developer-webhooks';

export {
  webhookAttemptSchema,
  webhookDeliverySchema,
  webhookEventDescriptions,
  webhookEventTypes,
  webhookHeaders,
  webhookSchema,
  type WebhookDeliveryView,
  type WebhookEventType,
  type WebhookView,
} from './developer-webhooks';

/**
 * What an API token may do. Every type acts with no more than its maker's rights on the account it was made for
 * (and the accounts below it); `readOnly` narrows that to calls that change nothing.
 */
export const apiTokenTypes = ['admin', 'readOnly'] as const;
export type ApiTokenType = (typeof apiTokenTypes)[number];

export const apiTokenTypeLabels: Readonly<Record<ApiTokenType, string>> = {
  admin: 'Full access: every call its maker may make',
  readOnly: 'Read only: reading calls, nothing that changes data',
};

/** Every API token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const apiTokenPrefix = 'sbk_';

/**
 * Whether a token of `type` may make the call. A call changes nothing when it is a GET, or when it declares
 * `apiToken: 'read'` (a search sent as POST); `readOnly` tokens make only those.
 */
export function apiTokenAllows(type: ApiTokenType, endpoint: Pick<Endpoint, 'method' | 'apiToken'>): boolean {
  if (type === 'admin') return true;
  return (endpoint.apiToken ?? (endpoint.method === 'GET' ? 'read' : 'write')) === 'read';
}

export const apiTokenSchema = z.object({
  id: z.number().int(),
  /** The token's first characters and an ellipsis: enough to recognise it, never enough to use it. */
  token: z.string(),
  prefix: z.string(),
  description: z.string(),
  type: z.enum(apiTokenTypes),
  /** When it was made, epoch seconds as a string (FACTS §10). */
  timestamp: z.string(),
  /** When a request last used it (to the minute), epoch seconds as a string; null when never used. */
  lastUsedAt: z.string().nullable(),
  /** The person who made it. */
  userId: z.number().int(),
  /** The account it acts for. */
  accountId: z.number().int(),
});

export type ApiTokenView = z.infer<typeof apiTokenSchema>;

const tokensEndpoints = {
  listApiTokens: defineEndpoint({
    area: 'developer',
    method: 'GET',
    path: '/api/v2/tokens',
    summary: "The acting account's API tokens (never the secret itself), newest first",
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    response: okBody({ message: z.string(), tokens: z.array(apiTokenSchema) }),
  }),
  createApiToken: defineEndpoint({
    area: 'developer',
    method: 'POST',
    path: '/api/v2/tokens',
    summary: 'Make an API token for the acting account; the answer is the only time the whole token is shown',
    description:
      'Send it as `Authorization: Bearer <token>` (or `?token=`). It acts for the account it was made for and ' +
      "the accounts below it, with its maker's rights at most (`readOnly`: reading calls only), until revoked. " +
      'At most 50 live tokens per account.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z.object({
      description: z
        .string()
        .trim()
        .min(1, 'is required: say what the token is for')
        .max(120, 'is longer than 120 characters'),
      type: z.enum(apiTokenTypes, { error: `must be one of ${apiTokenTypes.join(', ')}` }).default('admin'),
    }),
    successStatus: 201,
    response: okBody({ message: z.string(), token: apiTokenSchema }),
  }),
  deleteApiToken: defineEndpoint({
    area: 'developer',
    method: 'DELETE',
    path: '/api/v2/tokens',
    summary: 'Revoke an API token at once (by `id`, or by the whole `token`)',
    description:
      'Requests with a revoked token answer 401 from then on. 404 when the account has no such token.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z.object({
      /** The token's id, as the list shows it. */
      id: idField().optional(),
      /** Or the whole token. Exactly one of the two. */
      token: z.string().trim().min(1).max(200).optional(),
    }),
    owned: { body: { id: 'apiToken' } },
    response: okBody({ message: z.string() }),
  }),
} as const;

export const developerEndpoints = { ...tokensEndpoints, ...webhooksEndpoints } as const;
