import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idField, okBody, queryInt } from './fields';

/** The events an endpoint can ask for, with what each means (the developer screen and the docs page show these). */
export const webhookEventTypes = [
  'conversation.started',
  'conversation.ended',
  'call.ended',
  'message.received',
  'task.finished',
  'payment.received',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const webhookEventDescriptions: Readonly<Record<WebhookEventType, string>> = {
  'conversation.started': 'A contact and an agent started a conversation (a call, a text thread or a chat).',
  'conversation.ended': 'A conversation ended: its log with the transcript, collected data and outcome.',
  'call.ended': 'A voice call ended: the conversation log and a short summary of the call.',
  'message.received': 'A contact sent a text or chat message to an agent.',
  'task.finished': 'An outbound task (a call or a text) finished or gave up, with its outcome.',
  'payment.received': "Money reached the account's wallet (a top-up or a payment link).",
};

/** The headers every delivery carries; the signature is HMAC-SHA256 over `<timestamp>.<raw body>`. */
export const webhookHeaders = {
  event: 'X-Switchboard-Event',
  eventId: 'X-Switchboard-Event-Id',
  deliveryId: 'X-Switchboard-Delivery-Id',
  timestamp: 'X-Switchboard-Timestamp',
  signatureVersion: 'X-Switchboard-Signature-Version',
  signature: 'X-Switchboard-Signature',
} as const;

const webhookUrl = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(2000, 'is longer than 2000 characters')
  .refine((value) => /^https?:\/\/[^\s/?#]+([/?#]\S*)?$/i.test(value), {
    error: 'must be a web address starting with https:// (or http://)',
  })
  .meta({ examples: ['https://example.com/hooks/switchboard'] });

const eventList = z
  .array(z.enum(webhookEventTypes, { error: `must be one of ${webhookEventTypes.join(', ')}` }))
  .min(1, 'must name at least one event')
  .max(webhookEventTypes.length);

const label = z.string().trim().min(1, 'is required').max(80, 'is longer than 80 characters');

export const webhookSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  url: z.string(),
  label: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  enabled: z.boolean(),
  /** Why deliveries stopped (the receiver answered 410 Gone); null while enabled. */
  disabledReason: z.string().nullable(),
  /** Epoch seconds. */
  timestamp: z.number().int(),
  /** Deliveries still being tried, and the last one's outcome: a quick health view. */
  pendingDeliveries: z.number().int(),
  lastDelivery: z
    .object({ status: z.enum(['pending', 'succeeded', 'failed']), at: z.number().int() })
    .nullable(),
});

export type WebhookView = z.infer<typeof webhookSchema>;

export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  /** Epoch seconds. */
  at: z.number().int(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  webhookId: z.number().int(),
  eventId: z.string(),
  eventType: z.enum(webhookEventTypes),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastDurationMs: z.number().int().nullable(),
  /** Epoch seconds of the next try while pending; null otherwise. */
  nextAttemptAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  completedAt: z.number().int().nullable(),
  /** The delivery this one resends. */
  replayOf: z.number().int().nullable(),
  attemptLog: z.array(webhookAttemptSchema),
});

export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;

const webhookParams = z.object({ webhookId: idField() });

export const webhooksEndpoints = {
  listWebhooks: defineEndpoint({
    area: 'developer',
    method: 'GET',
    path: '/api/v2/webhooks',
    summary: "The acting account's webhook endpoints",
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    response: okBody({ message: z.string(), webhooks: z.array(webhookSchema) }),
  }),
  createWebhook: defineEndpoint({
    area: 'developer',
    method: 'POST',
    path: '/api/v2/webhooks',
    summary: 'Add an endpoint for events; the answer carries its signing secret',
    description:
      'Each delivery is a JSON POST signed with HMAC-SHA256 over `<X-Switchboard-Timestamp>.<raw body>` in ' +
      '`X-Switchboard-Signature` (hex). A 2xx answer within 10 s is success; anything else is retried with ' +
      'growing delays for a day. An answer of 410 turns the endpoint off. In production the URL must be https ' +
      'and reach a public address. At most 20 endpoints per account.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z.object({ url: webhookUrl, label, events: eventList }),
    successStatus: 201,
    response: okBody({ message: z.string(), webhook: webhookSchema, secret: z.string() }),
  }),
  updateWebhook: defineEndpoint({
    area: 'developer',
    method: 'PATCH',
    path: '/api/v2/webhooks/:webhookId',
    summary: "Change an endpoint's URL, label or events, or turn it on or off",
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    params: webhookParams,
    body: z.object({
      url: webhookUrl.optional(),
      label: label.optional(),
      events: eventList.optional(),
      enabled: z.boolean().optional(),
    }),
    owned: { params: { webhookId: 'webhook' } },
    response: okBody({ message: z.string(), webhook: webhookSchema }),
  }),
  deleteWebhook: defineEndpoint({
    area: 'developer',
    method: 'DELETE',
    path: '/api/v2/webhooks/:webhookId',
    summary: 'Remove an endpoint; deliveries still pending for it are dropped',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    params: webhookParams,
    owned: { params: { webhookId: 'webhook' } },
    response: okBody({ message: z.string() }),
  }),
  revealWebhookSecret: defineEndpoint({
    area: 'developer',
    method: 'GET',
    path: '/api/v2/webhooks/:webhookId/secret',
    summary: "An endpoint's signing secret",
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    params: webhookParams,
    owned: { params: { webhookId: 'webhook' } },
    response: okBody({ secret: z.string() }),
  }),
  listWebhookDeliveries: defineEndpoint({
    area: 'developer',
    method: 'GET',
    path: '/api/v2/webhooks/:webhookId/deliveries',
    summary: "An endpoint's deliveries, newest first, each with its attempts",
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    params: webhookParams,
    query: z.object({
      limit: queryInt({ min: 1, max: 100 }).optional(),
      /** Deliveries older than this id (the last id of the previous page). */
      before: idField().optional(),
    }),
    owned: { params: { webhookId: 'webhook' } },
    response: okBody({ deliveries: z.array(webhookDeliverySchema) }),
  }),
  replayWebhookDelivery: defineEndpoint({
    area: 'developer',
    method: 'POST',
    path: '/api/v2/webhooks/deliveries/:deliveryId/replay',
    summary: 'Send a delivery again: the same event, body and event id, as a new delivery',
    description: '409 when the endpoint is turned off.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    params: z.object({ deliveryId: idField() }),
    owned: { params: { deliveryId: 'webhookDelivery' } },
    successStatus: 201,
    response: okBody({ message: z.string(), delivery: webhookDeliverySchema }),
  }),
} as const;
