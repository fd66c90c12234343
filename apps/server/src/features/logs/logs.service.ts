import { displayNameOf } from '@switchboard/core';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import {
  findAccountForRecords,
  insertUsageEvent,
  sumUsageByUnit,
  upsertConversationLog,
  type ConversationLog,
} from './logs.repo';

export type { ConversationLog };

export const usageUnits = [
  'voice',
  'tokens',
  'input-tokens',
  'output-tokens',
  'stt-seconds',
  'tts-characters',
  'outbound-message',
  'inbound-message',
  'number',
  'advancedVoice',
  /** A phone number held for a month (counted once per number, account and month). */
  'us-number',
  /** A number brought by its owner, attached for a month (counted like us-number). */
  'byo-number',
] as const;

/** What usage is metered in; 'voice' and 'advancedVoice' count seconds. */
export type UsageUnit = (typeof usageUnits)[number];

export function isUsageUnit(value: unknown): value is UsageUnit {
  return typeof value === 'string' && (usageUnits as readonly string[]).includes(value);
}

export interface ConversationLogEntry {
  uuid: string;
  accountId: number;
  agentId?: number | null | undefined;
  timestamp: Date;
  /** Seconds; stored rounded to whole seconds. */
  duration: number;
  fromNumber?: string | null | undefined;
  toNumber?: string | null | undefined;
  cnam?: string | null | undefined;
  roomId?: string | null | undefined;
  direction: ConversationLog['direction'];
  transfer?: string | null | undefined;
  callId?: string | null | undefined;
  channel: ConversationLog['channel'];
  isTest: boolean;
  appointmentBooked: boolean;
  collectedData: Record<string, unknown>;
  greetingLatencyMs: number | null;
  turnLatenciesMs: number[];
  usage: Record<string, number>;
  transcript?: ConversationLog['transcript'] | undefined;
  toolCalls?: ConversationLog['toolCalls'] | undefined;
  endedReason?: string | null | undefined;
}

type AccountForRecords = NonNullable<Awaited<ReturnType<typeof findAccountForRecords>>>;

async function requireAccount(db: Db, accountId: number): Promise<AccountForRecords> {
  const account = await findAccountForRecords(db, accountId);
  if (!account) throw new AppError('NOT_FOUND', 'Account not found.');
  return account;
}

// The agent's name (details.agentName, then details.accountName), then the profile name, then the username.
function logAccountName(account: AccountForRecords): string {
  const detailsName = displayNameOf({
    accountType: account.accountType,
    details: account.details,
    username: null,
  });
  if (detailsName !== '') return detailsName;
  const profileName = account.name?.trim();
  if (profileName) return profileName;
  return account.username;
}

/**
 * Writes the conversation's log row with the account's name and ancestors filled from the accounts table.
 * Writing the same uuid again rewrites the row (a conversation can be finalized twice).
 */
export async function writeConversationLog(db: Db, entry: ConversationLogEntry): Promise<ConversationLog> {
  if (!Number.isFinite(entry.duration) || entry.duration < 0) {
    throw new AppError('BAD_REQUEST', 'duration must be a non-negative number of seconds.');
  }
  const account = await requireAccount(db, entry.accountId);
  const row = await upsertConversationLog(db, {
    uuid: entry.uuid,
    accountId: entry.accountId,
    accountName: logAccountName(account),
    agentId: entry.agentId ?? null,
    organizationId: account.organizationId,
    resellerId: account.resellerId,
    partnerId: account.partnerId,
    timestamp: entry.timestamp,
    duration: Math.round(entry.duration),
    fromNumber: entry.fromNumber ?? null,
    toNumber: entry.toNumber ?? null,
    cnam: entry.cnam ?? null,
    roomId: entry.roomId ?? null,
    direction: entry.direction,
    transfer: entry.transfer ?? null,
    callId: entry.callId ?? null,
    channel: entry.channel,
    isTest: entry.isTest,
    appointmentBooked: entry.appointmentBooked,
    collectedData: entry.collectedData,
    greetingLatencyMs: entry.greetingLatencyMs,
    turnLatenciesMs: entry.turnLatenciesMs,
    usage: entry.usage,
    transcript: entry.transcript ?? [],
    toolCalls: entry.toolCalls ?? [],
    endedReason: entry.endedReason ?? null,
  });
  if (!row) throw new AppError('CONFLICT', 'This conversation uuid is logged under another account.');
  return row;
}

/** Appends a usage event once per idempotency key; false when the key was already recorded. */
export async function recordUsage(
  db: Db,
  event: {
    accountId: number;
    unit: UsageUnit;
    quantity: number;
    conversationUuid?: string | null | undefined;
    idempotencyKey: string;
    occurredAt?: Date | undefined;
  },
): Promise<boolean> {
  if (!isUsageUnit(event.unit))
    throw new AppError('BAD_REQUEST', `Unknown usage unit: ${String(event.unit)}.`);
  if (!Number.isSafeInteger(event.quantity) || event.quantity < 0) {
    throw new AppError('BAD_REQUEST', 'quantity must be a non-negative whole number.');
  }
  if (event.idempotencyKey.trim() === '')
    throw new AppError('BAD_REQUEST', 'An idempotency key is required.');
  const account = await requireAccount(db, event.accountId);
  return insertUsageEvent(db, {
    accountId: event.accountId,
    organizationId: account.organizationId,
    unit: event.unit,
    quantity: event.quantity,
    conversationUuid: event.conversationUuid ?? null,
    idempotencyKey: event.idempotencyKey,
    ...(event.occurredAt ? { occurredAt: event.occurredAt } : {}),
  });
}

/** The account's usage in [from, to), summed per unit in SQL; every unit is present, 0 when unused. */
export async function usageTotals(
  db: Db,
  query: { accountId: number; from: Date; to: Date },
): Promise<Record<UsageUnit, number>> {
  const totals = Object.fromEntries(usageUnits.map((unit) => [unit, 0])) as Record<UsageUnit, number>;
  for (const { unit, total } of await sumUsageByUnit(db, query)) {
    if (isUsageUnit(unit)) totals[unit] = total;
  }
  return totals;
}

export { scopeForAccount, type LogScope } from './log-query';
export { logSchema } from './log-listing.service';
