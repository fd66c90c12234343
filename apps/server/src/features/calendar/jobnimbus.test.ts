import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, calendarConnections, eq } from '@switchboard/db';
import {
  startApp,
  startFakeJobNimbusServer,
  type DemoApp,
  type FakeJobNimbusServer,
  type SignedInClient,
} from '@switchboard/testing';
import { bookAppointment } from '../../runtime/tools/booking';
import { accountCalendar } from './calendar.service';

let kit: DemoApp;
let jobNimbus: FakeJobNimbusServer;
let as: Record<'acme' | 'globex' | 'agent1', SignedInClient>;

const now = () => new Date('2030-01-07T08:00:00Z'); // a Monday

beforeAll(async () => {
  jobNimbus = await startFakeJobNimbusServer();
  kit = await startApp({ env: { JOBNIMBUS_API_URL: jobNimbus.url } });
  as = await kit.signInEach('acme', 'globex', 'agent1');
  const schedule = await as.agent1.post('/api/v1/schedule', {
    timezone: 'America/New_York',
    weeklyHours: { monday: [{ start: '09:00', end: '17:00' }] },
  });
  expect(schedule.status, schedule.text).toBe(200);
});
afterAll(async () => {
  await kit.close();
  await jobNimbus.close();
});

interface Answer {
  success: boolean;
  message: string;
  valid: boolean;
  status: number | null;
  timezone: string;
  availability: { start: string; end: string }[];
  busy: { start: string; end: string; title: string }[];
  active: string;
}

describe('JobNimbus', () => {
  it('answers valid false with the status for a key JobNimbus refuses, and stores nothing', async () => {
    const refused = await as.agent1.post<Answer>('/api/jobnimbus/settings', { token: 'wrong-key' });
    expect(refused.status, refused.text).toBe(200);
    expect(refused.body).toMatchObject({ valid: false, status: 401 });
    expect(refused.body.message).toMatch(/JobNimbus refused the API key: Unauthorized \(401\)/);
    const empty = await as.agent1.post<Answer>('/api/jobnimbus/settings', { token: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('body.token');
    const team = await as.agent1.post<Answer>('/api/jobnimbus/team', { targetDate: '2030-01-07' });
    expect(team.status).toBe(404);
    expect(team.body.message).toBe('JobNimbus is not connected');
  });

  it('keeps a valid key sealed and answers the team availability of a date', async () => {
    const saved = await as.agent1.post<Answer>('/api/jobnimbus/settings', { token: jobNimbus.token });
    expect(saved.body).toMatchObject({ valid: true, status: null });
    const [row] = await kit.db
      .select()
      .from(calendarConnections)
      .where(
        and(eq(calendarConnections.accountId, kit.ids.agent1), eq(calendarConnections.provider, 'jobnimbus')),
      );
    expect(row?.sealedCredential).toMatch(/^sealed:v1:/);
    expect(row?.sealedCredential).not.toContain(jobNimbus.token);

    jobNimbus.addTask('Roof inspection', new Date('2030-01-07T15:00:00Z'), new Date('2030-01-07T16:00:00Z'));
    const team = await as.agent1.post<Answer>('/api/jobnimbus/team', { targetDate: '2030-01-07' });
    expect(team.status, team.text).toBe(200);
    expect(team.body.timezone).toBe('America/New_York');
    expect(team.body.availability).toEqual([
      { start: '2030-01-07T14:00:00.000Z', end: '2030-01-07T15:00:00.000Z' },
      { start: '2030-01-07T16:00:00.000Z', end: '2030-01-07T22:00:00.000Z' },
    ]);
    expect(team.body.busy).toEqual([
      { start: '2030-01-07T15:00:00.000Z', end: '2030-01-07T16:00:00.000Z', title: 'Roof inspection' },
    ]);
    const badDate = await as.agent1.post<Answer>('/api/jobnimbus/team', { targetDate: '2030-02-30' });
    expect(badDate.status).toBe(400);
    expect(badDate.body.message).toMatch(/^body\.targetDate: is not a date on the calendar/);
  });

  it('books a caller: a contact, a job and an appointment task on the team calendar, around its busy times', async () => {
    const book = (time: string) =>
      bookAppointment(
        accountCalendar(kit.db, { config: kit.config }),
        { durationMinutes: 60, days: [1], startTime: '09:00', endTime: '17:00', horizonDays: 30 },
        'UTC',
        now(),
        {
          accountId: kit.ids.agent1,
          organizationId: null,
          date: '2030-01-07',
          time,
          name: 'Pat Roofer',
          purpose: 'Roof estimate',
          contactAddress: '+15557770002',
          conversationUuid: null,
        },
      );
    const taken = await book('10:00');
    expect(taken).toMatchObject({ ok: false, retry: 'time' });
    const booked = await book('13:00');
    expect(booked.ok, booked.ok ? '' : booked.message).toBe(true);
    expect(jobNimbus.contacts).toMatchObject([{ display_name: 'Pat Roofer', mobile_phone: '+15557770002' }]);
    const contact = jobNimbus.contacts[0];
    expect(jobNimbus.jobs).toMatchObject([
      { name: 'Roof estimate: Pat Roofer', primary: { id: contact?.jnid } },
    ]);
    expect(jobNimbus.tasks.at(-1)).toMatchObject({
      title: 'Roof estimate: Pat Roofer (+15557770002)',
      date_start: Date.parse('2030-01-07T18:00:00Z') / 1000,
      // The account's schedule sets the length (30 minutes by default), not the agent's own rules.
      date_end: Date.parse('2030-01-07T18:30:00Z') / 1000,
      related: [{ id: jobNimbus.jobs[0]?.jnid }],
    });
    const state = await as.agent1.get<Answer>('/api/v1/calendar/connections');
    expect(state.body.active).toBe('jobnimbus');
  });

  it("is each account's own: another tenant cannot read the team or change the key", async () => {
    const team = await as.globex.post<Answer>(`/api/jobnimbus/team?targetAccountId=${kit.ids.agent1}`, {
      targetDate: '2030-01-07',
    });
    expect([403, 404]).toContain(team.status);
    const settings = await as.globex.post<Answer>(
      `/api/jobnimbus/settings?targetAccountId=${kit.ids.agent1}`,
      {
        token: 'x',
      },
    );
    expect([403, 404]).toContain(settings.status);
    const own = await as.acme.post<Answer>(`/api/jobnimbus/team?targetAccountId=${kit.ids.agent1}`, {
      targetDate: '2030-01-07',
    });
    expect(own.status, own.text).toBe(200);
  });

  it('shows its state and last error among the connections, and disconnects only for its own account', async () => {
    interface Connections {
      active: string;
      jobnimbus: { connected: boolean; state: string; sandbox: boolean; lastError: string | null };
    }
    const state = await as.agent1.get<Connections>('/api/v1/calendar/connections');
    expect(state.body.jobnimbus).toEqual({
      connected: true,
      state: 'connected',
      sandbox: false,
      lastError: null,
    });

    // A key JobNimbus stops taking: the team read marks the connection revoked with JobNimbus's reason.
    jobNimbus.revokeToken();
    const refused = await as.agent1.post<Answer>('/api/jobnimbus/team', { targetDate: '2030-01-07' });
    expect(refused.status).toBe(503);
    const revoked = await as.agent1.get<Connections>('/api/v1/calendar/connections');
    expect(revoked.body.jobnimbus).toMatchObject({ connected: true, state: 'revoked' });
    expect(revoked.body.jobnimbus.lastError).toMatch(/401/);

    const sibling = await as.globex.delete(`/api/jobnimbus/settings?targetAccountId=${kit.ids.agent1}`);
    expect(sibling.status, sibling.text).toBe(403);
    const stillThere = await as.agent1.get<Connections>('/api/v1/calendar/connections');
    expect(stillThere.body.jobnimbus.connected).toBe(true);

    const gone = await as.acme.delete(`/api/jobnimbus/settings?targetAccountId=${kit.ids.agent1}`);
    expect(gone.status, gone.text).toBe(200);
    const after = await as.agent1.get<Connections>('/api/v1/calendar/connections');
    expect(after.body.jobnimbus).toEqual({
      connected: false,
      state: 'disconnected',
      sandbox: false,
      lastError: null,
    });
    expect(after.body.active).toBe('sandbox');
    const again = await as.agent1.delete<Answer>('/api/jobnimbus/settings');
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('JobNimbus is not connected');
  });
});
