import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactView } from '@switchboard/contract';
import { startApp, textAgent, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { mergeContactData } from './contacts.service';

let kit: DemoApp;
let agent1: SignedInClient;
let globex: SignedInClient;

beforeAll(async () => {
  kit = await startApp();
  agent1 = await kit.signIn('agent1');
  globex = await kit.signIn('globex');
});
afterAll(() => kit.close());

interface Body {
  contact: ContactView;
  contacts: ContactView[];
  totalContacts: number;
  created: boolean;
  message: string;
  rooms: { roomId: string; name: string }[];
  messages: { message: string }[];
}

describe('contacts', () => {
  let contactId: number;

  it('creates a contact with a normalized number and email', async () => {
    const response = await agent1.post<Body>('/api/v2/contact', {
      name: 'Rosa Diaz',
      phoneNumber: '(555) 600-0001',
      email: 'Rosa@Example.com',
      data: { company: { name: 'Nine-Nine', size: 30 }, tags: ['vip'] },
    });
    expect(response.status, response.text).toBe(200);
    const body = response.body;
    expect(body.created).toBe(true);
    expect(body.contact).toMatchObject({
      accountId: kit.ids.agent1,
      name: 'Rosa Diaz',
      phoneNumber: '+15556000001',
      email: 'rosa@example.com',
      roomId: null,
    });
    contactId = body.contact.id;
  });

  it('updates when an id is present, merging nested data', async () => {
    const response = await agent1.post<Body>('/api/v2/contact', {
      id: contactId,
      data: { company: { size: 31 }, tags: null, note: 'prefers texts' },
    });
    const body = response.body;
    expect(body.created).toBe(false);
    expect(body.contact).toMatchObject({ name: 'Rosa Diaz', phoneNumber: '+15556000001' });
    expect(body.contact.data).toEqual({ company: { name: 'Nine-Nine', size: 31 }, note: 'prefers texts' });
  });

  it('links to the room with its number', async () => {
    const { room } = await textAgent(
      kit,
      { to: 'agent1', from: '+15556000001', text: 'Running late for the appointment' },
      { waitForReply: true },
    );
    const contact = (await agent1.get<Body>(`/api/v2/contact/${contactId}`)).body.contact;
    expect(contact.roomId).toBe(room.roomId);
    expect(room.inbox).toBe('priority');
  });

  it('lists by name with paging and a search', async () => {
    await agent1.post('/api/v2/contact', { name: 'Amy Santiago', phoneNumber: '5556000002' });
    await agent1.post('/api/v2/contact', { email: 'gina@example.com' });
    const all = (await agent1.get<Body>('/api/v2/contact?pageSize=2')).body;
    expect(all.totalContacts).toBe(3);
    expect(all.contacts.map((c) => c.name)).toEqual(['Amy Santiago', null]);
    const found = (await agent1.get<Body>('/api/v2/contact?search=rosa')).body;
    expect(found.contacts.map((c) => c.name)).toEqual(['Rosa Diaz']);
    expect((await globex.get<Body>('/api/v2/contact')).body.totalContacts).toBe(0);
  });

  it('refuses contacts without a name, number or email, and numbers that are not numbers', async () => {
    const empty = await agent1.post<Body>('/api/v2/contact', { name: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('A contact needs a name, a phone number or an email address');
    const badPhone = await agent1.post<Body>('/api/v2/contact', { phoneNumber: 'call me' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toContain('phoneNumber');
    const badId = await agent1.post<Body>('/api/v2/contact', { id: 'abc' });
    expect(badId.status).toBe(400);
  });

  it("keeps another tenant's contacts out of reach", async () => {
    expect((await globex.get<Body>(`/api/v2/contact/${contactId}`)).status).toBe(404);
    expect((await globex.post<Body>('/api/v2/contact', { id: contactId, name: 'x' })).status).toBe(404);
    expect((await globex.delete<Body>('/api/v2/contact', { id: contactId })).status).toBe(404);
    const withoutToken = await kit.client().get('/api/v2/contact');
    expect(withoutToken.status).toBe(401);
  });

  it('searches contacts, conversations and messages, by prefix or anywhere', async () => {
    const plain = (await agent1.get<Body>('/api/v1/search/all?phrase=ros')).body;
    expect(plain.contacts.map((c) => c.name)).toEqual(['Rosa Diaz']);
    expect(plain.rooms.map((r) => r.name)).toEqual(['Rosa Diaz']);
    const byDigits = (await agent1.get<Body>('/api/v1/search/contacts?phrase=555 600 0002')).body;
    expect(byDigits.contacts.map((c) => c.name)).toEqual(['Amy Santiago']);
    const inside = (await agent1.get<Body>('/api/v1/search/messages?phrase=late')).body;
    expect(inside.messages.map((m) => m.message)).toEqual(['Running late for the appointment']);
    const notPrefix = (await agent1.get<Body>('/api/v1/search/contacts?phrase=nine')).body;
    expect(notPrefix.contacts).toEqual([]);
    const enhanced = (await agent1.get<Body>('/api/v1/enhancedSearch/contacts?phrase=nine')).body;
    expect(enhanced.contacts.map((c) => c.name)).toEqual(['Rosa Diaz']);
    expect((await agent1.get<Body>('/api/v1/search/everything?phrase=x')).status).toBe(400);
    expect((await globex.get<Body>('/api/v1/search/all?phrase=ros')).body.contacts).toEqual([]);
  });

  it('deletes a contact', async () => {
    expect((await agent1.delete<Body>('/api/v2/contact', { id: contactId })).status).toBe(200);
    expect((await agent1.get<Body>(`/api/v2/contact/${contactId}`)).status).toBe(404);
  });
});

describe('mergeContactData', () => {
  it('merges objects key by key, removes null keys and replaces the rest', () => {
    expect(mergeContactData({ a: { b: 1, c: 2 }, d: [1], e: 'x' }, { a: { c: 3 }, d: [2], e: null })).toEqual(
      {
        a: { b: 1, c: 3 },
        d: [2],
      },
    );
  });
});
