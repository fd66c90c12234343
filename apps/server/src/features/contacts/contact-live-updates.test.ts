import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { endpoints, type RealtimeEvent } from '@switchboard/contract';
import {
  createContact,
  expectStatus,
  silentAgent,
  startApp,
  textAgent,
  type DemoApp,
  type DemoUsername,
  type SignedInClient,
} from '@switchboard/testing';

// A room shows its contact's name: saving or deleting the contact changes no room row, so the contacts area
// announces it to the room's viewers itself.
let kit: DemoApp;
let base: string;
const people: Partial<Record<DemoUsername, SignedInClient>> = {};

beforeAll(async () => {
  kit = await startApp({ runtime: silentAgent });
  for (const who of ['acme', 'globex'] as const) people[who] = await kit.signIn(who);
  await kit.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(kit.app.server.address() as AddressInfo).port}`;
});
afterAll(() => kit.close());

async function connect(who: DemoUsername) {
  const events: RealtimeEvent[] = [];
  const socket = new WebSocket(`${base}/api/realtime?token=${people[who]!.token}`);
  socket.on('message', (data: Buffer) => events.push(JSON.parse(data.toString('utf8')) as RealtimeEvent));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
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
  return { events, waitFor, close: () => socket.close() };
}

const contactEvents = (events: RealtimeEvent[], roomId: string) =>
  events.filter((event) => event.type === 'event' && event.kind === 'contact' && event.ids.roomId === roomId);

describe('live updates of a contact', () => {
  it("tell the viewers of the contact's rooms when it is saved, renamed or deleted", async () => {
    const viewer = await connect('acme');
    const outsider = await connect('globex');
    await viewer.waitFor((event) => event.type === 'ready');
    await outsider.waitFor((event) => event.type === 'ready');
    const { room } = await textAgent(kit, { to: 'agent1', from: '+15554449001', text: 'Hello' });

    const contact = await createContact(people.acme!, { name: 'Dana Reyes', phoneNumber: '+15554449001' });
    const saved = await viewer.waitFor((event) => contactEvents([event], room.roomId).length === 1);
    expect(saved).toEqual({
      type: 'event',
      kind: 'contact',
      accountId: kit.ids.agent1,
      ids: { roomId: room.roomId, contactId: contact.id },
    });

    // A new name changes what the room shows and nothing stored on the room.
    const renamed = await people.acme!.call(endpoints.saveContact, {
      body: { id: contact.id, name: 'Dana R.' },
    });
    expectStatus(renamed, 200, 'saveContact');
    await viewer.waitFor(() => contactEvents(viewer.events, room.roomId).length === 2);
    const detail = await people.acme!.get<{ room: { name: string } }>(`/api/v1/conversations/${room.roomId}`);
    expect(detail.body.room.name).toBe('Dana R.');

    const deleted = await people.acme!.call(endpoints.deleteContact, { body: { id: contact.id } });
    expectStatus(deleted, 200, 'deleteContact');
    await viewer.waitFor(() => contactEvents(viewer.events, room.roomId).length === 3);

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(outsider.events.map((event) => event.type)).toEqual(['ready']);
    viewer.close();
    outsider.close();
  });
});
