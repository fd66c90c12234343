import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type DemoApp } from '@switchboard/testing';
import { asc, contacts, eq, inboxNotifications, messages, rooms } from '@switchboard/db';
import {
  appendMessage,
  listRoomMessages,
  openRoom,
  recordMessage,
  roomOwner,
  setAiAgentEnabled,
  setRoomInbox,
} from './inbox.service';

let t: DemoApp;
let orgId: number;
let agentId: number;
let otherAgentId: number;

beforeAll(async () => {
  // Only the database is under test: no routes, so endpoints declared by other areas need no handlers here.
  // The demo organization acme and two of its agent accounts.
  t = await startApp({ features: [], requireAllEndpoints: false });
  orgId = t.ids.acme;
  agentId = t.ids.agent1;
  otherAgentId = t.ids.agent2;
});
afterAll(() => t.close());

describe('openRoom', () => {
  it('creates one room under concurrent opens for the same contact', async () => {
    const opened = await Promise.all(
      ['+1 (555) 010-0001', '+15550100001', '5550100001', ' +1 555 010 0001 ', '+15550100001'].map(
        (contactAddress) => openRoom(t.db, { accountId: agentId, contactAddress, channel: 'sms' }),
      ),
    );
    const stored = await t.db.select().from(rooms).where(eq(rooms.accountId, agentId));
    expect(stored).toHaveLength(1);
    const room = stored[0]!;
    expect(new Set(opened.map((r) => r.roomId))).toEqual(new Set([room.roomId]));
    expect(new Set(opened.map((r) => r.conversationUuid))).toEqual(new Set([room.currentUuid]));
    expect(room).toMatchObject({ contactAddress: '+15550100001', organizationId: orgId, inbox: 'agent' });
    expect(room.roomId).toBe(`${agentId}:${room.contactProfileId}`);
    expect(room.contactProfileId).toBeGreaterThanOrEqual(1000);
  });

  it('reopens a closed room, keeps its conversation, and starts a new one on request', async () => {
    const first = await openRoom(t.db, {
      accountId: agentId,
      contactAddress: 'Pat@Example.com',
      contactName: 'Pat',
      channel: 'email',
    });
    await t.db.update(rooms).set({ closedAt: new Date() }).where(eq(rooms.roomId, first.roomId));
    const reopened = await openRoom(t.db, {
      accountId: agentId,
      contactAddress: 'pat@example.com',
      channel: 'email',
    });
    expect(reopened).toMatchObject({ roomId: first.roomId, closedAt: null, contactName: 'Pat' });
    expect(reopened.conversationUuid).toBe(first.conversationUuid);

    const fresh = await openRoom(t.db, {
      accountId: agentId,
      contactAddress: 'pat@example.com',
      channel: 'email',
      newConversation: true,
    });
    expect(fresh.roomId).toBe(first.roomId);
    expect(fresh.conversationUuid).not.toBe(first.conversationUuid);
    expect(fresh.currentUuid).toBe(fresh.conversationUuid);
  });

  it('gives a room with no current conversation a fresh uuid', async () => {
    const room = await openRoom(t.db, { accountId: agentId, contactAddress: 'visitor-7', channel: 'chat' });
    await t.db.update(rooms).set({ currentUuid: null }).where(eq(rooms.roomId, room.roomId));
    const again = await openRoom(t.db, { accountId: agentId, contactAddress: 'visitor-7', channel: 'chat' });
    expect(again.conversationUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.conversationUuid).not.toBe(room.conversationUuid);
  });

  it('keeps the same address of two accounts in separate rooms and rejects unknown accounts', async () => {
    const mine = await openRoom(t.db, {
      accountId: agentId,
      contactAddress: '+15550100002',
      channel: 'voice',
    });
    const theirs = await openRoom(t.db, {
      accountId: otherAgentId,
      contactAddress: '+15550100002',
      channel: 'voice',
    });
    expect(theirs.roomId).not.toBe(mine.roomId);
    expect(theirs.accountId).toBe(otherAgentId);
    await expect(
      openRoom(t.db, { accountId: 999_999, contactAddress: '+15550100002', channel: 'sms' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      openRoom(t.db, { accountId: agentId, contactAddress: '  ', channel: 'sms' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('appendMessage', () => {
  it('stores messages and moves the preview and unread count of the room', async () => {
    const room = await openRoom(t.db, { accountId: agentId, contactAddress: '+15550100003', channel: 'sms' });
    const base = {
      accountId: agentId,
      roomId: room.roomId,
      conversationUuid: room.conversationUuid,
      channel: 'sms' as const,
    };
    const inbound = await appendMessage(t.db, {
      ...base,
      direction: 'inbound',
      author: 'contact',
      text: 'Hi there',
    });
    expect(inbound).toMatchObject({ text: 'Hi there', status: 'received', media: [], author: 'contact' });
    await appendMessage(t.db, {
      ...base,
      direction: 'inbound',
      author: 'contact',
      text: '',
      media: [{ url: 'https://example.com/a.jpg', contentType: 'image/jpeg' }],
    });
    let [stored] = await t.db.select().from(rooms).where(eq(rooms.roomId, room.roomId));
    expect(stored).toMatchObject({ lastMessage: '[media]', unreadCount: 2 });

    const reply = await appendMessage(t.db, {
      ...base,
      direction: 'outbound',
      author: 'agent',
      text: 'Hello! How can I help?',
      status: 'queued',
    });
    [stored] = await t.db.select().from(rooms).where(eq(rooms.roomId, room.roomId));
    expect(stored).toMatchObject({ lastMessage: 'Hello! How can I help?', unreadCount: 2 });
    expect(stored!.lastMessageAt!.getTime()).toBe(reply.createdAt.getTime());
    expect(reply.status).toBe('queued');
  });

  it('counts every one of concurrent inbound messages', async () => {
    const room = await openRoom(t.db, { accountId: agentId, contactAddress: '+15550100004', channel: 'sms' });
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        appendMessage(t.db, {
          accountId: agentId,
          roomId: room.roomId,
          conversationUuid: room.conversationUuid,
          direction: 'inbound',
          channel: 'sms',
          author: 'contact',
          text: `message ${i}`,
        }),
      ),
    );
    const [stored] = await t.db.select().from(rooms).where(eq(rooms.roomId, room.roomId));
    expect(stored!.unreadCount).toBe(5);
    expect(await t.db.select().from(messages).where(eq(messages.roomId, room.roomId))).toHaveLength(5);
  });

  it('rejects a missing room without storing anything', async () => {
    await expect(
      appendMessage(t.db, {
        accountId: agentId,
        roomId: `${agentId}:1`,
        conversationUuid: null,
        direction: 'inbound',
        channel: 'sms',
        author: 'contact',
        text: 'lost',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await t.db.select().from(messages).where(eq(messages.text, 'lost'))).toEqual([]);
  });
});

describe('recordMessage (what a live conversation says)', () => {
  type Utterance = { author: 'contact' | 'agent'; text: string };
  const said: Utterance[] = [
    { author: 'agent', text: 'Thanks for calling, how can I help?' },
    { author: 'contact', text: 'Are you open on Saturday?' },
    { author: 'agent', text: 'Yes, from nine to one.' },
    { author: 'contact', text: 'Great, thanks.' },
  ];

  /**
   * A call's room for a number, the utterances stored one way, and what the room, messages and notices became.
   * `savedAs`: the organization saves the caller as a contact once the call has begun (its room in the agent inbox).
   */
  async function store(
    contactAddress: string,
    write: typeof appendMessage | typeof recordMessage,
    savedAs?: string,
  ) {
    const room = await openRoom(t.db, { accountId: agentId, contactAddress, channel: 'voice' });
    expect(room.inbox).toBe('agent');
    if (savedAs)
      await t.db.insert(contacts).values({ accountId: orgId, name: savedAs, phoneNumber: contactAddress });
    for (const { author, text } of said) {
      await write(t.db, {
        accountId: agentId,
        roomId: room.roomId,
        conversationUuid: room.conversationUuid,
        direction: author === 'agent' ? 'outbound' : 'inbound',
        channel: 'voice',
        author,
        text,
      });
    }
    const [stored] = await t.db.select().from(rooms).where(eq(rooms.roomId, room.roomId));
    const rows = await t.db
      .select()
      .from(messages)
      .where(eq(messages.roomId, room.roomId))
      .orderBy(asc(messages.id));
    const notices = await t.db
      .select({ kind: inboxNotifications.kind, text: inboxNotifications.text })
      .from(inboxNotifications)
      .where(eq(inboxNotifications.roomId, room.roomId));
    return {
      room: { inbox: stored?.inbox, lastMessage: stored?.lastMessage, unreadCount: stored?.unreadCount },
      messages: rows.map((row) => ({
        conversationUuid: row.conversationUuid === room.conversationUuid,
        accountId: row.accountId,
        direction: row.direction,
        channel: row.channel,
        author: row.author,
        text: row.text,
        media: row.media,
        status: row.status,
      })),
      notices,
    };
  }

  it('stores each utterance and moves the room as appendMessage does, for an unknown caller', async () => {
    const recorded = await store('+15550100021', recordMessage);
    expect(recorded).toEqual(await store('+15550100022', appendMessage));
    expect(recorded.room).toEqual({ inbox: 'agent', lastMessage: 'Great, thanks.', unreadCount: 2 });
    expect(recorded.messages.map((m) => [m.author, m.direction, m.status, m.media])).toEqual([
      ['agent', 'outbound', 'received', []],
      ['contact', 'inbound', 'received', []],
      ['agent', 'outbound', 'received', []],
      ['contact', 'inbound', 'received', []],
    ]);
    expect(recorded.notices).toEqual([]);
  });

  it('routes the room of a caller the organization saves during the call to priority and tells its people, as appendMessage does', async () => {
    const recorded = await store('+15550100023', recordMessage, 'Dana');
    expect(recorded).toEqual(await store('+15550100024', appendMessage, 'Eli'));
    expect(recorded.room.inbox).toBe('priority');
    expect(recorded.notices).toEqual([
      { kind: 'message', text: 'Are you open on Saturday?' },
      { kind: 'message', text: 'Great, thanks.' },
    ]);
  });

  it('rejects a room of another account or none without storing anything', async () => {
    const room = await openRoom(t.db, {
      accountId: agentId,
      contactAddress: '+15550100025',
      channel: 'voice',
    });
    for (const target of [
      { accountId: otherAgentId, roomId: room.roomId },
      { accountId: agentId, roomId: `${agentId}:2` },
    ]) {
      await expect(
        recordMessage(t.db, {
          ...target,
          conversationUuid: room.conversationUuid,
          direction: 'inbound',
          channel: 'voice',
          author: 'contact',
          text: 'planted',
        }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await t.db.select().from(messages).where(eq(messages.text, 'planted'))).toEqual([]);
    const [stored] = await t.db.select().from(rooms).where(eq(rooms.roomId, room.roomId));
    expect(stored).toMatchObject({ lastMessage: null, unreadCount: 0 });
  });
});

describe('room reads and settings', () => {
  it('lists the latest messages oldest first, per conversation, and only for the owner', async () => {
    const room = await openRoom(t.db, { accountId: agentId, contactAddress: '+15550100005', channel: 'sms' });
    for (const text of ['one', 'two', 'three']) {
      await appendMessage(t.db, {
        accountId: agentId,
        roomId: room.roomId,
        conversationUuid: room.conversationUuid,
        direction: 'inbound',
        channel: 'sms',
        author: 'contact',
        text,
      });
    }
    const next = await openRoom(t.db, {
      accountId: agentId,
      contactAddress: '+15550100005',
      channel: 'sms',
      newConversation: true,
    });
    await appendMessage(t.db, {
      accountId: agentId,
      roomId: room.roomId,
      conversationUuid: next.conversationUuid,
      direction: 'outbound',
      channel: 'sms',
      author: 'agent',
      text: 'four',
    });

    const all = await listRoomMessages(t.db, { accountId: agentId, roomId: room.roomId, limit: 50 });
    expect(all.map((m) => m.text)).toEqual(['one', 'two', 'three', 'four']);
    const latest = await listRoomMessages(t.db, { accountId: agentId, roomId: room.roomId, limit: 2 });
    expect(latest.map((m) => m.text)).toEqual(['three', 'four']);
    const firstConversation = await listRoomMessages(t.db, {
      accountId: agentId,
      roomId: room.roomId,
      conversationUuid: room.conversationUuid,
      limit: 50,
    });
    expect(firstConversation.map((m) => m.text)).toEqual(['one', 'two', 'three']);
    expect(await listRoomMessages(t.db, { accountId: otherAgentId, roomId: room.roomId, limit: 50 })).toEqual(
      [],
    );
  });

  it('changes inbox and agent switch only for the owning account', async () => {
    const room = await openRoom(t.db, {
      accountId: agentId,
      contactAddress: '+15550100006',
      channel: 'voice',
    });
    expect(
      await setRoomInbox(t.db, { accountId: otherAgentId, roomId: room.roomId, inbox: 'priority' }),
    ).toBeNull();
    expect(
      await setAiAgentEnabled(t.db, { accountId: otherAgentId, roomId: room.roomId, enabled: false }),
    ).toBeNull();
    const [untouched] = await t.db.select().from(rooms).where(eq(rooms.roomId, room.roomId));
    expect(untouched).toMatchObject({ inbox: 'agent', aiAgentEnabled: true });

    const moved = await setRoomInbox(t.db, { accountId: agentId, roomId: room.roomId, inbox: 'priority' });
    expect(moved).toMatchObject({ roomId: room.roomId, inbox: 'priority' });
    const paused = await setAiAgentEnabled(t.db, { accountId: agentId, roomId: room.roomId, enabled: false });
    expect(paused).toMatchObject({ inbox: 'priority', aiAgentEnabled: false });
    await expect(
      setRoomInbox(t.db, { accountId: agentId, roomId: room.roomId, inbox: 'junk' as 'agent' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('resolves the owner of a room', async () => {
    const room = await openRoom(t.db, {
      accountId: otherAgentId,
      contactAddress: '+15550100007',
      channel: 'sms',
    });
    expect(await roomOwner(t.db, room.roomId)).toBe(otherAgentId);
    expect(await roomOwner(t.db, 'no:such-room')).toBeNull();
  });
});
