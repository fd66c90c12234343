import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRoom, startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { fakeRuntime, textAgent, type Body } from './inbox.test-support';

// Blocking from any view: the block acts in the room's agent account, whoever over it asks.

let kit: DemoApp;
const runtime = fakeRuntime(() => kit);
let acme: SignedInClient;
let globex: SignedInClient;
let reseller: SignedInClient;

beforeAll(async () => {
  kit = await startApp({ runtime: runtime.port });
  ({ acme, globex, reseller } = await kit.signInEach('acme', 'globex', 'reseller'));
});
afterAll(() => kit.close());

const blockedIn = async (accountId: number, address: string) =>
  (await findRoom(kit, accountId, address)).blocked;

describe('blocking a contact', () => {
  it("works from the organization's own view, acting in the room's agent account", async () => {
    await textAgent(kit, '+15553100001', 'Hello there');
    const blocked = await acme.post<Body>('/api/v1/block', { targetUsername: '+15553100001' });
    expect(blocked.status, blocked.text).toBe(200);
    expect(blocked.body).toMatchObject({ blocked: true, room: { accountId: kit.ids.agent1, blocked: true } });
    expect(await blockedIn(kit.ids.agent1, '+15553100001')).toBe(true);
    const room = await findRoom(kit, kit.ids.agent1, '+15553100001');
    const unblocked = await acme.post<Body>('/api/v1/block', {
      targetUsername: '+15553100001',
      roomId: room.roomId,
      blocked: false,
    });
    expect(unblocked.status, unblocked.text).toBe(200);
    expect(await blockedIn(kit.ids.agent1, '+15553100001')).toBe(false);
  });

  it('works for a reseller acting for the organization, naming the room', async () => {
    await textAgent(kit, '+15553100002', 'Hi');
    const room = await findRoom(kit, kit.ids.agent1, '+15553100002');
    const answer = await reseller
      .actingFor(kit.ids.acme)
      .post<Body>('/api/v1/block', { targetUsername: '+15553100002', roomId: room.roomId });
    expect(answer.status, answer.text).toBe(200);
    expect(await blockedIn(kit.ids.agent1, '+15553100002')).toBe(true);
  });

  it('asks for the room when several agents of the organization know the contact', async () => {
    await textAgent(kit, '+15553100003', 'To the first agent');
    await textAgent(kit, '+15553100003', 'To the second agent', 'agent2');
    const unsure = await acme.post<Body>('/api/v1/block', { targetUsername: '+15553100003' });
    expect(unsure.status).toBe(400);
    expect(unsure.body.message).toContain('body.roomId');
    const second = await findRoom(kit, kit.ids.agent2, '+15553100003');
    const chosen = await acme.post<Body>('/api/v1/block', {
      targetUsername: '+15553100003',
      roomId: second.roomId,
    });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body.room.accountId).toBe(kit.ids.agent2);
    expect(await blockedIn(kit.ids.agent2, '+15553100003')).toBe(true);
    expect(await blockedIn(kit.ids.agent1, '+15553100003')).toBe(false);
  });

  it('refuses a room that is with someone else than the address', async () => {
    await textAgent(kit, '+15553100004', 'Hi');
    const room = await findRoom(kit, kit.ids.agent1, '+15553100004');
    const mixed = await acme.post<Body>('/api/v1/block', {
      targetUsername: '+15553100009',
      roomId: room.roomId,
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toContain('body.targetUsername');
    expect(await blockedIn(kit.ids.agent1, '+15553100004')).toBe(false);
  });

  it('refuses a sibling tenant, by room and by address, changing nothing', async () => {
    await textAgent(kit, '+15553100005', 'Hi');
    const room = await findRoom(kit, kit.ids.agent1, '+15553100005');
    const byRoom = await globex.post('/api/v1/block', {
      targetUsername: '+15553100005',
      roomId: room.roomId,
    });
    expect([403, 404]).toContain(byRoom.status);
    const byAddress = await globex.post('/api/v1/block', { targetUsername: '+15553100005' });
    expect(byAddress.status).toBe(404);
    expect(await blockedIn(kit.ids.agent1, '+15553100005')).toBe(false);
  });
});
