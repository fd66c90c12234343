import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type KitApp } from '@switchboard/testing';
import { accounts, conversationLogs, eq, usageEvents } from '@switchboard/db';
import {
  recordUsage,
  usageTotals,
  writeConversationLog,
  type ConversationLogEntry,
  type UsageUnit,
} from './logs.service';

let t: KitApp;
let partnerId: number;
let resellerId: number;
let orgId: number;
let agentId: number;
let plainAgentId: number;

// Rows of the shapes whose names the log takes (an agent without a name in its details has none of the product's
// paths), written straight into the accounts table.
async function insertAccount(values: typeof accounts.$inferInsert): Promise<number> {
  const [account] = await t.db.insert(accounts).values(values).returning();
  return account!.id;
}

beforeAll(async () => {
  // Only the database is under test: no routes, so endpoints declared by other areas need no handlers here.
  t = await startApp({ seed: 'empty', features: [], requireAllEndpoints: false });
  partnerId = await insertAccount({ accountType: 'partner', username: 'big-partner', details: {} });
  resellerId = await insertAccount({
    accountType: 'reseller',
    username: 'resell',
    parentId: partnerId,
    partnerId,
  });
  orgId = await insertAccount({
    accountType: 'organization',
    username: 'acme',
    parentId: resellerId,
    resellerId,
    partnerId,
    details: { orgName: 'Acme' },
  });
  const agent = {
    accountType: 'agent' as const,
    parentId: orgId,
    organizationId: orgId,
    resellerId,
    partnerId,
  };
  agentId = await insertAccount({
    ...agent,
    username: 'acme-desk',
    name: 'Desk',
    details: { agentName: 'Front Desk' },
  });
  plainAgentId = await insertAccount({
    ...agent,
    username: 'acme-plain',
    name: 'Plain Profile',
    details: {},
  });
});
afterAll(() => t.close());

function entry(overrides: Partial<ConversationLogEntry> = {}): ConversationLogEntry {
  return {
    uuid: randomUUID(),
    accountId: agentId,
    agentId,
    timestamp: new Date('2026-03-01T10:00:00Z'),
    duration: 42,
    fromNumber: '+15550100001',
    toNumber: '+15550100002',
    direction: 'inbound',
    channel: 'voice',
    isTest: false,
    appointmentBooked: false,
    collectedData: {},
    greetingLatencyMs: 640,
    turnLatenciesMs: [800, 950],
    usage: { voice: 42, tokens: 1200 },
    ...overrides,
  };
}

describe('writeConversationLog', () => {
  it('fills the account name and ancestors from the accounts table', async () => {
    const row = await writeConversationLog(t.db, entry({ cnam: 'PAT SMITH', roomId: `${agentId}:1234` }));
    expect(row).toMatchObject({
      accountId: agentId,
      accountName: 'Front Desk',
      organizationId: orgId,
      resellerId,
      partnerId,
      duration: 42,
      cnam: 'PAT SMITH',
      transfer: null,
      turnLatenciesMs: [800, 950],
      usage: { voice: 42, tokens: 1200 },
    });
    const plain = await writeConversationLog(t.db, entry({ accountId: plainAgentId, agentId: plainAgentId }));
    expect(plain.accountName).toBe('Plain Profile');
  });

  it('rewrites the row when the same uuid is written again', async () => {
    const first = await writeConversationLog(t.db, entry({ duration: 10 }));
    const again = await writeConversationLog(
      t.db,
      entry({ uuid: first.uuid, duration: 12.6, transfer: '+15550100009', appointmentBooked: true }),
    );
    expect(again).toMatchObject({
      id: first.id,
      duration: 13,
      transfer: '+15550100009',
      appointmentBooked: true,
    });
    const rows = await t.db.select().from(conversationLogs).where(eq(conversationLogs.uuid, first.uuid));
    expect(rows).toHaveLength(1);
  });

  it('refuses to move a logged uuid to another account, and unknown accounts', async () => {
    const first = await writeConversationLog(t.db, entry());
    await expect(
      writeConversationLog(t.db, entry({ uuid: first.uuid, accountId: plainAgentId })),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const [kept] = await t.db.select().from(conversationLogs).where(eq(conversationLogs.uuid, first.uuid));
    expect(kept!.accountId).toBe(agentId);
    await expect(writeConversationLog(t.db, entry({ accountId: 999_999 }))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('usage', () => {
  it('records an idempotency key once and sums per unit over a half-open range', async () => {
    const conversationUuid = randomUUID();
    const at = (iso: string) => new Date(iso);
    const usage = { accountId: agentId, conversationUuid };
    expect(
      await recordUsage(t.db, {
        ...usage,
        unit: 'voice',
        quantity: 42,
        idempotencyKey: `${conversationUuid}:voice`,
        occurredAt: at('2026-03-01T10:00:00Z'),
      }),
    ).toBe(true);
    expect(
      await recordUsage(t.db, {
        ...usage,
        unit: 'voice',
        quantity: 42,
        idempotencyKey: `${conversationUuid}:voice`,
        occurredAt: at('2026-03-01T10:00:00Z'),
      }),
    ).toBe(false);
    await recordUsage(t.db, { ...usage, unit: 'tokens', quantity: 700, idempotencyKey: 'k1' });
    await recordUsage(t.db, {
      ...usage,
      unit: 'tokens',
      quantity: 500,
      idempotencyKey: 'k2',
      occurredAt: at('2026-03-01T11:00:00Z'),
    });
    await recordUsage(t.db, {
      ...usage,
      unit: 'tokens',
      quantity: 9,
      idempotencyKey: 'k3',
      occurredAt: at('2026-03-02T00:00:00Z'),
    });
    await recordUsage(t.db, {
      accountId: plainAgentId,
      unit: 'voice',
      quantity: 5,
      idempotencyKey: 'k4',
      occurredAt: at('2026-03-01T10:00:00Z'),
    });

    const march1 = { from: at('2026-03-01T00:00:00Z'), to: at('2026-03-02T00:00:00Z') };
    expect(await usageTotals(t.db, { accountId: agentId, ...march1 })).toEqual({
      voice: 42,
      tokens: 500,
      'input-tokens': 0,
      'output-tokens': 0,
      'stt-seconds': 0,
      'tts-characters': 0,
      'outbound-message': 0,
      'inbound-message': 0,
      number: 0,
      'us-number': 0,
      'byo-number': 0,
      advancedVoice: 0,
    });
    expect((await usageTotals(t.db, { accountId: plainAgentId, ...march1 })).voice).toBe(5);
    const [stored] = await t.db.select().from(usageEvents).where(eq(usageEvents.idempotencyKey, 'k2'));
    expect(stored).toMatchObject({ organizationId: orgId, conversationUuid, unit: 'tokens', quantity: 500 });
  });

  it('rejects unknown units and bad quantities', async () => {
    await expect(
      recordUsage(t.db, {
        accountId: agentId,
        unit: 'minutes' as UsageUnit,
        quantity: 1,
        idempotencyKey: 'bad-1',
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      recordUsage(t.db, { accountId: agentId, unit: 'voice', quantity: 1.5, idempotencyKey: 'bad-2' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await t.db.select().from(usageEvents).where(eq(usageEvents.idempotencyKey, 'bad-1'))).toEqual([]);
  });
});
