import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoEmail, signInByEmail, type TestApp } from '@switchboard/testing';
import { accounts, eq, messages, rooms, seedDemoData } from '@switchboard/db';
import type { RoomView } from '@switchboard/contract';
import type { AgentRuntimePort, InboundText } from '../../runtime/port';
import { appendMessage, isAiAgentEnabled, openRoom, requestPersonAttention } from './inbox.service';

/** Answers like the real runtime does: the reply goes into the room, then out by SMS. */
function fakeRuntime(t: () => TestApp) {
  const calls: InboundText[] = [];
  const port: AgentRuntimePort = {
    async replyToText(input) {
      calls.push(input);
      const reply = `Thanks for your message: ${input.text}`;
      await appendMessage(t().db, {
        accountId: input.agentAccountId,
        roomId: input.roomId,
        conversationUuid: input.conversationUuid,
        direction: 'outbound',
        channel: input.channel,
        author: 'agent',
        text: reply,
        status: 'sent',
      });
      return { reply, ended: false };
    },
  };
  return { calls, port };
}

let t: TestApp;
const runtime = fakeRuntime(() => t);
const token: Record<string, string> = {};
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { SIGNIN_CODES_PER_IP: '1000' }, runtime: runtime.port });
  await seedDemoData(t.db);
  for (const who of ['acme', 'globex', 'agent1', 'reseller']) {
    token[who] = (await signInByEmail(t.app, demoEmail(who))).token;
  }
  for (const row of await t.db.select({ id: accounts.id, username: accounts.username }).from(accounts)) {
    id[row.username] = row.id;
  }
});
afterAll(() => t.close());

const withToken = (url: string, who: string) => `${url}${url.includes('?') ? '&' : '?'}token=${token[who]}`;
const get = (url: string, who: string) => t.app.inject({ method: 'GET', url: withToken(url, who) });
const send = (method: 'POST' | 'DELETE', url: string, who: string, payload: unknown) =>
  t.app.inject({ method, url: withToken(url, who), payload: payload as Record<string, unknown> });
const asAgent1 = (url: string) => `${url}${url.includes('?') ? '&' : '?'}targetAccountId=${id.agent1}`;

/** The fields these tests read from the various answers. */
interface Body {
  message: string & { author: string; attachments: unknown[] };
  blocked: boolean;
  room: RoomView;
  roomId: string;
  count: number;
  cleared: number;
  rooms: { roomId: string }[];
  notifications: { id: number }[];
  preview: Record<string, unknown>;
  profile: Record<string, unknown>;
}

type RoomList = {
  success: true;
  rooms: RoomView[];
  totalRooms: number;
  pageSize: number;
  pageNumber: number;
};

async function textAgent(from: string, text: string, to = '+15550100001') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/sms/inbound',
    payload: { to, from, text },
  });
  expect(response.statusCode, response.body).toBe(202);
  // The agent answers in the background; closing nothing here, so wait for it like a contact would.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return response.json<{ agent: string; from: string }>();
}

async function roomOf(address: string) {
  const [room] = await t.db.select().from(rooms).where(eq(rooms.contactAddress, address));
  if (!room) throw new Error(`no room with ${address}`);
  return room;
}

async function outboxTo(to: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return response.json<{ items: { text: string; from: string | null }[] }>().items;
}

describe('sandbox inbound SMS', () => {
  it('stores the text in the contact room, answers 202 and lets the agent reply', async () => {
    const answer = await textAgent('(555) 300-0001', 'Do you open on Saturday?');
    expect(answer).toMatchObject({ agent: 'agent1', from: '+15553000001' });
    const room = await roomOf('+15553000001');
    expect(room.accountId).toBe(id.agent1);
    expect(runtime.calls.at(-1)).toEqual({
      agentAccountId: id.agent1,
      roomId: room.roomId,
      conversationUuid: room.currentUuid,
      contactAddress: '+15553000001',
      text: 'Do you open on Saturday?',
      channel: 'sms',
    });
    const stored = await t.db.select().from(messages).where(eq(messages.roomId, room.roomId));
    expect(stored.map((m) => [m.author, m.text])).toEqual([
      ['contact', 'Do you open on Saturday?'],
      ['agent', 'Thanks for your message: Do you open on Saturday?'],
    ]);
  });

  it('reaches the agent by username as well as by number', async () => {
    expect((await textAgent('+15553000002', 'hello', 'agent1')).agent).toBe('agent1');
  });

  it('names what is wrong with a bad text', async () => {
    const post = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/sandbox/sms/inbound', payload: payload as object });
    const noAgent = await post({ to: '+15559999999', from: '+15553000003', text: 'hi' });
    expect(noAgent.statusCode).toBe(404);
    expect(noAgent.json<Body>().message).toBe('No agent answers texts at the number or username in body.to');
    const badFrom = await post({ to: 'agent1', from: 'not a number', text: 'hi' });
    expect(badFrom.statusCode).toBe(400);
    expect(badFrom.json<Body>().message).toContain('from must be a phone number');
    const empty = await post({ to: 'agent1', from: '+15553000003' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<Body>().message).toContain('text');
  });
});

describe('inbox lists', () => {
  it('puts a caller nobody knows, whom the agent handled, in the agent inbox', async () => {
    const agentInbox = (await get(asAgent1('/api/v1/agentConversations'), 'acme')).json<RoomList>();
    const room = agentInbox.rooms.find((r) => r.username === '+15553000001');
    expect(room).toMatchObject({
      inbox: 'agent',
      unread: 1,
      isAgent: true,
      aiAgentEnabled: true,
      name: '+1 (555) 300-0001',
      lastMessage: 'Thanks for your message: Do you open on Saturday?',
    });
    const priority = (await get(asAgent1('/api/v1/conversations'), 'acme')).json<RoomList>();
    expect(priority.rooms.map((r) => r.username)).not.toContain('+15553000001');
  });

  it('pages 0-based, filters unread, and lets an organization see its agents', async () => {
    for (let n = 10; n < 15; n++) await textAgent(`+155530000${n}`, `message ${n}`);
    const page0 = (
      await get(asAgent1('/api/v1/agentConversations?pageSize=2&page=0'), 'acme')
    ).json<RoomList>();
    const page1 = (
      await get(asAgent1('/api/v1/agentConversations?pageSize=2&page=1'), 'acme')
    ).json<RoomList>();
    expect(page0).toMatchObject({ pageSize: 2, pageNumber: 0 });
    expect(page0.rooms).toHaveLength(2);
    expect(page0.rooms[0]!.username).toBe('+15553000014');
    expect(page1.rooms.map((r) => r.username)).not.toContain(page0.rooms[0]!.username);
    expect(page0.totalRooms).toBe(7);
    const all = (await get(asAgent1('/api/v1/agentConversations?pagination=false'), 'acme')).json<RoomList>();
    expect(all.rooms).toHaveLength(7);
    const org = (await get('/api/v1/agentConversations', 'acme')).json<RoomList>();
    expect(org.totalRooms).toBe(7);
    const byId = (await get(`/api/v1/agentConversations/${id.agent1}`, 'acme')).json<RoomList>();
    expect(byId.totalRooms).toBe(7);

    const room = await roomOf('+15553000010');
    await send('POST', '/api/v1/activityAgent', 'acme', { clear: room.roomId });
    const unread = (await get(asAgent1('/api/v1/agentConversations?unread=true'), 'acme')).json<RoomList>();
    expect(unread.totalRooms).toBe(6);
    expect(unread.rooms.map((r) => r.username)).not.toContain('+15553000010');
  });

  it('answers a bad page with a 400 naming the field', async () => {
    const response = await get('/api/v1/conversations?page=-1', 'acme');
    expect(response.statusCode).toBe(400);
    expect(response.json<Body>().message).toContain('page');
  });

  it('shows another tenant nothing', async () => {
    const globex = (await get('/api/v1/agentConversations', 'globex')).json<RoomList>();
    expect(globex.totalRooms).toBe(0);
    expect((await get(`/api/v1/agentConversations/${id.agent1}`, 'globex')).statusCode).toBe(403);
    const room = await roomOf('+15553000001');
    expect((await get(`/api/v1/conversations/${room.roomId}`, 'globex')).statusCode).toBe(404);
  });
});

describe('a room', () => {
  it('answers its messages, conversations and log, and one conversation as a one-item array', async () => {
    const room = await roomOf('+15553000001');
    const detail = (await get(`/api/v1/conversations/${room.roomId}`, 'acme')).json<{
      room: RoomView;
      messages: { message: string; author: string; uuid: string }[];
      conversations: { uuid: string; channel: string }[];
      hasMore: boolean;
    }>();
    expect(detail.room.roomId).toBe(room.roomId);
    expect(detail.messages.map((m) => m.author)).toEqual(['contact', 'agent']);
    expect(detail.conversations).toEqual([
      expect.objectContaining({ uuid: room.currentUuid, channel: 'sms' }),
    ]);
    expect(detail.hasMore).toBe(false);
    const limited = (await get(`/api/v1/conversations/${room.roomId}?limit=1`, 'acme')).json<{
      messages: { author: string }[];
      hasMore: boolean;
    }>();
    expect(limited).toMatchObject({ hasMore: true, messages: [{ author: 'agent' }] });

    const record = await get(`/api/v2/conversation/${room.roomId}/${room.currentUuid}`, 'acme');
    expect(record.statusCode).toBe(200);
    const [item] = record.json<{ conversation: { message: string }[]; log: unknown }[]>();
    expect(item!.conversation.map((m) => m.message)).toEqual([
      'Do you open on Saturday?',
      'Thanks for your message: Do you open on Saturday?',
    ]);
    const missing = await get(
      `/api/v2/conversation/${room.roomId}/00000000-0000-4000-8000-000000000000`,
      'acme',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json<Body>().message).toBe('Failed to fetch convo');
  });

  it('lists an account inbox when given an account id instead of a room id', async () => {
    const list = await get(`/api/v1/conversations/${id.agent1}`, 'acme');
    expect(list.statusCode).toBe(200);
    expect(list.json<RoomList>()).toHaveProperty('totalRooms');
    expect((await get(`/api/v1/conversations/${id.agent1}`, 'globex')).statusCode).toBe(404);
  });

  it('is rated, reacted to, closed, unarchived and marked unread', async () => {
    const room = await roomOf('+15553000011');
    const rated = await send('POST', '/api/v1/rateConvo', 'acme', { roomId: room.roomId, rating: 4 });
    expect(rated.json<{ room: RoomView }>().room).toMatchObject({ rating: 4, inbox: 'priority' });
    expect(
      (await send('POST', '/api/v1/rateConvo', 'acme', { roomId: room.roomId, rating: 9 })).statusCode,
    ).toBe(400);

    const reacted = await send('POST', '/api/v1/reaction', 'acme', { roomId: room.roomId, reaction: '👍' });
    expect(reacted.json<{ room: RoomView }>().room.reaction).toBe('👍');
    const unreacted = await send('DELETE', '/api/v1/reaction', 'acme', { roomId: room.roomId });
    expect(unreacted.json<{ room: RoomView }>().room.reaction).toBeNull();

    await send('POST', '/api/v1/closeConversation', 'acme', { roomId: room.roomId });
    let priority = (await get(asAgent1('/api/v1/conversations'), 'acme')).json<RoomList>();
    expect(priority.rooms.map((r) => r.roomId)).not.toContain(room.roomId);
    const back = await send('POST', '/api/v1/unarchiveConversation', 'acme', { roomId: room.roomId });
    expect(back.json<{ room: RoomView }>().room.closed).toBe(false);
    priority = (await get(asAgent1('/api/v1/conversations'), 'acme')).json<RoomList>();
    expect(priority.rooms.map((r) => r.roomId)).toContain(room.roomId);

    await send('POST', '/api/v1/activity', 'acme', { clear: room.roomId });
    const marked = await send('POST', '/api/v1/activity/markUnread', 'acme', { roomId: room.roomId });
    expect(marked.json<{ room: RoomView }>().room.unread).toBe(1);
  });

  it('blocks and unblocks a contact by address, and tells by profile id', async () => {
    const room = await roomOf('+15553000012');
    const blocked = await send('POST', asAgent1('/api/v1/block'), 'acme', {
      targetUsername: '+1 555 300 0012',
    });
    expect(blocked.json<Body>()).toMatchObject({ blocked: true, room: { blocked: true, inbox: 'agent' } });
    expect((await get(`/api/v1/block/${room.contactProfileId}`, 'acme')).json<Body>()).toEqual({
      success: true,
      blocked: true,
    });
    expect(await isAiAgentEnabled(t.db, id.agent1!, '+15553000012')).toBe(false);
    const unblocked = await send('POST', asAgent1('/api/v1/block'), 'acme', {
      targetUsername: '+15553000012',
    });
    expect(unblocked.json<Body>().blocked).toBe(false);
    expect((await get(`/api/v1/block/${room.contactProfileId}`, 'globex')).statusCode).toBe(404);
    const nobody = await send('POST', asAgent1('/api/v1/block'), 'acme', { targetUsername: '+15550000000' });
    expect(nobody.statusCode).toBe(404);
  });
});

describe('AI on or off per room', () => {
  it('stops the agent, sends the person reply by SMS, and sticks until switched back', async () => {
    await textAgent('+15553000020', 'first');
    const room = await roomOf('+15553000020');
    const before = runtime.calls.length;
    const off = await send('POST', `/api/v1/conversations/${room.roomId}/aiAgentEnabled`, 'acme', {
      aiAgentEnabled: false,
    });
    expect(off.json<Body>()).toMatchObject({ aiAgentEnabled: false, room: { inbox: 'priority' } });
    expect((await get(`/api/v1/conversations/${room.roomId}/aiAgentEnabled`, 'acme')).json<Body>()).toEqual({
      success: true,
      aiAgentEnabled: false,
    });
    await textAgent('+15553000020', 'are you a person?');
    expect(runtime.calls.length).toBe(before);
    // The same contact calling in is the same room: the runtime hears the agent is off on voice too.
    await openRoom(t.db, { accountId: id.agent1!, contactAddress: '+1 555 300 0020', channel: 'voice' });
    expect(await isAiAgentEnabled(t.db, id.agent1!, '(555) 300-0020')).toBe(false);

    const reply = await send('POST', `/api/v1/conversations/${room.roomId}`, 'acme', {
      message: 'Yes, this is Dana.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json<Body>().message).toMatchObject({
      author: 'person',
      direction: 'outbound',
      status: 'sent',
    });
    const texts = await outboxTo('+15553000020');
    expect(texts[0]).toMatchObject({ text: 'Yes, this is Dana.', from: '+15550100001' });

    await send('POST', `/api/v1/conversations/${room.roomId}/aiAgentEnabled`, 'acme', {
      aiAgentEnabled: true,
    });
    await textAgent('+15553000020', 'thanks');
    expect(runtime.calls.length).toBe(before + 1);
  });

  it('refuses an empty reply and attachments that were not uploaded here', async () => {
    const room = await roomOf('+15553000020');
    const empty = await send('POST', `/api/v1/conversations/${room.roomId}`, 'acme', { message: '  ' });
    expect(empty.statusCode).toBe(400);
    const foreign = await send('POST', `/api/v1/conversations/${room.roomId}`, 'acme', {
      attachments: [{ url: 'https://evil.example/x.png', contentType: 'image/png' }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<Body>().message).toContain('not a file uploaded');
  });
});

describe('routing between the inboxes', () => {
  it('sends a caller with a person name, a known contact and a transfer request to priority', async () => {
    const named = await openRoom(t.db, {
      accountId: id.agent1!,
      contactAddress: '+15553000030',
      contactName: 'Jane Doe',
      channel: 'voice',
    });
    expect(named.inbox).toBe('priority');
    const placeholder = await openRoom(t.db, {
      accountId: id.agent1!,
      contactAddress: '+15553000031',
      contactName: 'WIRELESS CALLER',
      channel: 'voice',
    });
    expect(placeholder.inbox).toBe('agent');

    await textAgent('+15553000032', 'hi');
    expect((await roomOf('+15553000032')).inbox).toBe('agent');
    const contact = await send('POST', asAgent1('/api/v2/contact'), 'acme', {
      name: 'Sam Known',
      phoneNumber: '555-300-0032',
    });
    expect(contact.statusCode, contact.body).toBe(200);
    const room = await roomOf('+15553000032');
    expect(room.inbox).toBe('priority');
    const view = (await get(`/api/v1/conversations/${room.roomId}`, 'acme')).json<{ room: RoomView }>().room;
    expect(view).toMatchObject({ name: 'Sam Known', contact: { name: 'Sam Known' } });

    await textAgent('+15553000033', 'I want a human');
    const transfer = await roomOf('+15553000033');
    await requestPersonAttention(t.db, {
      accountId: id.agent1!,
      roomId: transfer.roomId,
      reason: 'transfer',
    });
    expect((await roomOf('+15553000033')).inbox).toBe('priority');
    const notifications = (await get(asAgent1('/api/v1/notifications'), 'acme')).json<{
      notifications: { roomId: string; kind: string }[];
    }>();
    expect(notifications.notifications[0]).toMatchObject({ roomId: transfer.roomId, kind: 'transfer' });
  });

  it('lets a person move a room either way, and the choice sticks', async () => {
    const room = await roomOf('+15553000032');
    const moved = await send('POST', `/api/v1/conversations/${room.roomId}/inbox`, 'acme', {
      inbox: 'agent',
    });
    expect(moved.json<Body>().room).toMatchObject({ inbox: 'agent', inboxPinned: true });
    await textAgent('+15553000032', 'still me');
    expect((await roomOf('+15553000032')).inbox).toBe('agent');
    const auto = await send('POST', `/api/v1/conversations/${room.roomId}/inbox`, 'acme', { inbox: null });
    expect(auto.json<Body>().room).toMatchObject({ inbox: 'priority', inboxPinned: false });
  });
});

describe('starting a conversation', () => {
  const start = (who: string, account: string, users: unknown) =>
    send('POST', `/api/v1/getGroupConversationRoomId?targetAccountId=${id[account]}`, who, { users });

  it('opens the room with a number for a premium agent with a number and SMS', async () => {
    const response = await start('acme', 'agent1', ['(555) 300-0040']);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Body>()).toMatchObject({ created: true, room: { username: '+15553000040' } });
    const again = await start('acme', 'agent1', ['+15553000040']);
    expect(again.json<Body>()).toMatchObject({ created: false, roomId: response.json<Body>().roomId });
  });

  it('asks, in order, for premium, a number, then SMS', async () => {
    const globex = await start('globex', 'agent3', ['+15553000041']);
    expect(globex.statusCode).toBe(402);
    const noNumber = await start('acme', 'agent2', ['+15553000041']);
    expect(noNumber.statusCode).toBe(409);
    await t.db
      .update(accounts)
      .set({ settings: { smsMessaging: false } })
      .where(eq(accounts.id, id.acme!));
    const noSms = await start('acme', 'agent1', ['+15553000041']);
    expect(noSms.statusCode).toBe(403);
    await t.db.update(accounts).set({ settings: {} }).where(eq(accounts.id, id.acme!));
  });

  it("says 'Unable to start conversation with this user.' for someone it cannot text", async () => {
    const response = await start('acme', 'agent1', ['not a number']);
    expect(response.statusCode).toBe(400);
    expect(response.json<Body>().message).toBe('Unable to start conversation with this user.');
  });

  it('creates an external destination profile with its room', async () => {
    const response = await send('POST', asAgent1('/api/v1/createExternalDestinationProfile'), 'acme', {
      address: 'Pat@Example.com',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<Body>().profile).toMatchObject({ username: 'pat@example.com' });
    const bad = await send('POST', asAgent1('/api/v1/createExternalDestinationProfile'), 'acme', {
      address: 'x',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('activity and notifications', () => {
  it('counts unread rooms per inbox, simple or with rooms, and clears them', async () => {
    const simple = (await get(asAgent1('/api/v1/activityAgent?simple=true'), 'acme')).json<Body>();
    expect(simple.count).toBeGreaterThan(0);
    expect(simple.rooms).toEqual([]);
    const full = (await get(asAgent1('/api/v1/activityAgent'), 'acme')).json<Body>();
    expect(full.rooms).toHaveLength(full.count);
    const cleared = await send('POST', asAgent1('/api/v1/activityAgent'), 'acme', { clearAll: true });
    expect(cleared.json<Body>().cleared).toBe(full.count);
    expect((await get(asAgent1('/api/v1/activityAgent?simple=true'), 'acme')).json<Body>().count).toBe(0);
    const neither = await send('POST', asAgent1('/api/v1/activity'), 'acme', {});
    expect(neither.statusCode).toBe(400);
  });

  it('clears notifications one by one or all at once, for an account named by username', async () => {
    const list = (await get('/api/v1/notifications?username=agent1', 'acme')).json<Body>();
    expect(list.count).toBeGreaterThan(0);
    const one = await send('POST', '/api/v1/notifications', 'acme', {
      username: 'agent1',
      clear: list.notifications[0]?.id,
    });
    expect(one.json<Body>().cleared).toBe(1);
    const all = await send('POST', '/api/v1/notifications', 'acme', { username: 'agent1', clearAll: true });
    expect(all.json<Body>().cleared).toBe(list.count - 1);
    expect((await get('/api/v1/notifications?username=agent1', 'globex')).statusCode).toBe(404);
  });
});

describe('chat media and the public preview', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const form = (name: string, data: Buffer, field = 'file') => {
    const boundary = 'X-BOUNDARY';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };

  it('stores an upload, serves it back, and sends it in a reply', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: withToken('/api/v1/chat/media', 'acme'),
      ...form('a.png', png),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { url, contentType } = upload.json<{ url: string; contentType: string }>();
    expect(contentType).toBe('image/png');
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);

    const room = await roomOf('+15553000020');
    const reply = await send('POST', `/api/v1/conversations/${room.roomId}`, 'acme', {
      attachments: [{ url, contentType }],
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json<Body>().message.attachments).toEqual([{ url, contentType }]);
    expect((await outboxTo('+15553000020'))[0]!.text).toContain(url);
  });

  it('refuses files that are neither images, PDFs nor audio', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: withToken('/api/v1/chat/media', 'acme'),
      ...form('a.exe', Buffer.from('MZ not really')),
    });
    expect(upload.statusCode).toBe(415);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/chat/media/..%2Fsecret' })).statusCode).toBe(
      404,
    );
  });

  it("previews an agent publicly and 404s what isn't one", async () => {
    const preview = await t.app.inject({ method: 'GET', url: '/api/v1/messages/agent1' });
    expect(preview.json<Body>().preview).toMatchObject({
      username: 'agent1',
      displayName: 'Acme Front Desk',
      phoneNumber: '+15550100001',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/messages/acme' })).statusCode).toBe(404);
  });
});
