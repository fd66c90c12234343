import { startApp, type DemoApp } from '@switchboard/testing';
import { eq, planAssignments, pricePlans, usageCharges } from '@switchboard/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFamilies, tokenKeysFor, voiceUsageKey } from '../../runtime/usage-meter';
import type { AgentSession } from '../../runtime/session-types';
import { createLedger, usdToUnits } from './index';
import { describeUsage } from './usage-charges.service';

const usd = usdToUnits;

describe('which catalogue item a call and its tokens are charged at', () => {
  it('charges SIP minutes apart from PSTN and browser minutes', () => {
    expect(voiceUsageKey({ fromNumber: 'sip:alice@example.com', toNumber: '+14155550101' }, 'inbound')).toBe(
      'sip-inbound-voice',
    );
    expect(voiceUsageKey({ fromNumber: '+14155550101', toNumber: 'sips:desk@pbx.example' }, 'outbound')).toBe(
      'sip-outbound-voice',
    );
    expect(voiceUsageKey({ fromNumber: '+14155550101', toNumber: '+14155550102' }, 'inbound')).toBe(
      'pstn-inbound-voice',
    );
    expect(voiceUsageKey(undefined, 'outbound')).toBe('client-outbound-voice');
  });

  it('names a model’s token items by its family, most specific first, then the platform default', () => {
    expect(tokenFamilies('openai:gpt-4o-mini')).toEqual(['gpt4oMini', 'gpt4o']);
    expect(tokenFamilies('gpt-4o-realtime-preview')).toEqual([
      'gpt4oRealtimePreview',
      'gpt4oRealtime',
      'gpt4o',
    ]);
    expect(tokenFamilies('openai:gpt-4.1')).toEqual(['gpt41', 'gpt4', 'gpt4o']);
    expect(tokenKeysFor('sandbox', 'output')).toEqual(['sandbox-output-tokens', 'gpt4o-output-tokens']);
  });

  it('writes lines a person reads', () => {
    expect(describeUsage('sip-inbound-voice', 3, 'minute')).toBe('SIP call, inbound · 3 minutes');
    expect(describeUsage('gpt4oMini-output-tokens', 1200, 'token')).toBe(
      'Model tokens out (gpt4oMini) · 1,200 tokens',
    );
    expect(describeUsage('client-outbound-message', 1, 'message')).toBe('Chat message sent · 1 message');
  });
});

describe('a SIP call rated to the unit', () => {
  let t: DemoApp;
  beforeAll(async () => {
    t = await startApp({ env: { BILLING_MINUTE_MS: '150' } });
  });
  afterAll(() => t.close());

  it('charges N minutes at the SIP price and M tokens at the model’s own price', async () => {
    const ledger = createLedger(t.db);
    let session: AgentSession | null = null;
    const open = () =>
      t.services.runtime.openSession({
        agentAccountId: t.ids.agent3,
        channel: 'voice',
        direction: 'inbound',
        slot: 'production',
        contact: { name: null, phoneNumber: null, email: null },
        contactAddress: 'sip:caller@pbx.example',
        isTest: false,
        phoneCall: { callId: 'CA-sip-1', fromNumber: 'sip:caller@pbx.example', toNumber: '+15550100003' },
        events: {
          state: () => undefined,
          delta: () => undefined,
          reply: (turnId) => queueMicrotask(() => session?.conversation.delivered(turnId)),
          tool: () => undefined,
          ended: () => undefined,
        },
      });
    session = await open();
    const [modelInput] = tokenKeysFor(session.model.name, 'input');
    const [modelOutput] = tokenKeysFor(session.model.name, 'output');
    session.conversation.hangUp('caller');
    await session.finalize();

    // Globex's own plan prices SIP apart from PSTN, and this model's tokens apart from the default gpt4o ones.
    const flat = (unit: string, price: string) => ({
      type: 'usage',
      unit,
      pricing: [{ quantityMin: 1, quantityMax: null, price }],
    });
    await t.db.insert(pricePlans).values({
      id: 'pplan-rating-sip',
      name: 'SIP and models',
      productItems: {
        'sip-inbound-voice': flat('minute', '0.07'),
        'pstn-inbound-voice': flat('minute', '0.50'),
        [modelInput]: flat('token', '0.000001'),
        [modelOutput]: flat('token', '0.000003'),
        'gpt4o-input-tokens': flat('token', '0.1'),
        'gpt4o-output-tokens': flat('token', '0.1'),
      },
    });
    await t.db
      .insert(planAssignments)
      .values({ accountId: t.ids.globex, planId: 'pplan-rating-sip' })
      .onConflictDoUpdate({ target: planAssignments.accountId, set: { planId: 'pplan-rating-sip' } });

    const before = await ledger.balance({ kind: 'wallet', accountId: t.ids.globex });
    session = await open();
    await session.conversation.greet(session.config.welcomeMessage);
    await session.conversation.userSaid('What are your opening hours?');
    const call = session;
    const charges = () =>
      t.db.select().from(usageCharges).where(eq(usageCharges.conversationId, call.conversationUuid));
    await expect.poll(async () => (await charges()).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    call.conversation.hangUp('caller');
    await call.finalize();

    const rows = await charges();
    const minutes = rows.filter((row) => row.usageKey === 'sip-inbound-voice');
    const sum = (key: string) =>
      rows.filter((row) => row.usageKey === key).reduce((n, row) => n + row.quantity, 0);
    const { inputTokens, outputTokens } = call.conversation.usage;
    expect(minutes.length).toBeGreaterThanOrEqual(1);
    expect(rows.map((row) => row.usageKey)).not.toContain('pstn-inbound-voice');
    expect(sum(modelInput)).toBe(inputTokens);
    expect(sum(modelOutput)).toBe(outputTokens);
    expect(sum('gpt4o-input-tokens')).toBe(0);
    const expected =
      BigInt(minutes.length) * usd('0.07') +
      BigInt(inputTokens) * usd('0.000001') +
      BigInt(outputTokens) * usd('0.000003');
    expect(before - (await ledger.balance({ kind: 'wallet', accountId: t.ids.globex }))).toBe(expected);
  });
});
