import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskView } from '@switchboard/contract';
import {
  accounts,
  conversationLogs,
  eq,
  messages,
  taskDialDays,
  taskDials,
  taskLimits,
  tasks as tasksTable,
} from '@switchboard/db';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import type { JobContext } from '../../jobs';
import { effectsFor } from '../../jobs/effects.repo';
import { SandboxTelephony } from '../../providers/telephony/sandbox';
import { setOptOut } from '../telephony/calls.repo';
import { recordCallStatus } from '../telephony/voice-calls.service';
import { findTaskRow } from './tasks.repo';
import { dialerDeps } from './dialer.jobs';
import { addToDoNotCallList } from './dialer.repo';
import { placeTaskJob, type DialerDeps } from './dialer.service';
import { conversationLogGraceMs, recordAnsweredBy, settleEndedCalls } from './task-outcomes';

let kit: DemoApp;
let acme: SignedInClient;
let globex: SignedInClient;
let clock: Date;
let deps: DialerDeps;
let telephony: SandboxTelephony;

const agentNumbers = { agent1: '+15550100001', agent2: '+15550100002', agent3: '+15550100003' };

beforeAll(async () => {
  kit = await startApp();
  ({ acme, globex } = await kit.signInEach('acme', 'globex'));
  for (const [username, phone] of Object.entries(agentNumbers)) {
    await kit.db.update(accounts).set({ vidaPhoneNumber: phone }).where(eq(accounts.username, username));
  }
  clock = new Date(Date.now() + 60_000);
  deps = { ...dialerDeps(kit.services), now: () => clock };
  if (!(kit.services.telephony instanceof SandboxTelephony))
    throw new Error('the kit runs the sandbox network');
  telephony = kit.services.telephony;
});
afterAll(() => kit.close());

let targets = 0;
/** A fresh number in an area code of the given zone (415: Pacific, 212: Eastern), so no cooldown is shared. */
const freshTarget = (areaCode = '415') => `+1${areaCode}201${String(1000 + (targets += 1)).padStart(4, '0')}`;

async function newTask(client: SignedInClient, body: Record<string, unknown>): Promise<TaskView> {
  const response = await client.post<{ task: TaskView }>('/api/v2/tasks', { type: 'call', ...body });
  expect(response.status, response.text).toBe(200);
  return response.body.task;
}

/** One job of a task: its own id, attempts numbered from 1 (a crash-style retry is the same job again). */
function job(id = randomUUID()) {
  let attempt = 0;
  return (): Pick<JobContext, 'effects'> => ({
    effects: effectsFor(kit.db, id, `${id}:${String((attempt += 1))}`),
  });
}

const placeRequestsTo = (target: string) =>
  telephony.callRequests.filter((request) => request.kind === 'place' && request.call.to === target);

const task = async (id: number) => {
  const row = await findTaskRow(kit.db, id);
  if (!row) throw new Error(`task ${String(id)} is gone`);
  return row;
};

async function endCall(callId: string, status: string, duration?: number) {
  await recordCallStatus({ db: kit.db, telephony, publicUrl: 'http://localhost' }, 'sandbox', {
    CallSid: callId,
    CallStatus: status,
    ...(duration === undefined ? {} : { CallDuration: String(duration) }),
  });
  return settleEndedCalls(deps);
}

async function setLimits(accountId: number, limits: Partial<typeof taskLimits.$inferInsert>) {
  await kit.db.delete(taskLimits).where(eq(taskLimits.accountId, accountId));
  await kit.db.insert(taskLimits).values({ accountId, ...limits });
}

describe('placing a due call', () => {
  it('keeps an answered call’s try open until its conversation log is written, within the grace', async () => {
    const created = await newTask(acme, { target: freshTarget(), accountId: kit.ids.agent1 });
    const realTime = { ...deps, now: () => new Date() };
    expect(await placeTaskJob(realTime, created.id, job()())).toBe('placed');
    const callId = (await task(created.id)).callId ?? '';
    await recordCallStatus({ db: kit.db, telephony, publicUrl: 'http://localhost' }, 'sandbox', {
      CallSid: callId,
      CallStatus: 'completed',
      CallDuration: '20',
    });
    // The carrier's final status came before the session wrote its log: the try waits for it.
    expect(await settleEndedCalls(realTime)).toBe(0);
    expect(await task(created.id)).toMatchObject({ state: 'running' });
    await kit.db.insert(conversationLogs).values({
      uuid: randomUUID(),
      accountId: kit.ids.agent1,
      timestamp: new Date(),
      direction: 'outbound',
      channel: 'phone',
      callId,
      roomId: 'room-written-late',
    });
    expect(await settleEndedCalls(realTime)).toBe(1);
    expect(await task(created.id)).toMatchObject({ state: 'finished', conversationId: 'room-written-late' });

    // A log that never comes (the process carrying the call died) does not hold the try past the grace.
    const orphan = await newTask(acme, { target: freshTarget(), accountId: kit.ids.agent1 });
    expect(await placeTaskJob(realTime, orphan.id, job()())).toBe('placed');
    await recordCallStatus({ db: kit.db, telephony, publicUrl: 'http://localhost' }, 'sandbox', {
      CallSid: (await task(orphan.id)).callId ?? '',
      CallStatus: 'completed',
    });
    expect(await settleEndedCalls(realTime)).toBe(0);
    const later = { ...deps, now: () => new Date(Date.now() + conversationLogGraceMs + 1_000) };
    expect(await settleEndedCalls(later)).toBe(1);
    expect(await task(orphan.id)).toMatchObject({ state: 'finished', conversationId: null });
  });

  it('places it once, through a crash-style repeat of its job, and finishes it with its conversation linked', async () => {
    const target = freshTarget();
    const created = await newTask(acme, {
      target,
      accountId: kit.ids.agent1,
      context: 'Rosa, cleaning Friday',
    });
    const attempt = job();
    expect(await placeTaskJob(deps, created.id, attempt())).toBe('placed');
    expect(await placeTaskJob(deps, created.id, attempt())).toBe('already placed');
    expect(placeRequestsTo(target)).toHaveLength(1);
    const running = await task(created.id);
    const callId = running.callId ?? '';
    expect(running).toMatchObject({ state: 'running', waitingReason: null });
    expect(running.attempts).toEqual([expect.objectContaining({ callId, endedAt: null })]);
    expect(placeRequestsTo(target)[0]).toMatchObject({
      call: { from: agentNumbers.agent1, ringSeconds: 30 },
    });

    await kit.db.insert(conversationLogs).values({
      uuid: randomUUID(),
      accountId: kit.ids.agent1,
      timestamp: clock,
      direction: 'outbound',
      channel: 'phone',
      callId,
      roomId: 'room-of-the-call',
    });
    // The answer classification of the call lands on its try.
    expect(await recordAnsweredBy(kit.db, callId, 'human')).toBe(true);
    expect(await endCall(callId, 'completed', 42)).toBeGreaterThanOrEqual(1);
    const done = await task(created.id);
    expect(done).toMatchObject({
      state: 'finished',
      outcome: 'completed',
      conversationId: 'room-of-the-call',
    });
    expect(done.attempts).toEqual([
      expect.objectContaining({
        callId,
        answeredBy: 'human',
        result: 'completed',
        durationSeconds: 42,
        conversationId: 'room-of-the-call',
      }),
    ]);
    const shown = await acme.get<{ task: TaskView }>(`/api/v2/tasks/${String(created.id)}`);
    expect(shown.body.task).toMatchObject({
      state: 'finished',
      conversationId: 'room-of-the-call',
      waitingReason: null,
    });
  });

  it('closes a try a crash cut off mid-dial as interrupted, never dials it again, and retries under the policy', async () => {
    const target = freshTarget();
    const created = await newTask(acme, { target, accountId: kit.ids.agent1 });
    const attempt = job();
    const first = attempt();
    const crashing: Pick<JobContext, 'effects'> = {
      effects: {
        ...first.effects,
        claim: async (step) => {
          await first.effects.claim(step);
          throw new Error('the process was killed');
        },
      },
    };
    await expect(placeTaskJob(deps, created.id, crashing)).rejects.toThrow('killed');
    expect(await placeTaskJob(deps, created.id, attempt())).toBe('interrupted');
    expect(placeRequestsTo(target)).toHaveLength(0);
    const after = await task(created.id);
    expect(after.state).toBe('pending');
    expect(after.attempts).toEqual([expect.objectContaining({ result: 'interrupted' })]);
    expect(after.attempts[0]?.detail).toMatch(/restart/);
    expect(after.scheduledFor.getTime()).toBe(clock.getTime() + 600_000);
  });

  it('leaves a task canceled after its job was sent alone', async () => {
    const target = freshTarget();
    const created = await newTask(acme, { target, accountId: kit.ids.agent1 });
    const canceled = await acme.post(`/api/v2/tasks/${String(created.id)}`, { state: 'canceled' });
    expect(canceled.status, canceled.text).toBe(200);
    expect(await placeTaskJob(deps, created.id, job()())).toBe('gone');
    expect(placeRequestsTo(target)).toHaveLength(0);
    expect((await task(created.id)).state).toBe('canceled');
  });
});

describe('targets that must not be reached', () => {
  it('skips an opted-out target and one on the do-not-call list, with the reason', async () => {
    const optedOut = freshTarget();
    await setOptOut(kit.db, agentNumbers.agent1, optedOut, true);
    const first = await newTask(acme, { target: optedOut, accountId: kit.ids.agent1 });
    expect(await placeTaskJob(deps, first.id, job()())).toBe('skipped');
    expect(await task(first.id)).toMatchObject({ state: 'errored', outcome: 'opted-out' });

    const listed = freshTarget();
    await addToDoNotCallList(kit.db, { organizationId: kit.ids.acme, phoneNumber: listed });
    const second = await newTask(acme, { target: listed, accountId: kit.ids.agent1 });
    expect(await placeTaskJob(deps, second.id, job()())).toBe('skipped');
    const skipped = await task(second.id);
    expect(skipped).toMatchObject({ state: 'errored', outcome: 'do-not-call', attempts: [] });
    expect(skipped.errorReason).toMatch(/do-not-call list/);
    expect(placeRequestsTo(optedOut)).toHaveLength(0);
    expect(placeRequestsTo(listed)).toHaveLength(0);

    // Another organization's list binds only its own tasks: Globex's task to the same number is placed.
    const theirs = await newTask(globex, { target: listed, accountId: kit.ids.agent3 });
    expect(await placeTaskJob(deps, theirs.id, job()())).toBe('placed');
    expect(placeRequestsTo(listed)).toHaveLength(1);
    expect((await task(second.id)).state).toBe('errored');
    expect(await endCall((await task(theirs.id)).callId ?? '', 'completed', 3)).toBe(1);
    expect((await task(theirs.id)).state).toBe('finished');
  });
});

describe('limits', () => {
  const weekdays = [1, 2, 3, 4, 5];

  it("waits outside business hours read in the contact's own zone, until they open there", async () => {
    // Created before the hours are set: a task is checked again when it comes due.
    const pacific = freshTarget('415');
    const created = await newTask(acme, { target: pacific, accountId: kit.ids.agent2 });
    await setLimits(kit.ids.agent2, {
      businessHours: { timezone: 'America/New_York', days: weekdays, start: '09:00', end: '17:00' },
    });
    try {
      // Wednesday 2 December 2026, 16:30 UTC: 11:30 in New York, 08:30 in San Francisco (PST, UTC-8).
      const wednesday = new Date('2026-12-02T16:30:00Z');
      const atWednesday = { ...deps, now: () => wednesday };
      expect(await placeTaskJob(atWednesday, created.id, job()())).toBe('waiting');
      const waiting = await task(created.id);
      expect(waiting).toMatchObject({ state: 'pending', waitingReason: 'outside-hours' });
      expect(waiting.scheduledFor.toISOString()).toBe('2026-12-02T17:00:00.000Z');
      expect(waiting.waitingDetail).toMatch(/America\/Los_Angeles/);
      const shown = await acme.get<{ task: TaskView }>(`/api/v2/tasks/${String(created.id)}`);
      expect(shown.body.task.waitingReason).toBe('outside-hours');

      // The contact's own zone, when known, wins over the area code: a New York number kept as Pacific waits too.
      const known = await newTask(acme, {
        target: freshTarget('212'),
        accountId: kit.ids.agent2,
        scheduledFor: Math.floor(new Date('2026-12-02T15:00:00Z').getTime() / 1000),
        variables: { timezone: 'America/Los_Angeles' },
      });
      expect(await placeTaskJob(atWednesday, known.id, job()())).toBe('waiting');
      expect((await task(known.id)).scheduledFor.toISOString()).toBe('2026-12-02T17:00:00.000Z');

      // Friday after hours in San Francisco: the next time is Monday 09:00 there.
      const fridayEvening = new Date('2026-12-05T02:00:00Z');
      const late = await newTask(acme, {
        target: freshTarget('415'),
        accountId: kit.ids.agent2,
        scheduledFor: Math.floor(new Date('2026-12-04T15:00:00Z').getTime() / 1000),
      });
      expect(await placeTaskJob({ ...deps, now: () => fridayEvening }, late.id, job()())).toBe('waiting');
      expect((await task(late.id)).scheduledFor.toISOString()).toBe('2026-12-07T17:00:00.000Z');

      // At that time it is placed.
      const opens = new Date('2026-12-02T17:00:00Z');
      expect(await placeTaskJob({ ...deps, now: () => opens }, created.id, job()())).toBe('placed');
      expect(placeRequestsTo(pacific)).toHaveLength(1);
    } finally {
      await kit.db.delete(taskLimits).where(eq(taskLimits.accountId, kit.ids.agent2));
    }
  });

  it('waits for the daily cap, a free line and the cooldown per target, saying which', async () => {
    const agent = kit.ids.agent3;
    // Today's count starts empty for this test (another one may have dialed for the account).
    await kit.db.delete(taskDials).where(eq(taskDials.accountId, agent));
    await kit.db.delete(taskDialDays).where(eq(taskDialDays.accountId, agent));
    await setLimits(agent, { daily: { calls: 1 } });
    const first = await newTask(globex, { target: freshTarget(), accountId: agent });
    const second = await newTask(globex, { target: freshTarget(), accountId: agent });
    expect(await placeTaskJob(deps, first.id, job()())).toBe('placed');
    expect(await placeTaskJob(deps, second.id, job()())).toBe('waiting');
    const capped = await task(second.id);
    expect(capped.waitingReason).toBe('cap-reached');
    // No business hours set: the day is UTC's, so the cap resets at the next UTC midnight.
    const midnight = new Date(clock);
    midnight.setUTCHours(24, 0, 0, 0);
    expect(capped.scheduledFor.toISOString()).toBe(midnight.toISOString());

    await setLimits(agent, { daily: { calls: 100 }, concurrencyPerRun: 1 });
    await kit.db.update(tasksTable).set({ scheduledFor: clock }).where(eq(tasksTable.id, second.id));
    expect(await placeTaskJob(deps, second.id, job()())).toBe('waiting');
    const busy = await task(second.id);
    expect(busy.waitingReason).toBe('concurrency');
    expect(busy.scheduledFor.getTime()).toBe(clock.getTime() + 30_000);
    expect(busy.waitingDetail).toMatch(/1 of 1 lines/);

    // The first call ends; the same target called by another task waits out the cooldown (a day by default).
    await endCall((await task(first.id)).callId ?? '', 'completed', 5);
    await setLimits(agent, {});
    const again = await newTask(globex, { target: first.target, accountId: agent });
    expect(await placeTaskJob(deps, again.id, job()())).toBe('waiting');
    const cooling = await task(again.id);
    expect(cooling.waitingReason).toBe('cooldown');
    expect(cooling.scheduledFor.getTime()).toBe(clock.getTime() + 86_400_000);
    expect(placeRequestsTo(first.target)).toHaveLength(1);
  });
});

describe('retries', () => {
  it('retries no-answer and busy with backoff, then finishes with the last outcome', async () => {
    const target = freshTarget();
    const created = await newTask(acme, { target, accountId: kit.ids.agent1 });
    const start = clock.getTime();
    const outcomes = ['no-answer', 'busy', 'no-answer'];
    const waits = [600_000, 1_800_000];
    let at = start;
    for (const [index, status] of outcomes.entries()) {
      const now = new Date(at);
      const stepDeps = { ...deps, now: () => now };
      expect(await placeTaskJob(stepDeps, created.id, job()())).toBe('placed');
      await recordCallStatus({ db: kit.db, telephony, publicUrl: 'http://localhost' }, 'sandbox', {
        CallSid: (await task(created.id)).callId ?? '',
        CallStatus: status,
      });
      expect(await settleEndedCalls(stepDeps)).toBeGreaterThanOrEqual(1);
      const after = await task(created.id);
      if (index < waits.length) {
        at += waits[index] ?? 0;
        expect(after).toMatchObject({ state: 'pending', callId: null });
        expect(after.scheduledFor.getTime()).toBe(at);
        expect(after.waitingDetail).toMatch(new RegExp(`Try ${String(index + 2)} of 3`));
      } else {
        expect(after).toMatchObject({ state: 'finished', outcome: 'no-answer', errorReason: null });
        expect(after.attempts.map((attempt) => attempt.result)).toEqual(outcomes);
      }
    }
    expect(placeRequestsTo(target)).toHaveLength(3);
  });
});

describe('a text task', () => {
  it("sends one text from the agent's number through the inbox's path and finishes with its room", async () => {
    const target = freshTarget();
    const created = await newTask(acme, {
      type: 'text',
      target,
      accountId: kit.ids.agent1,
      message: 'Hi {{firstName}}, your cleaning is on Friday at 10.',
      variables: { firstName: 'Rosa' },
    });
    const attempt = job();
    expect(await placeTaskJob(deps, created.id, attempt())).toBe('sent');
    expect(await placeTaskJob(deps, created.id, attempt())).toBe('gone');
    const done = await task(created.id);
    expect(done).toMatchObject({ state: 'finished', outcome: 'sent' });
    expect(done.attempts).toEqual([expect.objectContaining({ result: 'sent' })]);
    const stored = await kit.db
      .select()
      .from(messages)
      .where(eq(messages.roomId, done.conversationId ?? ''));
    expect(stored).toEqual([
      expect.objectContaining({
        author: 'agent',
        channel: 'sms',
        text: 'Hi Rosa, your cleaning is on Friday at 10.',
      }),
    ]);
    expect(stored[0]?.status).not.toBe('failed');
  });
});
