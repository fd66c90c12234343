import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactView } from '@switchboard/contract';
import { accounts, seedDemoData } from '@switchboard/db';
import { createTestApp, demoEmail, signInByEmail, type TestApp } from '@switchboard/testing';
import { appendMessage, openRoom } from '../inbox/inbox.service';
import { mergeContactData } from './contacts.service';

let t: TestApp;
const token: Record<string, string> = {};
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { SIGNIN_CODES_PER_IP: '1000' } });
  await seedDemoData(t.db);
  for (const who of ['acme', 'globex', 'agent1']) {
    token[who] = (await signInByEmail(t.app, demoEmail(who))).token;
  }
  for (const row of await t.db.select({ id: accounts.id, username: accounts.username }).from(accounts)) {
    id[row.username] = row.id;
  }
});
afterAll(() => t.close());

interface Body {
  contact: ContactView;
  contacts: ContactView[];
  totalContacts: number;
  created: boolean;
  message: string;
  rooms: { roomId: string; name: string }[];
  messages: { message: string }[];
}

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `${url}${url.includes('?') ? '&' : '?'}token=${token[who]}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe('contacts', () => {
  let contactId: number;

  it('creates a contact with a normalized number and email', async () => {
    const response = await call('POST', '/api/v2/contact', 'agent1', {
      name: 'Rosa Diaz',
      phoneNumber: '(555) 600-0001',
      email: 'Rosa@Example.com',
      data: { company: { name: 'Nine-Nine', size: 30 }, tags: ['vip'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Body>();
    expect(body.created).toBe(true);
    expect(body.contact).toMatchObject({
      accountId: id.agent1,
      name: 'Rosa Diaz',
      phoneNumber: '+15556000001',
      email: 'rosa@example.com',
      roomId: null,
    });
    contactId = body.contact.id;
  });

  it('updates when an id is present, merging nested data', async () => {
    const response = await call('POST', '/api/v2/contact', 'agent1', {
      id: contactId,
      data: { company: { size: 31 }, tags: null, note: 'prefers texts' },
    });
    const body = response.json<Body>();
    expect(body.created).toBe(false);
    expect(body.contact).toMatchObject({ name: 'Rosa Diaz', phoneNumber: '+15556000001' });
    expect(body.contact.data).toEqual({ company: { name: 'Nine-Nine', size: 31 }, note: 'prefers texts' });
  });

  it('links to the room with its number', async () => {
    const room = await openRoom(t.db, {
      accountId: id.agent1!,
      contactAddress: '+15556000001',
      channel: 'sms',
    });
    await appendMessage(t.db, {
      accountId: id.agent1!,
      roomId: room.roomId,
      conversationUuid: room.conversationUuid,
      direction: 'inbound',
      channel: 'sms',
      author: 'contact',
      text: 'Running late for the appointment',
    });
    const contact = (await call('GET', `/api/v2/contact/${contactId}`, 'agent1')).json<Body>().contact;
    expect(contact.roomId).toBe(room.roomId);
    expect(room.inbox).toBe('priority');
  });

  it('lists by name with paging and a search', async () => {
    await call('POST', '/api/v2/contact', 'agent1', { name: 'Amy Santiago', phoneNumber: '5556000002' });
    await call('POST', '/api/v2/contact', 'agent1', { email: 'gina@example.com' });
    const all = (await call('GET', '/api/v2/contact?pageSize=2', 'agent1')).json<Body>();
    expect(all.totalContacts).toBe(3);
    expect(all.contacts.map((c) => c.name)).toEqual(['Amy Santiago', null]);
    const found = (await call('GET', '/api/v2/contact?search=rosa', 'agent1')).json<Body>();
    expect(found.contacts.map((c) => c.name)).toEqual(['Rosa Diaz']);
    expect((await call('GET', '/api/v2/contact', 'globex')).json<Body>().totalContacts).toBe(0);
  });

  it('refuses contacts without a name, number or email, and numbers that are not numbers', async () => {
    const empty = await call('POST', '/api/v2/contact', 'agent1', { name: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<Body>().message).toBe('A contact needs a name, a phone number or an email address');
    const badPhone = await call('POST', '/api/v2/contact', 'agent1', { phoneNumber: 'call me' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json<Body>().message).toContain('phoneNumber');
    const badId = await call('POST', '/api/v2/contact', 'agent1', { id: 'abc' });
    expect(badId.statusCode).toBe(400);
  });

  it("keeps another tenant's contacts out of reach", async () => {
    expect((await call('GET', `/api/v2/contact/${contactId}`, 'globex')).statusCode).toBe(404);
    expect((await call('POST', '/api/v2/contact', 'globex', { id: contactId, name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', '/api/v2/contact', 'globex', { id: contactId })).statusCode).toBe(404);
    const withoutToken = await t.app.inject({ method: 'GET', url: '/api/v2/contact' });
    expect(withoutToken.statusCode).toBe(401);
  });

  it('searches contacts, conversations and messages, by prefix or anywhere', async () => {
    const plain = (await call('GET', '/api/v1/search/all?phrase=ros', 'agent1')).json<Body>();
    expect(plain.contacts.map((c) => c.name)).toEqual(['Rosa Diaz']);
    expect(plain.rooms.map((r) => r.name)).toEqual(['Rosa Diaz']);
    const byDigits = (
      await call('GET', '/api/v1/search/contacts?phrase=555 600 0002', 'agent1')
    ).json<Body>();
    expect(byDigits.contacts.map((c) => c.name)).toEqual(['Amy Santiago']);
    const inside = (await call('GET', '/api/v1/search/messages?phrase=late', 'agent1')).json<Body>();
    expect(inside.messages.map((m) => m.message)).toEqual(['Running late for the appointment']);
    const notPrefix = (await call('GET', '/api/v1/search/contacts?phrase=nine', 'agent1')).json<Body>();
    expect(notPrefix.contacts).toEqual([]);
    const enhanced = (
      await call('GET', '/api/v1/enhancedSearch/contacts?phrase=nine', 'agent1')
    ).json<Body>();
    expect(enhanced.contacts.map((c) => c.name)).toEqual(['Rosa Diaz']);
    expect((await call('GET', '/api/v1/search/everything?phrase=x', 'agent1')).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/search/all?phrase=ros', 'globex')).json<Body>().contacts).toEqual([]);
  });

  it('deletes a contact', async () => {
    expect((await call('DELETE', '/api/v2/contact', 'agent1', { id: contactId })).statusCode).toBe(200);
    expect((await call('GET', `/api/v2/contact/${contactId}`, 'agent1')).statusCode).toBe(404);
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
