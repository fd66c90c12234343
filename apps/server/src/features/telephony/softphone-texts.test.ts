import { and, eq, smsOptOuts } from '@switchboard/db';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpReply } from './carrier-texts.service';

let t: DemoApp;
let acme: SignedInClient;
let globex: SignedInClient;
let agentNumber: string;
let acmePhone: string;

type Text = {
  id: number;
  direction: string;
  from: string | null;
  to: string;
  text: string;
  createdAt: string;
};
type Texts = { phoneNumber: string; items: Text[] };

beforeAll(async () => {
  t = await startApp();
  ({ acme, globex } = await t.signInEach('acme', 'globex'));
  const agent1 = acme.actingFor(t.ids.agent1);
  const offered = await agent1.post<{ numbers: { phoneNumber: string }[] }>(
    '/api/v2/phoneNumber/search/local/prefix',
    { prefix: '303' },
  );
  agentNumber = offered.body.numbers[0]?.phoneNumber ?? '';
  const assigned = await agent1.post('/api/v2/phoneNumber/assign', { number: agentNumber, country: 'US' });
  expect(assigned.status, assigned.text).toBe(200);
  acmePhone = (await acme.get<{ phoneNumber: string }>('/api/sandbox/phone')).body.phoneNumber;
});
afterAll(() => t.close());

const textsOf = async (client: SignedInClient) => {
  const response = await client.get<Texts>('/api/sandbox/phone/texts');
  expect(response.status, response.text).toBe(200);
  return response.body;
};
const send = (client: SignedInClient, to: string, text: string) =>
  client.post<{ text: Text }>('/api/sandbox/phone/texts', { to, text });

describe("the softphone's texts", () => {
  it("reach the agent through the carrier's path and show the agent's reply", async () => {
    const sent = await send(acme, agentNumber, 'What are your opening hours?');
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.text).toMatchObject({
      direction: 'sent',
      from: acmePhone,
      to: agentNumber,
      text: 'What are your opening hours?',
    });
    await t.services.background.drain();
    const { phoneNumber, items } = await textsOf(acme);
    expect(phoneNumber).toBe(acmePhone);
    expect(items.map(({ direction, from, to, text }) => ({ direction, from, to, text }))).toEqual([
      {
        direction: 'received',
        from: agentNumber,
        to: acmePhone,
        text: 'We are open Monday to Friday from 9 am to 6 pm.',
      },
      { direction: 'sent', from: acmePhone, to: agentNumber, text: 'What are your opening hours?' },
    ]);
  });

  it('land on the softphone when an agent texts its number', async () => {
    await t.services.telephony.sendText({ from: agentNumber, to: acmePhone, text: 'Your table is ready.' });
    expect((await textsOf(acme)).items[0]).toMatchObject({
      direction: 'received',
      from: agentNumber,
      text: 'Your table is ready.',
    });
  });

  it('keep the carrier keywords: HELP is answered, STOP opts out, START opts back in', async () => {
    expect((await send(acme, agentNumber, 'help')).status).toBe(201);
    expect((await textsOf(acme)).items[0]).toMatchObject({ direction: 'received', text: helpReply });
    const optedOut = () =>
      t.db
        .select()
        .from(smsOptOuts)
        .where(and(eq(smsOptOuts.agentNumber, agentNumber), eq(smsOptOuts.contactNumber, acmePhone)));
    expect((await send(acme, agentNumber, 'STOP')).status).toBe(201);
    expect(await optedOut()).toHaveLength(1);
    expect((await send(acme, agentNumber, 'START')).status).toBe(201);
    expect(await optedOut()).toHaveLength(0);
  });

  it("are only their own person's: another tenant sees none of them", async () => {
    expect((await send(globex, agentNumber, 'Hello from globex')).status).toBe(201);
    const theirs = await textsOf(globex);
    expect(theirs.phoneNumber).not.toBe(acmePhone);
    expect(
      theirs.items.every((item) => item.from === theirs.phoneNumber || item.to === theirs.phoneNumber),
    ).toBe(true);
    expect(theirs.items.some((item) => item.text === 'Your table is ready.')).toBe(false);
    expect((await textsOf(acme)).items.some((item) => item.text === 'Hello from globex')).toBe(false);
  });

  it('answer bad input with a 400 naming the field', async () => {
    const notANumber = await send(acme, 'nobody', 'Hi');
    expect(notANumber.status).toBe(400);
    expect(notANumber.text).toContain('body.to');
    const own = await send(acme, acmePhone, 'Hi');
    expect(own.status).toBe(400);
    expect(own.text).toContain('your own softphone number');
    const empty = await send(acme, agentNumber, '   ');
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('text');
  });
});
