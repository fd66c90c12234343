import { randomUUID } from 'node:crypto';
import { endpoints } from '@switchboard/contract';
import { conversationLogs, eq, users } from '@switchboard/db';
import { demoEmail, startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedConversation, openSession } from '../../runtime/session-client.test-support';
import { writeConversationLog, type ConversationLogEntry } from './logs.service';

// The log fields a person reads: names instead of addresses and ids, the outcome and a summary.

let t: DemoApp;
let as: Record<'acme' | 'globex' | 'agent1', SignedInClient>;
let testChat = '';
const caller = '+15557770142';
const stranger = '+15557770199';

function entry(overrides: Partial<ConversationLogEntry>): ConversationLogEntry {
  return {
    uuid: randomUUID(),
    accountId: t.ids.agent1,
    agentId: t.ids.agent1,
    timestamp: new Date(Date.now() - 60_000),
    duration: 42,
    toNumber: '+15550100001',
    direction: 'inbound',
    channel: 'phone',
    isTest: false,
    appointmentBooked: false,
    collectedData: {},
    greetingLatencyMs: 400,
    turnLatenciesMs: [],
    usage: {},
    ...overrides,
  };
}

interface LogsPage {
  logs: Record<string, unknown>[];
  fields: string[];
}

const logsOf = async (who: SignedInClient, query: Record<string, string> = {}) => {
  // The window ends a minute ahead: what was logged in the current second is in it.
  const end = String(Math.floor(Date.now() / 1000) + 60);
  const response = await who.get<LogsPage>('/api/v2/logs', { query: { pageSize: '100', end, ...query } });
  expect(response.status, response.text).toBe(200);
  return response.body;
};
const rowOf = (page: LogsPage, uuid: string) => page.logs.find((row) => row.uuid === uuid);

beforeAll(async () => {
  t = await startApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.db.delete(conversationLogs);
  as = await t.signInEach('acme', 'globex', 'agent1');
  await t.db
    .update(users)
    .set({ name: 'Dana Lee' })
    .where(eq(users.email, demoEmail('acme')));

  const saved = await as.acme.call(endpoints.saveContact, {
    body: { name: 'Pat Smith', phoneNumber: caller },
  });
  expect(saved.status, saved.text).toBe(200);
});
afterAll(async () => t.close());

describe('log fields a person reads', () => {
  it('logs a test chat of a signed-in person from the editor', async () => {
    const session = await openSession(t, as.acme.token);
    session.send({ type: 'start', agentAccountId: t.ids.agent1, mode: 'chat', config: 'staging' });
    const ready = await session.next('ready');
    await session.next('agent-text');
    session.send({ type: 'text', text: 'What are your opening hours?' });
    await session.next('agent-text', (message) => message.text.includes('Monday'));
    session.send({ type: 'end' });
    await session.next('ended');
    testChat = ready.conversationUuid;
    expect(await loggedConversation(t, testChat)).toMatchObject({ isTest: true, fromNumber: null });
  });

  it('shows the default columns a person reads, ids only when chosen', async () => {
    const page = await logsOf(as.acme);
    expect(page.fields).toEqual(['timestamp', 'contact', 'from', 'to', 'duration', 'outcome', 'summary']);
    expect(Object.keys(page.logs[0] ?? {})).not.toContain('accountId');
    const chosen = await logsOf(as.acme, { fields: 'accountId,agentId,roomId,fromNumber' });
    expect(chosen.fields).toEqual(['accountId', 'agentId', 'roomId', 'fromNumber']);
    expect(rowOf(chosen, testChat)).toMatchObject({ accountId: t.ids.agent1, agentId: t.ids.agent1 });
  });

  it("names a signed-in person's test chat by the person and the agent, never by an address", async () => {
    const row = rowOf(await logsOf(as.acme), testChat);
    expect(row).toMatchObject({
      contact: 'Test chat by Dana Lee',
      from: 'Dana Lee',
      to: 'Acme Front Desk',
      outcome: 'Caller left',
      summary: 'What are your opening hours?',
    });
    expect(JSON.stringify(row)).not.toContain('web-user');
  });

  it("shows a phone caller's contact name when it is known, else the number", async () => {
    const known = entry({ fromNumber: caller, transfer: '+15550109999' });
    const unknown = entry({
      fromNumber: stranger,
      endedReason: 'caller',
      collectedData: { summary: 'Asked about a refund for the March visit.' },
    });
    const outbound = entry({
      direction: 'outbound',
      fromNumber: '+15550100001',
      toNumber: caller,
      appointmentBooked: true,
    });
    for (const each of [known, unknown, outbound]) await writeConversationLog(t.db, each);
    const page = await logsOf(as.acme);
    expect(rowOf(page, known.uuid)).toMatchObject({
      contact: 'Pat Smith',
      from: caller,
      to: 'Acme Front Desk',
      outcome: 'Transferred to +15550109999',
    });
    expect(rowOf(page, unknown.uuid)).toMatchObject({
      contact: stranger,
      outcome: 'Caller hung up',
      summary: 'Asked about a refund for the March visit.',
    });
    expect(rowOf(page, outbound.uuid)).toMatchObject({
      contact: 'Pat Smith',
      from: 'Acme Front Desk',
      to: caller,
      outcome: 'Appointment booked',
    });
    // The readable fields filter like any other, and go into the CSV.
    const filtered = await logsOf(as.acme, { 'contact[contains]': 'smith', fields: 'uuid' });
    expect(filtered.logs.map((each) => each.uuid).sort()).toEqual([known.uuid, outbound.uuid].sort());
    const end = String(Math.floor(Date.now() / 1000) + 60);
    const csv = await as.acme.get('/api/v2/logs', {
      query: { format: 'csv', fields: 'contact,from,to', end },
    });
    expect(csv.text.split('\n')[0]).toBe('contact,from,to');
    expect(csv.text).toContain('"Test chat by Dana Lee","Dana Lee","Acme Front Desk"');
  });

  it("shows a sibling tenant none of another's logs or names", async () => {
    const page = await logsOf(as.globex, { fields: 'uuid,contact,from,to' });
    expect(page.logs.map((row) => row.uuid)).not.toContain(testChat);
    expect(JSON.stringify(page.logs)).not.toMatch(/Dana Lee|Pat Smith/);
    const filtered = await logsOf(as.globex, { 'contact[contains]': 'Dana' });
    expect(filtered.logs).toEqual([]);
    const csv = await as.globex.get('/api/v2/logs', { query: { format: 'csv', fields: 'contact' } });
    expect(csv.text).not.toMatch(/Dana Lee|Pat Smith/);
  });

  it("gives an agent account its own conversations' names", async () => {
    const row = rowOf(await logsOf(as.agent1), testChat);
    expect(row).toMatchObject({ contact: 'Test chat by Dana Lee', to: 'Acme Front Desk' });
  });
});
