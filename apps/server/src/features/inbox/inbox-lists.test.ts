import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { eq, messages } from '@switchboard/db';
import type { RoomView } from '@switchboard/contract';
import { isAiAgentEnabled } from './inbox.service';
import { fakeRuntime, roomOf, textAgent, type Body, type RoomList } from './inbox.test-support';

// Texts reaching an agent through the sandbox, the two inboxes' lists, and what a person does in one room.

let kit: DemoApp;
const runtime = fakeRuntime(() => kit);
let acme: SignedInClient;
let globex: SignedInClient;

beforeAll(async () => {
  kit = await startApp({ runtime: runtime.port });
  acme = await kit.signIn('acme');
  globex = await kit.signIn('globex');
});
afterAll(() => kit.close());

/** Acme acting for its agent account agent1. */
const forAgent1 = () => acme.actingFor(kit.ids.agent1);

describe('sandbox inbound SMS', () => {
  it('stores the text in the contact room, answers 202 and lets the agent reply', async () => {
    const answer = await textAgent(kit, '(555) 300-0001', 'Do you open on Saturday?');
    expect(answer).toMatchObject({ agent: 'agent1', from: '+15553000001' });
    const room = await roomOf(kit, '+15553000001');
    expect(room.accountId).toBe(kit.ids.agent1);
    expect(runtime.calls.at(-1)).toEqual({
      agentAccountId: kit.ids.agent1,
      roomId: room.roomId,
      conversationUuid: room.currentUuid,
      contactAddress: '+15553000001',
      text: 'Do you open on Saturday?',
      channel: 'sms',
    });
    const stored = await kit.db.select().from(messages).where(eq(messages.roomId, room.roomId));
    expect(stored.map((m) => [m.author, m.text])).toEqual([
      ['contact', 'Do you open on Saturday?'],
      ['agent', 'Thanks for your message: Do you open on Saturday?'],
    ]);
  });

  it('reaches the agent by username as well as by number', async () => {
    expect((await textAgent(kit, '+15553000002', 'hello', 'agent1')).agent).toBe('agent1');
  });

  it('names what is wrong with a bad text', async () => {
    const post = (payload: object) => kit.client().post<Body>('/api/sandbox/sms/inbound', payload);
    const noAgent = await post({ to: '+15559999999', from: '+15553000003', text: 'hi' });
    expect(noAgent.status).toBe(404);
    expect(noAgent.body.message).toBe('No agent answers texts at the number or username in body.to');
    const badFrom = await post({ to: 'agent1', from: 'not a number', text: 'hi' });
    expect(badFrom.status).toBe(400);
    expect(badFrom.body.message).toContain('from must be a phone number');
    const empty = await post({ to: 'agent1', from: '+15553000003' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('text');
  });
});

describe('inbox lists', () => {
  it('puts a caller nobody knows, whom the agent handled, in the agent inbox', async () => {
    const agentInbox = (await forAgent1().get<RoomList>('/api/v1/agentConversations')).body;
    const room = agentInbox.rooms.find((r) => r.username === '+15553000001');
    expect(room).toMatchObject({
      inbox: 'agent',
      unread: 1,
      isAgent: true,
      aiAgentEnabled: true,
      name: '+1 (555) 300-0001',
      lastMessage: 'Thanks for your message: Do you open on Saturday?',
    });
    const priority = (await forAgent1().get<RoomList>('/api/v1/conversations')).body;
    expect(priority.rooms.map((r) => r.username)).not.toContain('+15553000001');
  });

  it('pages 0-based, filters unread, and lets an organization see its agents', async () => {
    for (let n = 10; n < 15; n++) await textAgent(kit, `+155530000${n}`, `message ${n}`);
    const page0 = (await forAgent1().get<RoomList>('/api/v1/agentConversations?pageSize=2&page=0')).body;
    const page1 = (await forAgent1().get<RoomList>('/api/v1/agentConversations?pageSize=2&page=1')).body;
    expect(page0).toMatchObject({ pageSize: 2, pageNumber: 0 });
    expect(page0.rooms).toHaveLength(2);
    expect(page0.rooms[0]!.username).toBe('+15553000014');
    expect(page1.rooms.map((r) => r.username)).not.toContain(page0.rooms[0]!.username);
    expect(page0.totalRooms).toBe(7);
    const all = (await forAgent1().get<RoomList>('/api/v1/agentConversations?pagination=false')).body;
    expect(all.rooms).toHaveLength(7);
    const org = (await acme.get<RoomList>('/api/v1/agentConversations')).body;
    expect(org.totalRooms).toBe(7);
    const byId = (await acme.get<RoomList>(`/api/v1/agentConversations/${kit.ids.agent1}`)).body;
    expect(byId.totalRooms).toBe(7);

    const room = await roomOf(kit, '+15553000010');
    await acme.post('/api/v1/activityAgent', { clear: room.roomId });
    const unread = (await forAgent1().get<RoomList>('/api/v1/agentConversations?unread=true')).body;
    expect(unread.totalRooms).toBe(6);
    expect(unread.rooms.map((r) => r.username)).not.toContain('+15553000010');
  });

  it('answers a bad page with a 400 naming the field', async () => {
    const response = await acme.get<Body>('/api/v1/conversations?page=-1');
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('page');
  });

  it('shows another tenant nothing', async () => {
    const other = (await globex.get<RoomList>('/api/v1/agentConversations')).body;
    expect(other.totalRooms).toBe(0);
    expect((await globex.get(`/api/v1/agentConversations/${kit.ids.agent1}`)).status).toBe(403);
    const room = await roomOf(kit, '+15553000001');
    expect((await globex.get(`/api/v1/conversations/${room.roomId}`)).status).toBe(404);
  });
});

describe('a room', () => {
  it('answers its messages, conversations and log, and one conversation as a one-item array', async () => {
    const room = await roomOf(kit, '+15553000001');
    const detail = (
      await acme.get<{
        room: RoomView;
        messages: { message: string; author: string; uuid: string }[];
        conversations: { uuid: string; channel: string }[];
        hasMore: boolean;
      }>(`/api/v1/conversations/${room.roomId}`)
    ).body;
    expect(detail.room.roomId).toBe(room.roomId);
    expect(detail.messages.map((m) => m.author)).toEqual(['contact', 'agent']);
    expect(detail.conversations).toEqual([
      expect.objectContaining({ uuid: room.currentUuid, channel: 'sms' }),
    ]);
    expect(detail.hasMore).toBe(false);
    const limited = (
      await acme.get<{ messages: { author: string }[]; hasMore: boolean }>(
        `/api/v1/conversations/${room.roomId}?limit=1`,
      )
    ).body;
    expect(limited).toMatchObject({ hasMore: true, messages: [{ author: 'agent' }] });

    const record = await acme.get<{ conversation: { message: string }[]; log: unknown }[]>(
      `/api/v2/conversation/${room.roomId}/${room.currentUuid}`,
    );
    expect(record.status).toBe(200);
    const [item] = record.body;
    expect(item!.conversation.map((m) => m.message)).toEqual([
      'Do you open on Saturday?',
      'Thanks for your message: Do you open on Saturday?',
    ]);
    const missing = await acme.get<Body>(
      `/api/v2/conversation/${room.roomId}/00000000-0000-4000-8000-000000000000`,
    );
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Failed to fetch convo');
  });

  it('lists an account inbox when given an account id instead of a room id', async () => {
    const list = await acme.get<RoomList>(`/api/v1/conversations/${kit.ids.agent1}`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveProperty('totalRooms');
    expect((await globex.get(`/api/v1/conversations/${kit.ids.agent1}`)).status).toBe(404);
  });

  it('is rated, reacted to, closed, unarchived and marked unread', async () => {
    const room = await roomOf(kit, '+15553000011');
    const rated = await acme.post<Body>('/api/v1/rateConvo', { roomId: room.roomId, rating: 4 });
    expect(rated.body.room).toMatchObject({ rating: 4, inbox: 'priority' });
    expect((await acme.post<Body>('/api/v1/rateConvo', { roomId: room.roomId, rating: 9 })).status).toBe(400);

    const reacted = await acme.post<Body>('/api/v1/reaction', { roomId: room.roomId, reaction: '👍' });
    expect(reacted.body.room.reaction).toBe('👍');
    const unreacted = await acme.delete<Body>('/api/v1/reaction', { roomId: room.roomId });
    expect(unreacted.body.room.reaction).toBeNull();

    await acme.post('/api/v1/closeConversation', { roomId: room.roomId });
    let priority = (await forAgent1().get<RoomList>('/api/v1/conversations')).body;
    expect(priority.rooms.map((r) => r.roomId)).not.toContain(room.roomId);
    const back = await acme.post<Body>('/api/v1/unarchiveConversation', { roomId: room.roomId });
    expect(back.body.room.closed).toBe(false);
    priority = (await forAgent1().get<RoomList>('/api/v1/conversations')).body;
    expect(priority.rooms.map((r) => r.roomId)).toContain(room.roomId);

    await acme.post('/api/v1/activity', { clear: room.roomId });
    const marked = await acme.post<Body>('/api/v1/activity/markUnread', { roomId: room.roomId });
    expect(marked.body.room.unread).toBe(1);
  });

  it('blocks and unblocks a contact by address, and tells by profile id', async () => {
    const room = await roomOf(kit, '+15553000012');
    const blocked = await forAgent1().post<Body>('/api/v1/block', {
      targetUsername: '+1 555 300 0012',
    });
    expect(blocked.body).toMatchObject({ blocked: true, room: { blocked: true, inbox: 'agent' } });
    expect((await acme.get<Body>(`/api/v1/block/${room.contactProfileId}`)).body).toEqual({
      success: true,
      blocked: true,
    });
    expect(await isAiAgentEnabled(kit.db, kit.ids.agent1, '+15553000012')).toBe(false);
    const unblocked = await forAgent1().post<Body>('/api/v1/block', {
      targetUsername: '+15553000012',
    });
    expect(unblocked.body.blocked).toBe(false);
    expect((await globex.get(`/api/v1/block/${room.contactProfileId}`)).status).toBe(404);
    const nobody = await forAgent1().post<Body>('/api/v1/block', { targetUsername: '+15550000000' });
    expect(nobody.status).toBe(404);
  });
});
