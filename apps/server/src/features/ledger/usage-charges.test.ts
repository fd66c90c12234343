import { startApp, type DemoApp } from '@switchboard/testing';
import { and, eq, ledgerTransfers, usageCharges } from '@switchboard/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndReason } from '../../runtime/conversation';
import { balanceEndedLine, refusalLines } from '../../runtime/ports/balance-gate';
import type { AgentSession, SessionRequest } from '../../runtime/session-types';
import { openRoom } from '../inbox/inbox.service';
import { createLedger, priceUnits, usdToUnits, type Ledger } from './index';

const usd = usdToUnits;

describe('rating by tiers', () => {
  const voice = [
    { quantityMin: 1, quantityMax: 100, price: '0.14' },
    { quantityMin: 101, quantityMax: null, price: '0.11' },
  ];
  it('prices the 100th and the 101st unit in different tiers, to the unit', () => {
    expect(priceUnits(voice, 99, 1)).toBe(usd('0.14'));
    expect(priceUnits(voice, 100, 1)).toBe(usd('0.11'));
    expect(priceUnits(voice, 99, 2)).toBe(usd('0.25'));
    expect(priceUnits(voice, 0, 250)).toBe(usd('0.14') * 100n + usd('0.11') * 150n);
    expect(priceUnits([{ quantityMin: 1, quantityMax: null, price: '0.0000025' }], 0, 1_000_001)).toBe(
      2_500_002_500n,
    );
  });
  it('falls back to the last tier where no tier contains the unit', () => {
    const gappy = [
      { quantityMin: 1, quantityMax: 10, price: '1' },
      { quantityMin: 20, quantityMax: 30, price: '2' },
    ];
    expect(priceUnits(gappy, 9, 3)).toBe(usd('1') + usd('2') * 2n);
    expect(priceUnits(gappy, 29, 3)).toBe(usd('2') * 3n);
    expect(priceUnits(gappy, 0, 0)).toBe(0n);
  });
});

describe('usage charged as it happens', () => {
  let t: DemoApp;
  let ledger: Ledger;
  const minuteMs = 150;
  beforeAll(async () => {
    t = await startApp({ env: { BILLING_MINUTE_MS: String(minuteMs), BALANCE_GRACE_USD: '0.05' } });
    ledger = createLedger(t.db);
  });
  afterAll(() => t.close());

  const wallet = (accountId: number) => ({ kind: 'wallet' as const, accountId });

  async function open(agentAccountId: number, request: Partial<SessionRequest> = {}) {
    let session: AgentSession | null = null;
    const replies: string[] = [];
    let endedWith: (reason: EndReason) => void = () => undefined;
    const ended = new Promise<EndReason>((resolve) => (endedWith = resolve));
    session = await t.services.runtime.openSession({
      agentAccountId,
      channel: 'voice',
      direction: 'inbound',
      slot: 'production',
      contact: { name: null, phoneNumber: '+15557770101', email: null },
      contactAddress: '+15557770101',
      isTest: false,
      events: {
        state: () => undefined,
        delta: () => undefined,
        reply: (turnId, text) => {
          replies.push(text);
          queueMicrotask(() => session?.conversation.delivered(turnId));
        },
        tool: () => undefined,
        ended: (reason) => endedWith(reason),
      },
      ...request,
    });
    return { session, replies, ended };
  }

  const chargesOf = (conversationId: string) =>
    t.db.select().from(usageCharges).where(eq(usageCharges.conversationId, conversationId));

  it('debits the organization wallet per minute while a call runs, at the tier of the 100th and 101st minute', async () => {
    const acme = t.ids.acme;
    // 99 outbound PSTN minutes already used this month: the call's first minute is the 100th, its second the 101st.
    await t.db.insert(usageCharges).values({
      eventKey: 'earlier-this-month',
      accountId: t.ids.agent1,
      payerAccountId: acme,
      usageKey: 'pstn-outbound-voice',
      quantity: 99,
      amount: 0n,
      planId: 'pplan-demo-standard',
      billingMonth: new Date().toISOString().slice(0, 7),
    });
    const before = await ledger.balance(wallet(acme));
    const { session } = await open(t.ids.agent1, {
      direction: 'outbound',
      phoneCall: { callId: 'CA-ledger-1', fromNumber: '+15550100001', toNumber: '+15557770101' },
    });
    await session.conversation.greet(session.config.welcomeMessage);
    await session.conversation.userSaid('What are your opening hours?');
    // The second minute is charged while the call is still running.
    await expect
      .poll(
        async () =>
          (await chargesOf(session.conversationUuid)).filter((c) => c.usageKey.endsWith('voice')).length,
        {
          timeout: 10_000,
        },
      )
      .toBeGreaterThanOrEqual(2);
    expect(session.conversation.ended).toBe(false);
    session.conversation.hangUp('caller');
    await session.finalize();

    const charges = await chargesOf(session.conversationUuid);
    const minutes = charges.filter((c) => c.usageKey === 'pstn-outbound-voice').sort((a, b) => a.id - b.id);
    expect(minutes.slice(0, 2).map((c) => c.amount)).toEqual([usd('0.14'), usd('0.11')]);
    const tokens = session.conversation.usage;
    expect(tokens.inputTokens).toBeGreaterThan(0);
    const tokenCharge = (key: string) =>
      charges.filter((c) => c.usageKey === key).reduce((sum, c) => sum + c.quantity, 0);
    expect(tokenCharge('gpt4o-input-tokens')).toBe(tokens.inputTokens);
    expect(tokenCharge('gpt4o-output-tokens')).toBe(tokens.outputTokens);
    const expected =
      usd('0.14') +
      usd('0.11') * BigInt(minutes.length - 1) +
      BigInt(tokens.inputTokens) * usd('0.0000025') +
      BigInt(tokens.outputTokens) * usd('0.00001');
    expect(before - (await ledger.balance(wallet(acme)))).toBe(expected);
    const lines = await ledger.history(acme, { limit: 50, kinds: ['usage'] });
    expect(lines[0]).toMatchObject({ metadata: { conversationId: session.conversationUuid } });
  });

  it('refuses a new conversation on an empty wallet with a spoken line, and a text with a message', async () => {
    const globex = t.ids.globex;
    const left = await ledger.balance(wallet(globex));
    await ledger.transfer({
      idempotencyKey: 'drain-globex',
      from: wallet(globex),
      to: { kind: 'platform', name: 'usage' },
      amount: left,
      kind: 'correction',
      reason: 'Emptied for the test',
    });
    const { session, replies, ended } = await open(t.ids.agent3);
    await session.conversation.greet(session.config.welcomeMessage);
    expect(await ended).toBe('agent');
    expect(replies).toEqual([refusalLines.voice]);
    await session.finalize();
    expect(await chargesOf(session.conversationUuid)).toEqual([]);
    const room = await openRoom(t.db, {
      accountId: t.ids.agent3,
      contactAddress: '+15557770102',
      contactName: null,
      channel: 'sms',
      newConversation: true,
    });
    const text = await t.services.runtime.replyToText({
      agentAccountId: t.ids.agent3,
      roomId: room.roomId,
      conversationUuid: room.conversationUuid,
      contactAddress: '+15557770102',
      text: 'Hello, are you open?',
      channel: 'sms',
    });
    expect(text.reply).toBe(refusalLines.text);
    expect(await ledger.balance(wallet(globex))).toBe(0n);
  });

  it('ends a running call with a spoken warning once the balance is below zero by more than the grace', async () => {
    const globex = t.ids.globex;
    await ledger.transfer({
      idempotencyKey: 'globex-small-top-up',
      from: { kind: 'platform', name: 'card_clearing' },
      to: wallet(globex),
      amount: usd('0.20'),
      kind: 'top_up',
      reason: 'Card top-up',
    });
    const { session, replies, ended } = await open(t.ids.agent3);
    await session.conversation.greet(session.config.welcomeMessage);
    // Client inbound voice is 0.10 a minute: minute 3 takes the wallet to -0.10, past the 0.05 grace.
    expect(await ended).toBe('agent');
    expect(replies.at(-1)).toBe(balanceEndedLine);
    await session.finalize();
    const balance = await ledger.balance(wallet(globex));
    expect(balance).toBeLessThan(-usd('0.05'));
    expect(balance).toBeGreaterThanOrEqual(-usd('0.05') - usd('0.10') - usd('0.01'));
  });

  it('credits back a call that failed on a server error, with the reason on the transaction', async () => {
    const acme = t.ids.acme;
    const before = await ledger.balance(wallet(acme));
    const { session } = await open(t.ids.agent2);
    await session.conversation.greet(session.config.welcomeMessage);
    await expect.poll(async () => (await chargesOf(session.conversationUuid)).length).toBeGreaterThan(0);
    session.conversation.hangUp('error');
    await session.finalize();
    expect(await ledger.balance(wallet(acme))).toBe(before);
    const [credit] = await t.db
      .select()
      .from(ledgerTransfers)
      .where(
        and(
          eq(ledgerTransfers.kind, 'credit_back'),
          eq(ledgerTransfers.idempotencyKey, `credit-back:${session.conversationUuid}`),
        ),
      );
    expect(credit?.reason).toMatch(/failed on our side/);
  });
});
