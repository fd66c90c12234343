import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import type { WebhookDeliveryView, WebhookEventType, WebhookView } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { classifyAddress } from '../../platform/outbound-address';
import type { SecretBox } from '../../platform/secret-box';
import { newWebhookSecret } from './webhook-signature';
import {
  deleteWebhookEndpoint,
  deliveryHealth,
  findDelivery,
  findWebhookEndpoint,
  insertReplay,
  insertWebhookEndpoint,
  listDeliveries,
  listWebhookEndpoints,
  updateWebhookEndpoint,
  type WebhookAttemptRow,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './webhooks.repo';

export interface WebhooksDeps {
  db: Db;
  secrets: SecretBox;
  /** Production: https only. */
  production: boolean;
  /** Loopback and private addresses refused unless allowed (decision 018: allowed outside production). */
  allowPrivateNetwork: boolean;
  resolveHost?: (host: string) => Promise<string[]>;
}

const maxEndpoints = 20;
const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

const systemResolve = async (host: string) =>
  (await lookup(host, { all: true })).map((entry) => entry.address);

/** Refuses a URL deliveries could never be sent to, with the reason (each delivery checks its addresses again). */
export async function checkWebhookUrl(deps: WebhooksDeps, url: string): Promise<void> {
  const parsed = new URL(url);
  if (deps.production && parsed.protocol !== 'https:') {
    throw new AppError('VALIDATION_FAILED', 'body.url must be an https:// address');
  }
  if (parsed.username || parsed.password) {
    throw new AppError('VALIDATION_FAILED', 'body.url must not carry a user name or password');
  }
  if (deps.allowPrivateNetwork) return;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = await (deps.resolveHost ?? systemResolve)(host);
    } catch {
      throw new AppError('VALIDATION_FAILED', `body.url: ${host} could not be found`);
    }
  }
  for (const address of addresses) {
    const verdict = classifyAddress(address);
    if (!verdict.allowed) {
      throw new AppError('VALIDATION_FAILED', `body.url is refused: ${verdict.reason}`);
    }
  }
}

function presentWebhook(
  row: WebhookEndpointRow,
  health: { pending: number; last: WebhookDeliveryRow | null } | undefined,
): WebhookView {
  const last = health?.last ?? null;
  return {
    id: row.id,
    accountId: row.accountId,
    url: row.url,
    label: row.label,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    disabledReason: row.enabled ? null : row.disabledReason,
    timestamp: epoch(row.createdAt),
    pendingDeliveries: health?.pending ?? 0,
    lastDelivery: last ? { status: last.status, at: epoch(last.completedAt ?? last.createdAt) } : null,
  };
}

export function presentDelivery(
  delivery: WebhookDeliveryRow,
  eventType: string,
  attempts: WebhookAttemptRow[],
): WebhookDeliveryView {
  return {
    id: delivery.id,
    webhookId: delivery.endpointId,
    eventId: `evt_${delivery.eventId}`,
    eventType: eventType as WebhookEventType,
    status: delivery.status,
    attempts: delivery.attempts,
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    lastDurationMs: delivery.lastDurationMs,
    nextAttemptAt: delivery.status === 'pending' ? epoch(delivery.nextAttemptAt) : null,
    createdAt: epoch(delivery.createdAt),
    completedAt: delivery.completedAt ? epoch(delivery.completedAt) : null,
    replayOf: delivery.replayOf,
    attemptLog: attempts.map((attempt) => ({
      attempt: attempt.attempt,
      at: epoch(attempt.createdAt),
      statusCode: attempt.statusCode,
      error: attempt.error,
      durationMs: attempt.durationMs,
    })),
  };
}

async function presentOne(db: Db, row: WebhookEndpointRow): Promise<WebhookView> {
  return presentWebhook(row, (await deliveryHealth(db, [row.id])).get(row.id));
}

export async function listWebhooks(db: Db, accountId: number): Promise<WebhookView[]> {
  const rows = await listWebhookEndpoints(db, accountId);
  const health = await deliveryHealth(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentWebhook(row, health.get(row.id)));
}

export async function createWebhook(
  deps: WebhooksDeps,
  accountId: number,
  input: { url: string; label: string; events: WebhookEventType[] },
): Promise<{ webhook: WebhookView; secret: string }> {
  await checkWebhookUrl(deps, input.url);
  const existing = await listWebhookEndpoints(deps.db, accountId);
  if (existing.length >= maxEndpoints) {
    throw new AppError(
      'CONFLICT',
      `This account already has ${maxEndpoints} webhook endpoints: remove one first`,
    );
  }
  if (existing.some((row) => row.url === input.url)) {
    throw new AppError(
      'CONFLICT',
      'This account already sends events to that URL: change its events instead',
    );
  }
  const secret = newWebhookSecret();
  const row = await insertWebhookEndpoint(deps.db, {
    accountId,
    url: input.url,
    label: input.label,
    events: [...new Set(input.events)],
    secret: deps.secrets.seal(secret),
  });
  return { webhook: await presentOne(deps.db, row), secret };
}

async function endpointOrMissing(db: Db, id: number): Promise<WebhookEndpointRow> {
  const row = await findWebhookEndpoint(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'No webhook matches params.webhookId');
  return row;
}

export async function updateWebhook(
  deps: WebhooksDeps,
  id: number,
  change: { url?: string; label?: string; events?: WebhookEventType[]; enabled?: boolean },
): Promise<WebhookView> {
  await endpointOrMissing(deps.db, id);
  if ([change.url, change.label, change.events, change.enabled].every((value) => value === undefined)) {
    throw new AppError('VALIDATION_FAILED', 'body: send at least one of url, label, events or enabled', {
      field: 'body',
    });
  }
  if (change.url !== undefined) await checkWebhookUrl(deps, change.url);
  const row = await updateWebhookEndpoint(deps.db, id, {
    ...(change.url === undefined ? {} : { url: change.url }),
    ...(change.label === undefined ? {} : { label: change.label }),
    ...(change.events === undefined ? {} : { events: [...new Set(change.events)] }),
    ...(change.enabled === undefined ? {} : { enabled: change.enabled, disabledReason: null }),
  });
  if (!row) throw new AppError('NOT_FOUND', 'No webhook matches params.webhookId');
  return presentOne(deps.db, row);
}

export async function deleteWebhook(db: Db, id: number): Promise<void> {
  await endpointOrMissing(db, id);
  await deleteWebhookEndpoint(db, id);
}

export async function revealWebhookSecret(deps: WebhooksDeps, id: number): Promise<string> {
  return deps.secrets.open((await endpointOrMissing(deps.db, id)).secret);
}

export async function listWebhookDeliveries(
  db: Db,
  id: number,
  page: { limit?: number | undefined; before?: number | undefined },
): Promise<WebhookDeliveryView[]> {
  await endpointOrMissing(db, id);
  const rows = await listDeliveries(db, id, {
    limit: page.limit ?? 25,
    ...(page.before === undefined ? {} : { before: page.before }),
  });
  return rows.map((row) => presentDelivery(row.delivery, row.eventType, row.attempts));
}

/** A new delivery of the same event to the same endpoint; the receiver sees the same event id and body. */
export async function replayDelivery(db: Db, deliveryId: number): Promise<WebhookDeliveryView> {
  const found = await findDelivery(db, deliveryId);
  if (!found) throw new AppError('NOT_FOUND', 'No webhook delivery matches params.deliveryId');
  const endpoint = await findWebhookEndpoint(db, found.delivery.endpointId);
  if (!endpoint) throw new AppError('NOT_FOUND', 'The webhook of this delivery was removed');
  if (!endpoint.enabled) {
    throw new AppError('CONFLICT', 'This webhook is turned off: turn it on before sending deliveries again');
  }
  const replay = await insertReplay(db, found.delivery);
  return presentDelivery(replay, found.eventType, []);
}
