import type { Endpoint, ReviewReason } from '@switchboard/contract';
import type { Db } from '../../platform/database';
import { conversationsMoney, unitsToUsd } from '../ledger';
import {
  accountIdOfUsername,
  emailOfUser,
  insertAuditEvent,
  listAuditEvents,
  listCallsForReview,
  phoneNumbersForReview,
  usernamesOf,
  type ReviewRow,
} from './admin.repo';

function reasonsOf(row: ReviewRow): ReviewReason[] {
  const reasons: ReviewReason[] = [];
  if (row.ended_reason === 'error') reasons.push('platformFault');
  if (row.rating !== null && Number(row.rating) <= 2) reasons.push('lowRating');
  if (row.blocked) reasons.push('blockedCaller');
  if ((row.failed_transfers ?? []).length > 0) reasons.push('transferFailed');
  return reasons;
}

/** The review queue: flagged conversations with what each was charged, given back, and may still be refunded. */
export async function fetchCallsForReview(
  db: Db,
  query: {
    reason?: ReviewReason | undefined;
    phoneNumber?: string | undefined;
    before?: number | undefined;
    limit: number;
  },
) {
  const rows = await listCallsForReview(db, { ...query, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const money = await conversationsMoney(
    db,
    page.map((row) => row.uuid),
  );
  const payers = await usernamesOf(db, [...new Set(money.map((entry) => entry.payerAccountId))]);
  const calls = page.map((row) => {
    // A conversation is charged to one wallet; should there be several, the largest charge is the one shown.
    const charged = money
      .filter((entry) => entry.conversationId === row.uuid)
      .sort((a, b) => (b.charged > a.charged ? 1 : -1))[0];
    const refundable = charged ? charged.charged - charged.reversed : 0n;
    return {
      id: Number(row.id),
      conversationId: row.uuid,
      reasons: reasonsOf(row),
      accountId: Number(row.account_id),
      accountName: row.account_name,
      username: row.username,
      channel: row.channel,
      direction: row.direction,
      fromNumber: row.from_number,
      toNumber: row.to_number,
      timestamp: new Date(row.timestamp).toISOString(),
      durationSeconds: Number(row.duration),
      endedReason: row.ended_reason,
      rating: row.rating === null ? null : Number(row.rating),
      failedTransfers: (row.failed_transfers ?? []).filter((destination) => destination !== ''),
      payerAccountId: charged?.payerAccountId ?? null,
      payerUsername: charged ? (payers.get(charged.payerAccountId) ?? null) : null,
      chargedUsd: unitsToUsd(charged?.charged ?? 0n),
      reversedUsd: unitsToUsd(charged?.reversed ?? 0n),
      refundableUsd: unitsToUsd(refundable > 0n ? refundable : 0n),
    };
  });
  return {
    success: true as const,
    calls,
    phoneNumbers: await phoneNumbersForReview(db, 500),
    nextBefore: rows.length > query.limit ? (calls.at(-1)?.id ?? null) : null,
  };
}

export async function adminAuditTrail(
  db: Db,
  query: { targetAccountId?: number | undefined; before?: number | undefined; limit: number },
) {
  const rows = await listAuditEvents(db, { ...query, limit: query.limit + 1 });
  const events = rows.slice(0, query.limit).map((row) => ({
    id: row.id,
    actorUserId: row.actorUserId,
    actorEmail: row.actorEmail,
    action: row.action,
    summary: row.summary,
    targetAccountId: row.targetAccountId,
    target: row.target,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  }));
  return {
    success: true as const,
    events,
    nextBefore: rows.length > query.limit ? (events.at(-1)?.id ?? null) : null,
  };
}

const withheld = /password|secret|token|code|credential|apikey|api_key|preimage/i;

/** The request's fields as the trail keeps them: credentials withheld, long text cut. */
function keptFields(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > 300 ? `${value.slice(0, 300)}…` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth > 3) return '…';
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => keptFields(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .slice(0, 40)
      .map(([key, item]) => [key, withheld.test(key) ? '(withheld)' : keptFields(item, depth + 1)]),
  );
}

export interface SuperAdminAction {
  actorUserId: number;
  endpoint: Endpoint;
  /** The account the call acted for (targetAccountId), when it named one. */
  targetAccountId: number | undefined;
  params: Record<string, unknown> | undefined;
  query: Record<string, unknown> | undefined;
  body: Record<string, unknown> | undefined;
  result: unknown;
}

/**
 * Writes a super admin's change to the audit trail: who (the person and their address then), what (the call and
 * its fields), when, and to whom (the account acted for, else the username or account id the request named).
 */
export async function recordSuperAdminAction(db: Db, action: SuperAdminAction): Promise<void> {
  const { body, query, params } = action;
  const username = typeof body?.username === 'string' ? body.username : undefined;
  const named =
    action.targetAccountId ??
    (typeof body?.targetAccountId === 'number' ? body.targetAccountId : undefined) ??
    (username ? ((await accountIdOfUsername(db, username)) ?? undefined) : undefined);
  const conversation = typeof body?.conversationId === 'string' ? body.conversationId : undefined;
  const target =
    [username, conversation && `conversation ${conversation}`].filter(Boolean).join(', ') ||
    (named !== undefined ? `account ${named}` : null);
  const { token: _token, adminToken: _adminToken, ...shownQuery } = query ?? {};
  const message =
    action.result && typeof action.result === 'object' && 'message' in action.result
      ? action.result.message
      : undefined;
  await insertAuditEvent(db, {
    actorUserId: action.actorUserId,
    actorEmail: await emailOfUser(db, action.actorUserId),
    action: `${action.endpoint.method} ${action.endpoint.path}`,
    summary: action.endpoint.summary,
    targetAccountId: named ?? null,
    target,
    details: keptFields({
      ...(params && Object.keys(params).length > 0 && { params }),
      ...(Object.keys(shownQuery).length > 0 && { query: shownQuery }),
      ...(body && { body }),
      ...(typeof message === 'string' && { outcome: message }),
    }) as Record<string, unknown>,
  });
}
