import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageView } from '@switchboard/contract';
import { eq, messages, smsOptOuts, textDeliveries } from '@switchboard/db';
import {
  freePort,
  startApp,
  startFakeTwilioServer,
  type DemoApp,
  type FakeTwilioServer,
  type SignedInClient,
} from '@switchboard/testing';

interface ReplyBody {
  message: MessageView;
}

const messageRow = async (kit: DemoApp, id: number) =>
  (await kit.db.select().from(messages).where(eq(messages.id, id)))[0];
const deliveryRow = async (kit: DemoApp, id: number) =>
  (await kit.db.select().from(textDeliveries).where(eq(textDeliveries.messageId, id)))[0];

/** A room of agent1's with a contact, and a reply typed in it. */
async function replyTo(client: SignedInClient, contact: string, text: string) {
  const room = await client.post<{ roomId: string }>('/api/v1/getGroupConversationRoomId', {
    users: [contact],
  });
  expect(room.status, room.text).toBe(200);
  const reply = await client.post<ReplyBody>(`/api/v1/conversations/${room.body.roomId}`, {
    message: text,
    attachments: [],
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.message;
}

describe('text delivery at Twilio', () => {
  const accountSid = 'AC0123456789abcdef0123456789abcdef';
  const authToken = 'twilio-test-auth-token';
  const agentNumber = '+14155550101';
  let t: DemoApp;
  let fake: FakeTwilioServer;
  let base: string;
  let agent1: SignedInClient;

  beforeAll(async () => {
    fake = await startFakeTwilioServer({ accountSid, authToken });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startApp({
      env: {
        TELEPHONY_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: accountSid,
        TWILIO_AUTH_TOKEN: authToken,
        TWILIO_API_URL: fake.apiUrl,
        PUBLIC_URL: base,
      },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    agent1 = await t.signIn('agent1');
    const assigned = await agent1.post('/api/v2/phoneNumber/assign', { number: agentNumber, country: 'US' });
    expect(assigned.status, assigned.text).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const status = (params: Record<string, string>, sign: { authToken?: string } = {}) =>
    fake.sendWebhook(`${base}/api/twilio/sms-status`, { AccountSid: accountSid, ...params }, sign);

  it('sends a reply through the REST API with a status callback, queued until Twilio says more', async () => {
    const reply = await replyTo(agent1, '+13125550160', 'Your appointment is at 3.');
    expect(reply.status).toBe('queued');
    const sent = [...fake.messages.values()].find((message) => message.params.To === '+13125550160');
    expect(sent?.params).toMatchObject({
      From: agentNumber,
      StatusCallback: `${base}/api/twilio/sms-status`,
    });
    expect(await deliveryRow(t, reply.id)).toMatchObject({ carrier: 'twilio', carrierMessageId: sent?.sid });
  });

  it('moves to sent and delivered from signed callbacks, never back, and a replay does nothing', async () => {
    const reply = await replyTo(agent1, '+13125550161', 'See you then.');
    const sid = (await deliveryRow(t, reply.id))!.carrierMessageId;
    expect((await status({ MessageSid: sid, MessageStatus: 'sent' })).status).toBe(204);
    expect((await messageRow(t, reply.id))?.status).toBe('sent');
    expect((await status({ MessageSid: sid, MessageStatus: 'delivered' })).status).toBe(204);
    expect((await messageRow(t, reply.id))?.status).toBe('delivered');
    // A late "sent", and the same "sent" replayed: the text stays delivered.
    expect((await status({ MessageSid: sid, MessageStatus: 'sent' })).status).toBe(204);
    expect((await messageRow(t, reply.id))?.status).toBe('delivered');
    const thread = await agent1.get<{ messages: MessageView[] }>(`/api/v1/conversations/${reply.roomId}`);
    expect(thread.body.messages.find((message) => message.id === reply.id)?.status).toBe('delivered');
  });

  it("keeps the carrier's error on a failed text", async () => {
    const reply = await replyTo(agent1, '+13125550162', 'Are you there?');
    const sid = (await deliveryRow(t, reply.id))!.carrierMessageId;
    await status({ MessageSid: sid, MessageStatus: 'undelivered', ErrorCode: '30003' });
    expect((await messageRow(t, reply.id))?.status).toBe('failed');
    expect(await deliveryRow(t, reply.id)).toMatchObject({
      errorCode: '30003',
      errorMessage: 'the phone is unreachable or switched off (error 30003)',
    });
    const thread = await agent1.get<{ messages: MessageView[] }>(`/api/v1/conversations/${reply.roomId}`);
    expect(thread.body.messages.find((message) => message.id === reply.id)).toMatchObject({
      status: 'failed',
      carrierError: { code: '30003', message: 'the phone is unreachable or switched off (error 30003)' },
    });
  });

  it('names the common carrier errors in a sentence, and keeps an unknown code as it came', async () => {
    const sentences: Record<string, string> = {
      '30004': 'the recipient blocked texts from this number',
      '30005': 'the number does not exist or is no longer in service',
      '30006': 'the number is a landline or cannot receive texts',
      '30007': 'the carrier filtered the text as spam',
      '30008': 'the carrier could not deliver it (unknown error)',
      '21610': 'the recipient replied STOP to this number',
      '39999': 'the carrier could not deliver it',
    };
    let contact = 170;
    for (const [code, sentence] of Object.entries(sentences)) {
      const reply = await replyTo(agent1, `+13125550${contact++}`, 'Checking in');
      const sid = (await deliveryRow(t, reply.id))!.carrierMessageId;
      await status({ MessageSid: sid, MessageStatus: 'failed', ErrorCode: code });
      const thread = await agent1.get<{ messages: MessageView[] }>(`/api/v1/conversations/${reply.roomId}`);
      expect(thread.body.messages.find((message) => message.id === reply.id)?.carrierError).toEqual({
        code,
        message: `${sentence} (error ${code})`,
      });
    }
  });

  it('shows no carrier error on a delivered text', async () => {
    const reply = await replyTo(agent1, '+13125550180', 'All good');
    expect(reply.carrierError).toBeNull();
  });

  it('refuses unsigned, tampered and shapeless callbacks, changing nothing', async () => {
    const reply = await replyTo(agent1, '+13125550163', 'Hello');
    const sid = (await deliveryRow(t, reply.id))!.carrierMessageId;
    const forged = await status(
      { MessageSid: sid, MessageStatus: 'delivered' },
      { authToken: 'not-the-token' },
    );
    expect(forged.status).toBe(403);
    const unsigned = await fetch(`${base}/api/twilio/sms-status`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ MessageSid: sid, MessageStatus: 'delivered' }).toString(),
    });
    expect(unsigned.status).toBe(403);
    expect((await status({ MessageStatus: 'delivered' })).status).toBe(400);
    expect((await status({ MessageSid: sid })).status).toBe(400);
    expect((await messageRow(t, reply.id))?.status).toBe('queued');
  });

  it('marks a text to a contact who replied STOP as failed, with the reason, and sends nothing', async () => {
    await t.db.insert(smsOptOuts).values({ agentNumber, contactNumber: '+13125550164' });
    const before = fake.messages.size;
    const reply = await replyTo(agent1, '+13125550164', 'One more thing');
    expect(reply.status).toBe('failed');
    expect(fake.messages.size).toBe(before);
    expect((await deliveryRow(t, reply.id))?.errorMessage).toContain('replied STOP');
  });
});

describe('text delivery on the sandbox network', () => {
  let kit: DemoApp;
  let agent1: SignedInClient;
  beforeAll(async () => {
    kit = await startApp();
    agent1 = await kit.signIn('agent1');
  });
  afterAll(() => kit.close());

  it('reports a reply delivered at once, and an opted-out contact failed', async () => {
    const reply = await replyTo(agent1, '+13125550165', 'Hi from the sandbox');
    expect(reply.status).toBe('delivered');
    await kit.db.insert(smsOptOuts).values({ agentNumber: '+15550100001', contactNumber: '+13125550166' });
    const refused = await replyTo(agent1, '+13125550166', 'Hi again');
    expect(refused.status).toBe('failed');
  });

  it('refuses a sibling tenant replying in the room, sending nothing', async () => {
    const reply = await replyTo(agent1, '+13125550167', 'Ours');
    const globex = await kit.signIn('globex');
    const response = await globex.post(`/api/v1/conversations/${reply.roomId}`, {
      message: 'x',
      attachments: [],
    });
    expect([403, 404]).toContain(response.status);
    const rows = await kit.db.select().from(messages).where(eq(messages.roomId, reply.roomId));
    expect(rows).toHaveLength(1);
  });
});
