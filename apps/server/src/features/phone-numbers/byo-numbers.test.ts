import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeldNumberView } from '@switchboard/contract';
import { accounts, and, byoNumberCodes, eq, phoneNumbers, usageEvents } from '@switchboard/db';
import { readCodeFromOutbox, startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';

interface ByoBody {
  success: boolean;
  message: string;
  codeSent: boolean;
  number: HeldNumberView | null;
  released: string | null;
}

let kit: DemoApp;
let as: Record<'acme' | 'globex' | 'agent1' | 'agent2' | 'agent3', SignedInClient>;
beforeAll(async () => {
  kit = await startApp();
  as = await kit.signInEach('acme', 'globex', 'agent1', 'agent2', 'agent3');
});
afterAll(() => kit.close());

const byo = (who: keyof typeof as, body: Record<string, unknown>, targetAccountId?: number) =>
  as[who].post<ByoBody>('/api/v2/phoneNumber/byo/assign', body, targetAccountId ? { targetAccountId } : {});
const messageOf = (text: string) => (JSON.parse(text) as { message: string }).message;
const vidaNumberOf = async (id: number) =>
  (await kit.db.select().from(accounts).where(eq(accounts.id, id)))[0]?.vidaPhoneNumber ?? null;
const heldBy = async (id: number) =>
  (await kit.db.select().from(phoneNumbers).where(eq(phoneNumbers.accountId, id))).filter(
    (row) => row.releasedAt === null,
  );
/** A code that is not the one sent (the sent one is read from the sandbox outbox). */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('bringing your own number', () => {
  const owned = '+14155550199';

  it('texts a code to the number from the platform number, kept only as a hash', async () => {
    const response = await byo('agent2', { number: owned });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ codeSent: true, number: null });
    expect(response.body.message).toContain(`A code was texted to ${owned}`);
    const code = await readCodeFromOutbox(kit.app, owned);
    const outbox = await as.agent2.get<{ items: { from: string | null; to: string }[] }>(
      `/api/dev/outbox?to=${encodeURIComponent(owned)}`,
    );
    expect(outbox.body.items).toHaveLength(1);
    expect(outbox.body.items[0]?.from).toBe('+18005550100');
    const [row] = await kit.db.select().from(byoNumberCodes).where(eq(byoNumberCodes.number, owned));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    expect(await vidaNumberOf(kit.ids.agent2)).toBeNull();
  });

  it('refuses a wrong code, saying how many tries are left, and attaches nothing', async () => {
    const code = await readCodeFromOutbox(kit.app, owned);
    const response = await byo('agent2', { number: owned, code: otherThan(code) });
    expect(response.status, response.text).toBe(400);
    expect(messageOf(response.text)).toBe(`That is not the code sent to ${owned} (4 tries left)`);
    expect(await heldBy(kit.ids.agent2)).toEqual([]);
  });

  it('refuses the code for another number and for another account', async () => {
    const code = await readCodeFromOutbox(kit.app, owned);
    const elsewhere = await byo('agent2', { number: '+14155550198', code });
    expect(elsewhere.status).toBe(400);
    expect(messageOf(elsewhere.text)).toContain('No code is waiting for +14155550198');
    const sibling = await byo('agent3', { number: owned, code });
    expect(sibling.status).toBe(400);
    expect(await heldBy(kit.ids.agent3)).toEqual([]);
  });

  it('attaches the number with the right code: the agent number, kind byo, metered once a month', async () => {
    const code = await readCodeFromOutbox(kit.app, owned);
    const response = await byo('agent2', { number: owned, code });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ codeSent: false, released: null });
    expect(response.body.number).toMatchObject({ number: owned, kind: 'byo', country: 'US' });
    expect(await vidaNumberOf(kit.ids.agent2)).toBe(owned);
    const usage = await kit.db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.accountId, kit.ids.agent2), eq(usageEvents.unit, 'byo-number')));
    expect(usage).toHaveLength(1);
    const again = await byo('agent2', { number: owned, code });
    expect(again.status).toBe(400);
    expect(messageOf(again.text)).toContain('No code is waiting');
  });

  it('answers 409 for a number another account holds, sending no code', async () => {
    const response = await byo('agent3', { number: owned });
    expect(response.status, response.text).toBe(409);
    expect(messageOf(response.text)).toBe(`${owned} is held by another account`);
    const demoNumber = await byo('agent3', { number: '+15550100001' });
    expect(demoNumber.status).toBe(400);
  });

  it('replaces a number the agent held, releasing it', async () => {
    const next = '+14155550197';
    expect((await byo('agent2', { number: next })).status).toBe(200);
    const response = await byo('agent2', { number: next, code: await readCodeFromOutbox(kit.app, next) });
    expect(response.status, response.text).toBe(200);
    expect(response.body.released).toBe(owned);
    expect((await heldBy(kit.ids.agent2)).map((row) => row.number)).toEqual([next]);
  });

  it('burns a code after five wrong tries', async () => {
    const number = '+13125550190';
    expect((await byo('agent1', { number })).status).toBe(200);
    const code = await readCodeFromOutbox(kit.app, number);
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1)
      messages.push(messageOf((await byo('agent1', { number, code: otherThan(code) })).text));
    expect(messages.at(-1)).toContain('it was the last try');
    const right = await byo('agent1', { number, code });
    expect(right.status).toBe(400);
    expect(messageOf(right.text)).toContain('Too many wrong codes');
    expect(await vidaNumberOf(kit.ids.agent1)).not.toBe(number);
  });

  it('refuses an expired code', async () => {
    const number = '+13125550191';
    expect((await byo('agent1', { number })).status).toBe(200);
    await kit.db
      .update(byoNumberCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(byoNumberCodes.number, number));
    const response = await byo('agent1', { number, code: await readCodeFromOutbox(kit.app, number) });
    expect(response.status).toBe(400);
    expect(messageOf(response.text)).toContain('has expired');
  });

  it('limits the codes sent per number', async () => {
    const number = '+13125550192';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await byo('agent1', { number })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('refuses malformed numbers and unknown countries with a 400 naming the problem', async () => {
    for (const [body, words] of [
      [{ number: '555-0142' }, 'body.number'],
      [{ number: '+12125550142', country: 'ZZ' }, '"ZZ" is not a country'],
      [{ number: '+442071234567' }, 'is not a number in US'],
      [{ number: '+11235550142' }, 'is not a North American number'],
      [{ number: '+12125550142', code: '12ab' }, 'body.code'],
    ] as const) {
      const response = await byo('agent3', body);
      expect(response.status, response.text).toBe(400);
      expect(messageOf(response.text)).toContain(words);
    }
  });

  it('keeps numbers to agent accounts, and refuses a sibling tenant acting for the agent', async () => {
    const own = await byo('acme', { number: '+12125550143' });
    expect(own.status).toBe(403);
    const sibling = await byo('globex', { number: '+12125550143' }, kit.ids.agent2);
    expect(sibling.status).toBe(403);
    const outbox = await as.acme.get<{ items: unknown[] }>('/api/dev/outbox?to=%2B12125550143');
    expect(outbox.body.items).toEqual([]);
    const forAgent = await byo('acme', { number: '+12125550143' }, kit.ids.agent2);
    expect(forAgent.status, forAgent.text).toBe(200);
  });
});
