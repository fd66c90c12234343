import { randomUUID } from 'node:crypto';
import {
  adminEndpoints as a,
  walletEndpoints as w,
  accountsEndpoints,
  type CallForReview,
} from '@switchboard/contract';
import { adminAuditEvents, conversationLogs, eq, rooms, sql } from '@switchboard/db';
import { demoEmail, startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeUsage, createBalanceGate, createLedger } from '../ledger';

let kit: DemoApp;
let as: Record<'superadmin' | 'partner' | 'reseller' | 'acme' | 'globex', SignedInClient>;

/** Conversations of acme's agent (charged to acme's wallet) and one of globex. */
const id = {
  fault: randomUUID(),
  transfer: randomUUID(),
  lowRating: randomUUID(),
  quiet: randomUUID(),
  blocked: randomUUID(),
};

async function logConversation(
  uuid: string,
  accountId: number,
  extra: Partial<typeof conversationLogs.$inferInsert> = {},
) {
  await kit.db.insert(conversationLogs).values({
    uuid,
    accountId,
    accountName: 'Agent',
    timestamp: new Date(),
    duration: 180,
    direction: 'inbound',
    channel: 'phone',
    fromNumber: '+15557770111',
    toNumber: '+15550100001',
    ...extra,
  });
}

async function room(accountId: number, address: string, values: { rating?: number; blocked?: boolean }) {
  const roomId = `${accountId}:${address}`;
  await kit.db.insert(rooms).values({
    roomId,
    accountId,
    contactProfileId: 1,
    contactAddress: address,
    channel: 'voice',
    ...values,
  });
  return roomId;
}

beforeAll(async () => {
  kit = await startApp();
  as = await kit.signInEach('superadmin', 'partner', 'reseller', 'acme', 'globex');
  const ledger = createLedger(kit.db);
  // Three outbound minutes on each charged conversation (the demo plan prices them).
  const charge = (conversationId: string, agentAccountId = kit.ids.agent1) =>
    chargeUsage(
      kit.db,
      ledger,
      {
        agentAccountId,
        usageKey: 'pstn-outbound-voice',
        quantity: 3,
        eventKey: `review-test:${conversationId}`,
        conversationId,
      },
      0n,
    );
  for (const conversation of [id.fault, id.transfer, id.lowRating]) await charge(conversation);
  // The conversation that failed on our side was credited back when it ended.
  await createBalanceGate({ db: kit.db, ledger, logger: kit.app.log, graceUsd: '0' }).creditBack({
    agentAccountId: kit.ids.agent1,
    conversationId: id.fault,
    reason: 'the speech service failed',
  });
  await logConversation(id.fault, kit.ids.agent1, { endedReason: 'error' });
  await logConversation(id.transfer, kit.ids.agent1, {
    endedReason: 'caller',
    toolCalls: [
      {
        name: 'transfer',
        arguments: {},
        ok: false,
        summary: 'Sales did not answer.',
        data: { destination: '+15550109999', outcome: 'no-answer' },
        atMs: 4000,
      },
    ],
  });
  await logConversation(id.lowRating, kit.ids.agent1, {
    roomId: await room(kit.ids.agent1, '+15557770222', { rating: 1 }),
  });
  await logConversation(id.quiet, kit.ids.agent1, {
    fromNumber: '+15557770333',
    roomId: await room(kit.ids.agent1, '+15557770333', { rating: 5 }),
  });
  await logConversation(id.blocked, kit.ids.globex, {
    fromNumber: '+15557770444',
    roomId: await room(kit.ids.globex, '+15557770444', { blocked: true }),
  });
});
afterAll(() => kit.close());

const queue = async (query: Record<string, string | number> = {}) => {
  const response = await as.superadmin.get<{
    calls: CallForReview[];
    phoneNumbers: string[];
    nextBefore: number | null;
  }>('/internal/fetchCallsForReview', { query });
  expect(response.status, response.text).toBe(200);
  return response.body;
};
const inQueue = async (conversationId: string) =>
  (await queue({ limit: 200 })).calls.find((call) => call.conversationId === conversationId);
const balanceOf = async (client: SignedInClient) => (await client.call(w.recentTransactions)).body.balanceUsd;
const refund = (body: object, key?: string) =>
  as.superadmin.post<{ message: string; refundedUsd: string }>(
    '/internal/issueRefundToUser',
    body,
    key ? { headers: { 'idempotency-key': key } } : {},
  );

describe('the review queue', () => {
  it('lists the flagged conversations with why, what they were charged and what may be refunded', async () => {
    const { calls } = await queue({ limit: 200 });
    const ours = calls.filter((call) => (Object.values(id) as string[]).includes(call.conversationId));
    expect(ours.map((call) => call.conversationId)).toEqual([
      id.blocked,
      id.lowRating,
      id.transfer,
      id.fault,
    ]);
    const byId = new Map(ours.map((call) => [call.conversationId, call]));
    expect(byId.get(id.fault)).toMatchObject({
      reasons: ['platformFault'],
      payerUsername: 'acme',
      payerAccountId: kit.ids.acme,
      refundableUsd: '0.00',
    });
    const fault = byId.get(id.fault)!;
    expect(fault.reversedUsd).toBe(fault.chargedUsd);
    expect(Number(fault.chargedUsd)).toBeGreaterThan(0);
    expect(byId.get(id.transfer)).toMatchObject({
      reasons: ['transferFailed'],
      failedTransfers: ['+15550109999'],
      reversedUsd: '0.00',
    });
    expect(byId.get(id.transfer)!.refundableUsd).toBe(byId.get(id.transfer)!.chargedUsd);
    expect(byId.get(id.lowRating)).toMatchObject({ reasons: ['lowRating'], rating: 1 });
    // Nothing was charged for globex's conversation: it can be reviewed, not refunded.
    expect(byId.get(id.blocked)).toMatchObject({
      reasons: ['blockedCaller'],
      username: 'globex',
      payerUsername: null,
      chargedUsd: '0.00',
      refundableUsd: '0.00',
    });
  });

  it('filters by reason and pages by nextBefore', async () => {
    const transfers = await queue({ reason: 'transferFailed' });
    expect(transfers.calls.map((call) => call.conversationId)).toContain(id.transfer);
    expect(transfers.calls.every((call) => call.reasons.includes('transferFailed'))).toBe(true);
    const first = await queue({ limit: 1 });
    expect(first.calls).toHaveLength(1);
    expect(first.nextBefore).toBe(first.calls[0]!.id);
    const second = await queue({ limit: 1, before: first.nextBefore! });
    expect(second.calls[0]!.id).toBeLessThan(first.calls[0]!.id);
    const bad = await as.superadmin.get('/internal/fetchCallsForReview', { query: { reason: 'boring' } });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('reason: must be one of platformFault, lowRating');
  });

  it('offers the numbers of flagged conversations as choices and filters by one', async () => {
    const { phoneNumbers } = await queue();
    expect(phoneNumbers).toEqual(expect.arrayContaining(['+15550100001', '+15557770111', '+15557770444']));
    expect(phoneNumbers).toEqual([...phoneNumbers].sort());
    // The conversation rated 5 is not flagged: its caller's number is no choice.
    expect(phoneNumbers).not.toContain('+15557770333');
    const blocked = await queue({ phoneNumber: '+15557770444' });
    expect(blocked.calls.map((call) => call.conversationId)).toEqual([id.blocked]);
    expect(blocked.phoneNumbers).toEqual(phoneNumbers);
    const ours = await queue({ phoneNumber: '+15557770111', reason: 'lowRating' });
    expect(ours.calls.map((call) => call.conversationId)).toContain(id.lowRating);
    expect(ours.calls.every((call) => call.fromNumber === '+15557770111')).toBe(true);
    expect((await queue({ phoneNumber: '+15550000000' })).calls).toEqual([]);
    const bad = await as.superadmin.get('/internal/fetchCallsForReview', { query: { phoneNumber: '555' } });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('phoneNumber: must be a phone number in E.164 form');
  });
});

describe('refunds from the review', () => {
  it('reverses a conversation charge once per key, never beyond what it was charged', async () => {
    const before = await inQueue(id.transfer);
    const charged = Math.round(Number(before!.chargedUsd) * 100);
    expect(charged).toBeGreaterThanOrEqual(2);
    const half = Math.floor(charged / 2) / 100;
    const opening = await balanceOf(as.acme);
    const body = {
      username: 'acme',
      conversationId: id.transfer,
      usdAmount: half,
      reason: 'Transfer failed',
    };

    const first = await refund(body, 'review-refund-1');
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({
      success: true,
      message: 'The refund for the issue has been processed.',
      refundedUsd: half.toFixed(2),
    });
    // A retry with the same key answers the same and moves nothing more.
    const again = await refund(body, 'review-refund-1');
    expect(again.status).toBe(200);
    expect(again.body.refundedUsd).toBe(half.toFixed(2));
    const afterOne = await balanceOf(as.acme);
    expect(Math.round(Number(afterOne) * 100) - Math.round(Number(opening) * 100)).toBe(
      Math.round(half * 100),
    );
    const after = await inQueue(id.transfer);
    expect(after!.reversedUsd).toBe(half.toFixed(2));
    const remaining = (charged - Math.round(half * 100)) / 100;
    expect(after!.refundableUsd).toBe(remaining.toFixed(2));

    const tooMuch = await refund({ ...body, usdAmount: remaining + 0.01 }, 'review-refund-2');
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe(
      `Something went wrong. usdAmount: is more than the ${remaining.toFixed(2)} USD this conversation was charged and not given back`,
    );
    expect((await refund({ ...body, usdAmount: remaining }, 'review-refund-3')).status).toBe(200);
    const spent = await refund({ ...body, usdAmount: 0.01 }, 'review-refund-4');
    expect(spent.status).toBe(400);
    expect(spent.text).toContain('is more than the 0.00 USD this conversation was charged');
    expect((await inQueue(id.transfer))!.refundableUsd).toBe('0.00');
    expect(Math.round(Number(await balanceOf(as.acme)) * 100) - Math.round(Number(opening) * 100)).toBe(
      charged,
    );
  });

  it('refuses, naming the problem, and moves nothing', async () => {
    const opening = await balanceOf(as.acme);
    const credited = await refund({ username: 'acme', conversationId: id.fault, usdAmount: 0.01 });
    expect(credited.status).toBe(400);
    expect(credited.text).toContain('usdAmount: is more than the 0.00 USD this conversation was charged');
    const otherWallet = await refund({ username: 'globex', conversationId: id.lowRating, usdAmount: 0.01 });
    expect(otherWallet.status).toBe(400);
    expect(otherWallet.body.message).toBe(
      'Something went wrong. username: this conversation was not charged to globex',
    );
    const nothing = await refund({ username: 'globex', conversationId: id.blocked, usdAmount: 0.01 });
    expect(nothing.status).toBe(400);
    expect(nothing.text).toContain('conversationId: nothing was charged for this conversation');
    const malformed = await refund({ username: 'acme', conversationId: 'call-1', usdAmount: 1 });
    expect(malformed.status).toBe(400);
    expect(malformed.text).toContain('conversationId: must be a conversation id');
    expect(await balanceOf(as.acme)).toBe(opening);
  });

  it('concurrent refunds of one conversation never exceed its charge', async () => {
    const charged = Number((await inQueue(id.lowRating))!.chargedUsd);
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        refund({ username: 'acme', conversationId: id.lowRating, usdAmount: charged }, `race-${n}`),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    expect((await inQueue(id.lowRating))!.reversedUsd).toBe(charged.toFixed(2));
  });
});

describe('only the super admin', () => {
  it.each(['partner', 'reseller', 'acme', 'globex'] as const)('refuses %s with 403', async (who) => {
    const client = as[who];
    for (const response of [
      await client.call(a.fetchCallsForReview),
      await client.call(a.adminAuditTrail),
      await client.post('/internal/issueRefundToUser', {
        username: 'acme',
        conversationId: id.lowRating,
        usdAmount: 0.01,
      }),
    ]) {
      expect(response.status, response.text).toBe(403);
      expect(response.text).toContain('Only a super admin can make this call');
    }
  });
});

describe('the audit trail', () => {
  it('keeps who did what, when and to whom, for every change a super admin made', async () => {
    const disabled = await as.superadmin.call(accountsEndpoints.disableAccount, {
      body: { username: 'globex', reason: 'Chargeback review' },
    });
    expect(disabled.status, disabled.text).toBe(200);
    expect(
      (await as.superadmin.call(accountsEndpoints.enableAccount, { body: { username: 'globex' } })).status,
    ).toBe(200);
    // A change by anyone else is not the super admin's trail.
    await as.acme.call(accountsEndpoints.disableAccount, { body: { username: 'agent1', reason: 'Pause' } });
    await as.acme.call(accountsEndpoints.enableAccount, { body: { username: 'agent1' } });

    const trail = await as.superadmin.call(a.adminAuditTrail, { query: { limit: 200 } });
    expect(trail.status).toBe(200);
    const events = trail.body.events;
    expect(events.every((event) => event.actorEmail === demoEmail('superadmin'))).toBe(true);
    expect(events.map((event) => event.action)).not.toContain('GET /internal/fetchCallsForReview');
    const [enabled, disabledEvent] = events;
    expect(enabled).toMatchObject({
      action: 'POST /api/v1/enableAccount',
      targetAccountId: kit.ids.globex,
      target: 'globex',
      details: { body: { username: 'globex' }, outcome: 'Account enabled!' },
    });
    expect(disabledEvent).toMatchObject({
      action: 'POST /api/v1/disableAccount',
      details: { body: { reason: 'Chargeback review' } },
    });
    expect(Date.parse(enabled!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    // The refunds answered 200 (a retry too: it was asked for again), the refused ones not written.
    const refunds = events.filter((event) => event.action === 'POST /internal/issueRefundToUser');
    expect(refunds).toHaveLength(4);
    expect(refunds.at(-1)).toMatchObject({
      targetAccountId: kit.ids.acme,
      target: `acme, conversation ${id.transfer}`,
      details: { body: { conversationId: id.transfer, reason: 'Transfer failed' } },
    });
    const forGlobex = await as.superadmin.call(a.adminAuditTrail, {
      query: { targetAccountId: kit.ids.globex },
    });
    expect(forGlobex.body.events.map((event) => event.action)).toEqual([
      'POST /api/v1/enableAccount',
      'POST /api/v1/disableAccount',
    ]);
  });

  it('cannot be edited or removed', async () => {
    const [row] = await kit.db.select().from(adminAuditEvents).limit(1);
    expect(row).toBeDefined();
    await expect(
      kit.db.update(adminAuditEvents).set({ action: 'nothing' }).where(eq(adminAuditEvents.id, row!.id)),
    ).rejects.toThrow();
    await expect(kit.db.delete(adminAuditEvents).where(eq(adminAuditEvents.id, row!.id))).rejects.toThrow();
    await expect(kit.db.execute(sql`TRUNCATE admin_audit_events`)).rejects.toThrow();
    const [still] = await kit.db.select().from(adminAuditEvents).where(eq(adminAuditEvents.id, row!.id));
    expect(still).toEqual(row);
  });
});
