import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RealtimeEvent } from '@switchboard/contract';
import { openDatabase, type DatabaseHandle } from '@switchboard/db';
import {
  silentAgent,
  startApp,
  textAgent,
  type DemoApp,
  type DemoUsername,
  type KitApp,
  type SignedInClient,
} from '@switchboard/testing';
import { publishRealtimeEvent } from './realtime.service';

// The agent stays silent: every event a test waits for comes from what the test itself did.
let kit: DemoApp;
let base: string;
const people: Partial<Record<DemoUsername, SignedInClient>> = {};

beforeAll(async () => {
  kit = await startApp({ runtime: silentAgent });
  for (const who of ['acme', 'globex', 'agent1', 'agent2', 'reseller'] as const) {
    people[who] = await kit.signIn(who);
  }
  await kit.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(kit.app.server.address() as AddressInfo).port}`;
});
afterAll(() => kit.close());

/** A viewer's socket that keeps every event it receives. */
async function connect(url: string) {
  const events: RealtimeEvent[] = [];
  const socket = new WebSocket(url);
  socket.on('message', (data: Buffer) => events.push(JSON.parse(data.toString('utf8')) as RealtimeEvent));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`refused with ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
  const waitFor = async (match: (event: RealtimeEvent) => boolean, ms = 3000) => {
    const started = Date.now();
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      if (Date.now() - started > ms) throw new Error(`no matching event; got ${JSON.stringify(events)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { socket, events, waitFor, close: () => socket.close() };
}

const urlFor = (who: DemoUsername, target?: DemoUsername) =>
  `${base}/api/realtime?token=${people[who]!.token}${target ? `&targetAccountId=${kit.ids[target]}` : ''}`;

/** A contact texts agent1 through the sandbox SMS network. */
async function contactWrites(address: string, text: string) {
  return (await textAgent(kit, { to: 'agent1', from: address, text })).room;
}

describe('/api/realtime', () => {
  it('refuses a socket without a valid token, or for another tenant', async () => {
    await expect(connect(`${base}/api/realtime`)).rejects.toThrow('refused with 401');
    await expect(connect(`${base}/api/realtime?token=nope`)).rejects.toThrow('refused with 401');
    await expect(connect(urlFor('globex', 'agent1'))).rejects.toThrow('refused with 403');
  });

  it('pushes a new message with its room and the unread counts to viewers of the account', async () => {
    const viewer = await connect(urlFor('acme', 'agent1'));
    await viewer.waitFor((event) => event.type === 'ready');
    const room = await contactWrites('+15554440001', 'Is anyone there?');
    const message = await viewer.waitFor((event) => event.type === 'message');
    expect(message).toMatchObject({
      type: 'message',
      accountId: kit.ids.agent1,
      roomId: room.roomId,
      message: { message: 'Is anyone there?', author: 'contact' },
      room: { roomId: room.roomId, unread: 1, lastMessage: 'Is anyone there?' },
    });
    // Unread counts follow every change; the one after the message counts its room.
    const activity = await viewer.waitFor((event) => event.type === 'activity' && event.agent === 1);
    expect(activity).toMatchObject({ accountId: kit.ids.agent1, priority: 0 });
    viewer.close();
  });

  it('reaches organization viewers for every agent account, and nobody in another tenant', async () => {
    const organization = await connect(urlFor('acme'));
    const otherAgent = await connect(urlFor('agent2'));
    const otherTenant = await connect(urlFor('globex'));
    const reseller = await connect(urlFor('reseller'));
    for (const viewer of [organization, otherAgent, otherTenant, reseller]) {
      await viewer.waitFor((event) => event.type === 'ready');
    }
    const room = await contactWrites('+15554440002', 'Hello from a contact');
    await organization.waitFor((event) => event.type === 'message' && event.roomId === room.roomId);
    await organization.waitFor((event) => event.type === 'activity' && event.accountId === kit.ids.acme);

    // A person switching the agent off is a room change every viewer of the account sees.
    await people.acme!.post(`/api/v1/conversations/${room.roomId}/aiAgentEnabled`, { aiAgentEnabled: false });
    // A person took the room over: it moves to the priority inbox, and the viewer hears of both.
    const change = await organization.waitFor(
      (event) =>
        event.type === 'room' &&
        event.roomId === room.roomId &&
        !event.room.aiAgentEnabled &&
        event.room.inbox === 'priority',
    );
    expect(change).toMatchObject({ accountId: kit.ids.agent1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const outsider of [otherAgent, otherTenant, reseller]) {
      expect(outsider.events.map((event) => event.type)).toEqual(['ready']);
    }
    for (const viewer of [organization, otherAgent, otherTenant, reseller]) viewer.close();
  });

  it("carries other areas' events by id to the account's viewers", async () => {
    const viewer = await connect(urlFor('agent1'));
    await viewer.waitFor((event) => event.type === 'ready');
    await publishRealtimeEvent(kit.db, {
      kind: 'task',
      accountId: kit.ids.agent1,
      organizationId: kit.ids.acme,
      ids: { taskId: 42 },
    });
    expect(await viewer.waitFor((event) => event.type === 'event')).toEqual({
      type: 'event',
      kind: 'task',
      accountId: kit.ids.agent1,
      ids: { taskId: 42 },
    });
    await expect(
      publishRealtimeEvent(kit.db, {
        kind: 'task',
        accountId: 1,
        organizationId: null,
        ids: { big: 'x'.repeat(9000) },
      }),
    ).rejects.toThrow('8 KB');
    viewer.socket.send('ping');
    await viewer.waitFor((event) => event.type === 'pong');
    viewer.close();
  });
});

// NOTIFY crosses processes only on a PostgreSQL server: two app instances, each with its own pool and listener.
describe.runIf(process.env.TEST_DATABASE_URL)('/api/realtime across server processes', () => {
  let second: KitApp;
  let secondDatabase: DatabaseHandle;

  beforeAll(async () => {
    if (!kit.database.url) throw new Error('the cloned PostgreSQL database has no url');
    secondDatabase = await openDatabase({ kind: 'postgres', url: kit.database.url, poolSize: 2 });
    // The database is the first app's, demo data included.
    second = await startApp({ seed: 'empty', database: secondDatabase });
    await second.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second.close();
    await secondDatabase.close();
  });

  it('delivers a message written through one process to a viewer of the other', async () => {
    const port = (second.app.server.address() as AddressInfo).port;
    const viewer = await connect(`ws://127.0.0.1:${port}/api/realtime?token=${people.agent1!.token}`);
    const outsider = await connect(`ws://127.0.0.1:${port}/api/realtime?token=${people.globex!.token}`);
    await viewer.waitFor((event) => event.type === 'ready');
    // The write goes through the first app's HTTP API (and its pool).
    await textAgent(kit, { to: 'agent1', from: '+15554440003', text: 'Across processes' });
    const message = await viewer.waitFor((event) => event.type === 'message');
    expect(message).toMatchObject({ message: { message: 'Across processes' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(outsider.events.map((event) => event.type)).toEqual(['ready']);
    viewer.close();
    outsider.close();
  });
});
