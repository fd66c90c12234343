import type { FastifyBaseLogger } from 'fastify';
import { webhookHeaders } from '@switchboard/contract';
import type { Db } from '../../platform/database';
import { OutboundRequestError, type OutboundHttp } from '../../platform/outbound-http';
import type { SecretBox } from '../../platform/secret-box';
import { buildEventData, eventBody } from './webhook-payloads';
import { signWebhook } from './webhook-signature';
import {
  findEvent,
  findWebhookEndpoint,
  leaseNextDelivery,
  recordAttempt,
  saveEventData,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './webhooks.repo';

export interface WebhookDeliveryDeps {
  db: Db;
  http: OutboundHttp;
  secrets: SecretBox;
  logger: FastifyBaseLogger;
  /** The first retry's delay; later ones are multiples of it (retryMultipliers). */
  retryBaseMs: number;
  timeoutMs?: number;
}

/** Delays after each failed try, in multiples of the base: with 30 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h. */
export const retryMultipliers = [1, 4, 20, 60, 120, 240, 480, 960, 960] as const;
/** Tries in all (the first and every retry): about a day with the default base. */
export const maxDeliveryAttempts = retryMultipliers.length + 1;
const defaultTimeoutMs = 10_000;
/** At most this many deliveries per run of an endpoint's job, so one busy endpoint yields to the others. */
const deliveriesPerRun = 50;

export const retryDelayMs = (base: number, attemptsMade: number): number =>
  base * (retryMultipliers[Math.min(attemptsMade, retryMultipliers.length) - 1] ?? 1);

async function attemptDelivery(
  deps: WebhookDeliveryDeps,
  endpoint: WebhookEndpointRow,
  delivery: WebhookDeliveryRow,
): Promise<void> {
  const attempt = delivery.attempts;
  const event = await findEvent(deps.db, delivery.eventId);
  const data = event ? (event.data ?? (await buildEventData(deps.db, event))) : null;
  if (!event || !data) {
    await recordAttempt(
      deps.db,
      { deliveryId: delivery.id, attempt, durationMs: 0, error: 'The record this event was about is gone' },
      { status: 'failed' },
    );
    return;
  }
  const kept = event.data ?? (await saveEventData(deps.db, event.id, data));
  const body = eventBody(event, kept);
  const timestamp = Math.floor(Date.now() / 1000);
  const started = performance.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  let excerpt: string | null = null;
  try {
    const response = await deps.http.request({
      url: endpoint.url,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Switchboard-Webhooks/1',
        [webhookHeaders.event]: event.type,
        [webhookHeaders.eventId]: `evt_${event.id}`,
        [webhookHeaders.deliveryId]: String(delivery.id),
        [webhookHeaders.timestamp]: String(timestamp),
        [webhookHeaders.signatureVersion]: 'v1',
        [webhookHeaders.signature]: signWebhook(deps.secrets.open(endpoint.secret), timestamp, body),
      },
      body,
      timeoutMs: deps.timeoutMs ?? defaultTimeoutMs,
      maxBytes: 2048,
    });
    statusCode = response.status;
    excerpt = response.body.toString('utf8').slice(0, 500);
    if (!response.ok) error = `The receiver answered ${response.status}`;
  } catch (cause) {
    error =
      cause instanceof OutboundRequestError
        ? `Not delivered: ${cause.message}`
        : 'Not delivered: the receiver could not be reached';
  }
  const durationMs = Math.round(performance.now() - started);
  const record = {
    deliveryId: delivery.id,
    attempt,
    statusCode,
    error,
    durationMs,
    responseExcerpt: excerpt,
  };
  if (error === null) {
    await recordAttempt(deps.db, record, { status: 'succeeded' });
  } else if (statusCode === 410) {
    const reason = 'The receiver answered 410 Gone, so deliveries to it stopped';
    await recordAttempt(deps.db, record, { status: 'failed', disableEndpoint: { id: endpoint.id, reason } });
  } else if (attempt >= maxDeliveryAttempts) {
    await recordAttempt(deps.db, record, { status: 'failed' });
  } else {
    const nextAttemptAt = new Date(Date.now() + retryDelayMs(deps.retryBaseMs, attempt));
    await recordAttempt(deps.db, record, { status: 'pending', nextAttemptAt });
  }
  if (error !== null) {
    deps.logger.info({ webhookId: endpoint.id, deliveryId: delivery.id, attempt, statusCode }, error);
  }
}

/**
 * Sends the endpoint's due deliveries one at a time, oldest first; a failed one waits for its retry while the
 * next ones go. Another worker holding the endpoint's head delivery makes this run stop at once.
 */
export async function deliverDueForEndpoint(deps: WebhookDeliveryDeps, endpointId: number): Promise<number> {
  const leaseSeconds = Math.ceil((deps.timeoutMs ?? defaultTimeoutMs) / 1000) + 30;
  let sent = 0;
  while (sent < deliveriesPerRun) {
    const endpoint = await findWebhookEndpoint(deps.db, endpointId);
    if (!endpoint?.enabled) break;
    const delivery = await leaseNextDelivery(deps.db, endpointId, leaseSeconds);
    if (!delivery) break;
    await attemptDelivery(deps, endpoint, delivery);
    sent += 1;
  }
  return sent;
}
