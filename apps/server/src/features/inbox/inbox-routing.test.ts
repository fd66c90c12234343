import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type DemoApp, type DemoUsername, type SignedInClient } from '@switchboard/testing';
import type { RoomView } from '@switchboard/contract';
import { isAiAgentEnabled, openRoom, requestPersonAttention } from './inbox.service';
import { fakeRuntime, outboxTo, roomOf, textAgent, type Body } from './inbox.test-support';

// A person taking a room over from the agent, routing between the inboxes, starting conversations, activity,
// notifications and chat media.

let kit: DemoApp;
const runtime = fakeRuntime(() => kit);
let acme: SignedInClient;
let globex: SignedInClient;
let reseller: SignedInClient;

beforeAll(async () => {
  kit = await startApp({ runtime: runtime.port });
  acme = await kit.signIn('acme');
  globex = await kit.signIn('globex');
  reseller = await kit.signIn('reseller');
});
afterAll(() => kit.close());

/** Acme acting for its agent account agent1. */
const forAgent1 = () => acme.actingFor(kit.ids.agent1);

describe('AI on or off per room', () => {
  it('stops the agent, sends the person reply by SMS, and sticks until switched back', async () => {
    await textAgent(kit, '+15553000020', 'first');
    const room = await roomOf(kit, '+15553000020');
    const before = runtime.calls.length;
    const off = await acme.post<Body>(`/api/v1/conversations/${room.roomId}/aiAgentEnabled`, {
      aiAgentEnabled: false,
    });
    expect(off.body).toMatchObject({ aiAgentEnabled: false, room: { inbox: 'priority' } });
    expect((await acme.get<Body>(`/api/v1/conversations/${room.roomId}/aiAgentEnabled`)).body).toEqual({
      success: true,
      aiAgentEnabled: false,
    });
    await textAgent(kit, '+15553000020', 'are you a person?', undefined, { agentOff: true });
    expect(runtime.calls.length).toBe(before);
    // The same contact calling in is the same room: the runtime hears the agent is off on voice too.
    await openRoom(kit.db, {
      accountId: kit.ids.agent1,
      contactAddress: '+1 555 300 0020',
      channel: 'voice',
    });
    expect(await isAiAgentEnabled(kit.db, kit.ids.agent1, '(555) 300-0020')).toBe(false);

    const reply = await acme.post<Body>(`/api/v1/conversations/${room.roomId}`, {
      message: 'Yes, this is Dana.',
    });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.message).toMatchObject({
      author: 'person',
      direction: 'outbound',
      // The sandbox network hands a text over at once.
      status: 'delivered',
    });
    const texts = await outboxTo(kit, '+15553000020');
    expect(texts[0]).toMatchObject({ text: 'Yes, this is Dana.', from: '+15550100001' });

    await acme.post(`/api/v1/conversations/${room.roomId}/aiAgentEnabled`, { aiAgentEnabled: true });
    await textAgent(kit, '+15553000020', 'thanks');
    expect(runtime.calls.length).toBe(before + 1);
  });

  it('refuses an empty reply and attachments that were not uploaded here', async () => {
    const room = await roomOf(kit, '+15553000020');
    const empty = await acme.post<Body>(`/api/v1/conversations/${room.roomId}`, { message: '  ' });
    expect(empty.status).toBe(400);
    const foreign = await acme.post<Body>(`/api/v1/conversations/${room.roomId}`, {
      attachments: [{ url: 'https://evil.example/x.png', contentType: 'image/png' }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain('not a file uploaded');
  });
});

describe('routing between the inboxes', () => {
  it('sends a caller with a person name, a known contact and a transfer request to priority', async () => {
    const named = await openRoom(kit.db, {
      accountId: kit.ids.agent1,
      contactAddress: '+15553000030',
      contactName: 'Jane Doe',
      channel: 'voice',
    });
    expect(named.inbox).toBe('priority');
    const placeholder = await openRoom(kit.db, {
      accountId: kit.ids.agent1,
      contactAddress: '+15553000031',
      contactName: 'WIRELESS CALLER',
      channel: 'voice',
    });
    expect(placeholder.inbox).toBe('agent');

    await textAgent(kit, '+15553000032', 'hi');
    expect((await roomOf(kit, '+15553000032')).inbox).toBe('agent');
    const contact = await forAgent1().post<Body>('/api/v2/contact', {
      name: 'Sam Known',
      phoneNumber: '555-300-0032',
    });
    expect(contact.status, contact.text).toBe(200);
    const room = await roomOf(kit, '+15553000032');
    expect(room.inbox).toBe('priority');
    const view = (await acme.get<{ room: RoomView }>(`/api/v1/conversations/${room.roomId}`)).body.room;
    expect(view).toMatchObject({ name: 'Sam Known', contact: { name: 'Sam Known' } });

    await textAgent(kit, '+15553000033', 'I want a human');
    const transfer = await roomOf(kit, '+15553000033');
    await requestPersonAttention(kit.db, {
      accountId: kit.ids.agent1,
      roomId: transfer.roomId,
      reason: 'transfer',
    });
    expect((await roomOf(kit, '+15553000033')).inbox).toBe('priority');
    const notifications = (
      await forAgent1().get<{ notifications: { roomId: string; kind: string }[] }>('/api/v1/notifications')
    ).body;
    expect(notifications.notifications[0]).toMatchObject({ roomId: transfer.roomId, kind: 'transfer' });
  });

  it('lets a person move a room either way, and the choice sticks', async () => {
    const room = await roomOf(kit, '+15553000032');
    const moved = await acme.post<Body>(`/api/v1/conversations/${room.roomId}/inbox`, {
      inbox: 'agent',
    });
    expect(moved.body.room).toMatchObject({ inbox: 'agent', inboxPinned: true });
    await textAgent(kit, '+15553000032', 'still me');
    expect((await roomOf(kit, '+15553000032')).inbox).toBe('agent');
    const auto = await acme.post<Body>(`/api/v1/conversations/${room.roomId}/inbox`, { inbox: null });
    expect(auto.body.room).toMatchObject({ inbox: 'priority', inboxPinned: false });
  });
});

describe('starting a conversation', () => {
  const start = (who: 'acme' | 'globex', account: DemoUsername, users: unknown) =>
    (who === 'acme' ? acme : globex).post<Body & { created: boolean }>(
      '/api/v1/getGroupConversationRoomId',
      { users },
      { targetAccountId: kit.ids[account] },
    );
  /** Acme's SMS messaging, a setting its reseller writes. */
  const setAcmeSms = async (smsMessaging: boolean | null) => {
    const saved = await reseller.post(
      '/api/v1/accountSetting',
      { settings: { smsMessaging } },
      {
        targetAccountId: kit.ids.acme,
      },
    );
    expect(saved.status, saved.text).toBe(200);
  };

  it('opens the room with a number for a premium agent with a number and SMS', async () => {
    const response = await start('acme', 'agent1', ['(555) 300-0040']);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ created: true, room: { username: '+15553000040' } });
    const again = await start('acme', 'agent1', ['+15553000040']);
    expect(again.body).toMatchObject({ created: false, roomId: response.body.roomId });
  });

  it('asks, in order, for premium, a number, then SMS', async () => {
    const globex = await start('globex', 'agent3', ['+15553000041']);
    expect(globex.status).toBe(402);
    const noNumber = await start('acme', 'agent2', ['+15553000041']);
    expect(noNumber.status).toBe(409);
    await setAcmeSms(false);
    const noSms = await start('acme', 'agent1', ['+15553000041']);
    expect(noSms.status).toBe(403);
    await setAcmeSms(null);
  });

  it("says 'Unable to start conversation with this user.' for someone it cannot text", async () => {
    const response = await start('acme', 'agent1', ['not a number']);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Unable to start conversation with this user.');
  });

  it('creates an external destination profile with its room', async () => {
    const response = await forAgent1().post<Body>('/api/v1/createExternalDestinationProfile', {
      address: 'Pat@Example.com',
    });
    expect(response.status).toBe(201);
    expect(response.body.profile).toMatchObject({ username: 'pat@example.com' });
    const bad = await forAgent1().post<Body>('/api/v1/createExternalDestinationProfile', {
      address: 'x',
    });
    expect(bad.status).toBe(400);
  });
});

describe('activity and notifications', () => {
  // A caller nobody knows leaves an unread room in the agent inbox.
  beforeAll(() => textAgent(kit, '+15553000050', 'hello?'));

  it('counts unread rooms per inbox, simple or with rooms, and clears them', async () => {
    const simple = (await forAgent1().get<Body>('/api/v1/activityAgent?simple=true')).body;
    expect(simple.count).toBeGreaterThan(0);
    expect(simple.rooms).toEqual([]);
    const full = (await forAgent1().get<Body>('/api/v1/activityAgent')).body;
    expect(full.rooms).toHaveLength(full.count);
    const cleared = await forAgent1().post<Body>('/api/v1/activityAgent', { clearAll: true });
    expect(cleared.body.cleared).toBe(full.count);
    expect((await forAgent1().get<Body>('/api/v1/activityAgent?simple=true')).body.count).toBe(0);
    const neither = await forAgent1().post<Body>('/api/v1/activity', {});
    expect(neither.status).toBe(400);
  });

  it('clears notifications one by one or all at once, for an account named by username', async () => {
    const list = (await acme.get<Body>('/api/v1/notifications?username=agent1')).body;
    expect(list.count).toBeGreaterThan(0);
    const one = await acme.post<Body>('/api/v1/notifications', {
      username: 'agent1',
      clear: list.notifications[0]?.id,
    });
    expect(one.body.cleared).toBe(1);
    const all = await acme.post<Body>('/api/v1/notifications', { username: 'agent1', clearAll: true });
    expect(all.body.cleared).toBe(list.count - 1);
    expect((await globex.get('/api/v1/notifications?username=agent1')).status).toBe(404);
  });
});

describe('chat media and the public preview', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = (name: string, data: Buffer, field = 'file') => {
    const boundary = 'X-BOUNDARY';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return acme.post<{ url: string; contentType: string }>('/api/v1/chat/media', body, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };

  it('stores an upload, serves it back, and sends it in a reply', async () => {
    const uploaded = await upload('a.png', png);
    expect(uploaded.status, uploaded.text).toBe(201);
    const { url, contentType } = uploaded.body;
    expect(contentType).toBe('image/png');
    const served = await kit.client().get(url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.raw.rawPayload.equals(png)).toBe(true);

    const room = await roomOf(kit, '+15553000020');
    const reply = await acme.post<Body>(`/api/v1/conversations/${room.roomId}`, {
      attachments: [{ url, contentType }],
    });
    expect(reply.status).toBe(201);
    expect(reply.body.message.attachments).toEqual([{ url, contentType }]);
    expect((await outboxTo(kit, '+15553000020'))[0]!.text).toContain(url);
  });

  it('refuses files that are neither images, PDFs nor audio', async () => {
    const refused = await upload('a.exe', Buffer.from('MZ not really'));
    expect(refused.status).toBe(415);
    expect((await kit.client().get('/api/v1/chat/media/..%2Fsecret')).status).toBe(404);
  });

  it("previews an agent publicly and 404s what isn't one", async () => {
    const preview = await kit.client().get<Body>('/api/v1/messages/agent1');
    expect(preview.body.preview).toMatchObject({
      username: 'agent1',
      displayName: 'Acme Front Desk',
      phoneNumber: '+15550100001',
    });
    expect((await kit.client().get('/api/v1/messages/acme')).status).toBe(404);
  });
});
