import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentConfigSchema } from '@switchboard/contract';
import { appointments, eq } from '@switchboard/db';
import {
  captureLogs,
  silentAgent,
  startApp,
  startFakeCalendlyServer,
  startFakeGoogleCalendarServer,
  textAgent,
  type DemoApp,
  type FakeCalendlyServer,
  type FakeGoogleCalendarServer,
  type SignedInClient,
} from '@switchboard/testing';
import { createLogger } from '../../platform/logger';
import { documentKnowledgeSearch } from '../../runtime/knowledge/document-search';
import { newToolState, type ToolEnvironment } from '../../runtime/tools/environment';
import { runTool } from '../../runtime/tools/toolbox';
import { accountCalendar } from './calendar.service';

// Agents booking through the toolbox into a connected calendar, against the vendors' wire-level fakes.

let kit: DemoApp;
let google: FakeGoogleCalendarServer;
let calendly: FakeCalendlyServer;
let as: Record<'agent1' | 'agent2', SignedInClient>;
const logs = captureLogs();
const logger = createLogger({ level: 'info' }, logs.stream);

const now = () => new Date('2030-01-07T08:00:00Z'); // a Monday
const caller = '+15557770123';

interface Connections {
  google: { state: string; lastError: string | null };
  calendly: { state: string; lastError: string | null };
}

beforeAll(async () => {
  google = await startFakeGoogleCalendarServer();
  calendly = await startFakeCalendlyServer({ now });
  kit = await startApp({
    runtime: silentAgent,
    env: {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_API_URL: google.url,
      GOOGLE_OAUTH_URL: google.url,
      CALENDLY_API_URL: calendly.url,
    },
  });
  as = await kit.signInEach('agent1', 'agent2');
  // agent1 books into Google Calendar (its primary calendar is the main one); agent2 into Calendly.
  const started = await as.agent1.post<{ url: string }>('/api/v1/google/connect', {});
  const state = new URL(started.body.url).searchParams.get('state') ?? '';
  const done = await as.agent1.post('/api/v1/google/oauth/complete', { code: google.issueCode(), state });
  expect(done.status, done.text).toBe(200);
  const connected = await as.agent2.post('/api/v2/calendly', { userPAT: calendly.token });
  expect(connected.status, connected.text).toBe(200);
});
afterAll(async () => {
  await kit.close();
  await google.close();
  await calendly.close();
});

/** The agent's tool environment in a conversation; no account schedule, so the agent's own zone and rules. */
function environment(
  accountId: number,
  conversation: { uuid: string; roomId: string; contactAddress: string; channel: 'sms' | 'chat' },
): ToolEnvironment {
  return {
    config: agentConfigSchema.parse({
      timezone: 'America/Denver',
      actions: [{ name: 'book_appointment', booking: { durationMinutes: 30, days: [1, 2, 3, 4, 5] } }],
    }),
    agent: { accountId, organizationId: null, name: 'Acme Roofing', phoneNumber: '+15550100001' },
    conversation: {
      ...conversation,
      contactPhone: conversation.contactAddress.startsWith('+') ? conversation.contactAddress : null,
      isTest: false,
    },
    documents: [],
    knowledge: documentKnowledgeSearch,
    calendar: accountCalendar(kit.db, { config: kit.config, logger }),
    sms: { name: 'memory', sandbox: false, send: () => Promise.resolve() },
    recordOutgoingSms: () => Promise.resolve(),
    flagForPerson: () => Promise.resolve(),
    now,
    logger,
  };
}

function book(env: ToolEnvironment, time: string) {
  const state = newToolState();
  const args = { date: '2030-01-07', time, name: 'Dana Reyes', purpose: 'Roof estimate' };
  return runTool(env, state, {
    id: `call-${time}`,
    name: 'book_appointment',
    arguments: args,
    rawArguments: JSON.stringify(args),
  }).then((outcome) => ({ outcome, state }));
}

const insertsOf = (server: FakeGoogleCalendarServer) =>
  server.requests.filter(
    (request) => request.method === 'POST' && /^\/calendar\/v3\/calendars\/[^/]+\/events$/.test(request.path),
  );
const bookingsOf = (accountId: number) =>
  kit.db.select().from(appointments).where(eq(appointments.accountId, accountId));

describe('an agent booking into Google Calendar', () => {
  let conversation: { uuid: string; roomId: string; contactAddress: string; channel: 'sms' };

  beforeAll(async () => {
    const texted = await textAgent(kit, { to: 'agent1', from: caller, text: 'Can someone look at my roof?' });
    conversation = {
      uuid: texted.message.conversationUuid ?? '',
      roomId: texted.room.roomId,
      contactAddress: texted.room.contactAddress,
      channel: 'sms',
    };
    expect(conversation.uuid).not.toBe('');
  });

  it("inserts an event linking the conversation, with the caller's name, number and purpose, in the agent's zone", async () => {
    const { outcome, state } = await book(environment(kit.ids.agent1, conversation), '10:00');
    expect(outcome).toMatchObject({
      ok: true,
      message: "You're booked for Dana Reyes on Monday, January 7 at 10:00 AM.",
    });
    expect(state.appointmentBooked).toBe(true);
    const [insert, ...more] = insertsOf(google);
    expect(more).toEqual([]);
    expect(insert?.path).toBe(`/calendar/v3/calendars/${encodeURIComponent('dana@clinic.example')}/events`);
    const roomLink = `${kit.config.publicUrl}/app/agent/${kit.ids.agent1}/inbox?active=${encodeURIComponent(conversation.roomId)}`;
    expect(insert?.body).toEqual({
      summary: 'Roof estimate: Dana Reyes',
      description: [
        'Booked by a Switchboard agent for Dana Reyes.',
        `Contact: ${caller}`,
        'Purpose: Roof estimate',
        `Conversation: ${roomLink}`,
      ].join('\n'),
      // 10:00 in Denver (MST, UTC-7).
      start: { dateTime: '2030-01-07T17:00:00.000Z', timeZone: 'America/Denver' },
      end: { dateTime: '2030-01-07T17:30:00.000Z', timeZone: 'America/Denver' },
    });
    const [row] = await bookingsOf(kit.ids.agent1);
    expect(row).toMatchObject({
      status: 'booked',
      conversationUuid: conversation.uuid,
      contactAddress: caller,
    });
  });

  it('on a Google 5xx tells the caller it failed and offers a message; nothing is booked; the error shows', async () => {
    google.failWith(503, 'POST /calendar/v3/calendars/');
    try {
      const { outcome, state } = await book(environment(kit.ids.agent1, conversation), '11:00');
      expect(outcome.ok).toBe(false);
      expect(outcome.message).toMatch(/^I can't reach our booking calendar right now.*I can take a message/);
      expect(state.appointmentBooked).toBe(false);
    } finally {
      google.failWith(null);
    }
    expect(insertsOf(google)).toHaveLength(2); // the first booking's and the refused one
    expect(google.events.map((event) => event.start.dateTime)).toEqual(['2030-01-07T17:00:00.000Z']);
    expect((await bookingsOf(kit.ids.agent1)).map((row) => row.startsAt.toISOString())).toEqual([
      '2030-01-07T17:00:00.000Z',
    ]);
    const connections = await as.agent1.get<Connections>('/api/v1/calendar/connections');
    expect(connections.body.google).toMatchObject({ state: 'failing', lastError: 'Backend Error (503)' });
    expect(logs.text()).toContain('Google Calendar failed');

    // Once Google answers again, the same time books and the connection is working again.
    const again = await book(environment(kit.ids.agent1, conversation), '11:00');
    expect(again.outcome.ok, again.outcome.message).toBe(true);
    const recovered = await as.agent1.get<Connections>('/api/v1/calendar/connections');
    expect(recovered.body.google).toMatchObject({ state: 'connected', lastError: null });
  });
});

describe('an agent booking into Calendly', () => {
  it('on a Calendly 5xx tells the caller it failed and offers a message; nothing is booked; the error shows', async () => {
    const env = environment(kit.ids.agent2, {
      uuid: '0b3c5d7e-1f2a-4b6c-8d9e-0a1b2c3d4e5f',
      roomId: `${kit.ids.agent2}:chat`,
      contactAddress: 'dana@example.com',
      channel: 'chat',
    });
    calendly.failWith(500, 'POST /invitees');
    try {
      const { outcome, state } = await book(env, '09:00');
      expect(outcome.ok).toBe(false);
      expect(outcome.message).toMatch(/^I can't reach our booking calendar right now.*I can take a message/);
      expect(state.appointmentBooked).toBe(false);
    } finally {
      calendly.failWith(null);
    }
    expect(calendly.requests.filter((request) => request.path === '/invitees')).toHaveLength(1);
    expect(calendly.invitees).toEqual([]);
    expect(await bookingsOf(kit.ids.agent2)).toEqual([]);
    const connections = await as.agent2.get<Connections>('/api/v1/calendar/connections');
    expect(connections.body.calendly).toMatchObject({
      state: 'failing',
      lastError: 'Internal Server Error: Something went wrong on our side',
    });
    expect(logs.text()).toContain('Calendly booking failed');

    // Once Calendly answers again, the same time books and the connection is working again.
    const again = await book(env, '09:00');
    expect(again.outcome.ok, again.outcome.message).toBe(true);
    expect(calendly.invitees.map((invitee) => invitee.start_time)).toEqual(['2030-01-07T16:00:00.000Z']);
    const recovered = await as.agent2.get<Connections>('/api/v1/calendar/connections');
    expect(recovered.body.calendly).toMatchObject({ state: 'connected', lastError: null });
  });
});
