import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoNotCallEntryView, TaskView } from '@switchboard/contract';
import { accounts, doNotCall, eq, phoneCalls } from '@switchboard/db';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { effectsFor } from '../../jobs/effects.repo';
import { recordCallStatus } from '../telephony/voice-calls.service';
import { dialerDeps } from './dialer.jobs';
import { placeTaskJob, type DialerDeps } from './dialer.service';
import { settleEndedCalls } from './task-outcomes';
import { findTaskRow } from './tasks.repo';

let kit: DemoApp;
let people: Record<'acme' | 'agent1' | 'globex' | 'partner', SignedInClient>;
let deps: DialerDeps;
const clock = new Date(Date.now() + 60_000);

beforeAll(async () => {
  kit = await startApp();
  people = await kit.signInEach('acme', 'agent1', 'globex', 'partner');
  await kit.db
    .update(accounts)
    .set({ vidaPhoneNumber: '+15550100001' })
    .where(eq(accounts.id, kit.ids.agent1));
  deps = { ...dialerDeps(kit.services), now: () => clock };
});
afterAll(() => kit.close());

type ListAnswer = { entries: DoNotCallEntryView[]; total: number; message: string };
type AddAnswer = { added: DoNotCallEntryView[]; alreadyListed: string[]; message: string };

const listOf = (
  client: SignedInClient,
  { targetAccountId, ...query }: Record<string, string | number> = {},
) =>
  client.get<ListAnswer>('/api/v2/tasks/do-not-call', {
    query,
    ...(targetAccountId === undefined ? {} : { targetAccountId: Number(targetAccountId) }),
  });

describe('the do-not-call list', () => {
  it('adds numbers in E.164 with a reason, keeps a number listed once, and pages newest first', async () => {
    const added = await people.acme.post<AddAnswer>('/api/v2/tasks/do-not-call', {
      numbers: ['(415) 555-0171', '415.555.0172', '+1 415 555 0171', '14155550173'],
      reason: '  Asked not to be called  ',
    });
    expect(added.status, added.text).toBe(200);
    expect(added.body.added.map((entry) => entry.phoneNumber).sort()).toEqual([
      '+14155550171',
      '+14155550172',
      '+14155550173',
    ]);
    expect(added.body.added[0]).toMatchObject({
      organizationId: kit.ids.acme,
      reason: 'Asked not to be called',
    });
    expect(added.body.alreadyListed).toEqual([]);

    const again = await people.acme.post<AddAnswer>('/api/v2/tasks/do-not-call', {
      numbers: ['4155550172', '4155550174'],
    });
    expect(again.body.added.map((entry) => entry.phoneNumber)).toEqual(['+14155550174']);
    expect(again.body.added[0]?.reason).toBeNull();
    expect(again.body.alreadyListed).toEqual(['+14155550172']);

    const first = await listOf(people.acme, { limit: 3 });
    expect(first.status, first.text).toBe(200);
    expect(first.body.total).toBe(4);
    expect(first.body.entries[0]?.phoneNumber).toBe('+14155550174');
    const rest = await listOf(people.acme, { limit: 3, offset: 3 });
    expect(rest.body.entries).toHaveLength(1);
    const found = await listOf(people.acme, { search: '(415) 555-0173' });
    expect(found.body.entries.map((entry) => entry.phoneNumber)).toEqual(['+14155550173']);
  });

  it('refuses a request with a number that is not one, naming it, and adds none of the others', async () => {
    const refused = await people.acme.post<AddAnswer>('/api/v2/tasks/do-not-call', {
      numbers: ['4155550181', 'call me maybe', '4155550182'],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('numbers[1]: "call me maybe" is not a phone number');
    const short = await people.acme.post<AddAnswer>('/api/v2/tasks/do-not-call', { numbers: ['555-0182'] });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/^numbers\[0\]: "555-0182" is not a 10-digit North American number/);
    const empty = await people.acme.post<AddAnswer>('/api/v2/tasks/do-not-call', { numbers: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/numbers/);
    const listed = await kit.db.select().from(doNotCall).where(eq(doNotCall.phoneNumber, '+14155550181'));
    expect(listed).toEqual([]);
  });

  it("is the organization's list for its agent accounts, and needs an organization to act for", async () => {
    const fromAgent = await listOf(people.agent1);
    expect(fromAgent.status, fromAgent.text).toBe(200);
    expect(fromAgent.body.total).toBe(4);
    const partner = await listOf(people.partner);
    expect(partner.status).toBe(400);
    expect(partner.body.message).toMatch(/^targetAccountId: the do-not-call list belongs to an organization/);
    const actingForAcme = await listOf(people.partner, { targetAccountId: kit.ids.acme });
    expect(actingForAcme.body.total).toBe(4);
  });

  it("keeps another tenant out: no reading, adding to or deleting from another organization's list", async () => {
    const entry = (await listOf(people.acme)).body.entries[0];
    if (!entry) throw new Error('acme has no entry');
    const read = await listOf(people.globex, { targetAccountId: kit.ids.acme });
    expect(read.status).toBe(403);
    const add = await people.globex.post(
      '/api/v2/tasks/do-not-call',
      { numbers: ['4155550190'] },
      {
        targetAccountId: kit.ids.acme,
      },
    );
    expect(add.status).toBe(403);
    const removed = await people.globex.delete(`/api/v2/tasks/do-not-call/${String(entry.id)}`);
    expect([403, 404]).toContain(removed.status);
    expect((await listOf(people.globex)).body.total).toBe(0);
    expect((await listOf(people.acme)).body.total).toBe(4);
  });

  it('takes a number off the list (404 once it is gone)', async () => {
    const entry = (await listOf(people.acme, { search: '0174' })).body.entries[0];
    if (!entry) throw new Error('no entry for 0174');
    const removed = await people.acme.delete<{ entry: DoNotCallEntryView }>(
      `/api/v2/tasks/do-not-call/${String(entry.id)}`,
    );
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.entry.phoneNumber).toBe('+14155550174');
    const again = await people.acme.delete(`/api/v2/tasks/do-not-call/${String(entry.id)}`);
    expect(again.status).toBe(404);
    expect((await listOf(people.acme)).body.total).toBe(3);
  });

  it('stops the dialer: a task to a listed number ends errored without a call', async () => {
    await people.acme.post('/api/v2/tasks/do-not-call', { numbers: ['4155550191'] });
    const created = await people.acme.post<{ task: TaskView }>('/api/v2/tasks', {
      type: 'call',
      target: '(415) 555-0191',
      accountId: kit.ids.agent1,
    });
    expect(created.status, created.text).toBe(200);
    const id = randomUUID();
    expect(
      await placeTaskJob(deps, created.body.task.id, { effects: effectsFor(kit.db, id, `${id}:1`) }),
    ).toBe('skipped');
    const row = await findTaskRow(kit.db, created.body.task.id);
    expect(row).toMatchObject({ state: 'errored', outcome: 'do-not-call', attempts: [] });
    expect(row?.errorReason).toBe("+14155550191 is on the organization's do-not-call list");
  });
});

describe('the retry policy', () => {
  const save = (client: SignedInClient, body: Record<string, unknown>, targetAccountId?: number) =>
    client.post<{ limits: { retryPolicy: unknown }; own: { retryPolicy: unknown }; message: string }>(
      '/api/v2/tasks/limits',
      body,
      targetAccountId === undefined ? {} : { targetAccountId },
    );

  it('is set per account and narrows down the tree: fewer tries, longer delays, fewer outcomes', async () => {
    const org = await save(people.acme, {
      retryPolicy: { maxAttempts: 2, retryDelaysSeconds: [120], retryOn: ['no-answer', 'voicemail'] },
    });
    expect(org.status, org.text).toBe(200);
    expect(org.body.limits.retryPolicy).toEqual({
      maxAttempts: 2,
      retryDelaysSeconds: [120],
      retryOn: ['no-answer', 'voicemail'],
    });
    const agent = await people.agent1.get<{ limits: { retryPolicy: unknown } }>('/api/v2/tasks/limits');
    expect(agent.body.limits.retryPolicy).toEqual(org.body.limits.retryPolicy);

    const more = await save(people.agent1, { retryPolicy: { maxAttempts: 4 } });
    expect(more.status).toBe(400);
    expect(more.body.message).toBe(
      'retryPolicy.maxAttempts: 4 tries is more than the 2 inherited from Acme Dental',
    );
    const sooner = await save(people.agent1, { retryPolicy: { retryDelaysSeconds: [300, 60] } });
    expect(sooner.status).toBe(400);
    expect(sooner.body.message).toBe(
      'retryPolicy.retryDelaysSeconds[1]: 60 s before try 3 is shorter than the 120 s inherited from Acme Dental',
    );
    const busy = await save(people.agent1, { retryPolicy: { retryOn: ['busy', 'no-answer'] } });
    expect(busy.status).toBe(400);
    expect(busy.body.message).toBe(
      'retryPolicy.retryOn: "busy" is not retried by Acme Dental, so it cannot be retried here',
    );
    const bad = await save(people.agent1, { retryPolicy: { retryOn: ['later'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/retryPolicy\.retryOn/);

    const narrower = await save(people.agent1, {
      retryPolicy: { retryDelaysSeconds: [600], retryOn: ['no-answer'] },
    });
    expect(narrower.status, narrower.text).toBe(200);
    expect(narrower.body.limits.retryPolicy).toEqual({
      maxAttempts: 2,
      retryDelaysSeconds: [600],
      retryOn: ['no-answer'],
    });
    const cleared = await save(people.agent1, { retryPolicy: null });
    expect(cleared.body.own.retryPolicy).toBeNull();
  });

  it('drives the dialer: an outcome the policy retries comes back after its delay, others end the task', async () => {
    const call = async (target: string) => {
      const created = await people.acme.post<{ task: TaskView }>('/api/v2/tasks', {
        type: 'call',
        target,
        accountId: kit.ids.agent1,
      });
      expect(created.status, created.text).toBe(200);
      const id = randomUUID();
      const taskId = created.body.task.id;
      expect(await placeTaskJob(deps, taskId, { effects: effectsFor(kit.db, id, `${id}:1`) })).toBe('placed');
      return taskId;
    };
    const end = async (taskId: number, status: string) => {
      const callId = (await findTaskRow(kit.db, taskId))?.callId ?? '';
      // The sandbox network reports the call ringing first; the end is reported after it, as a carrier would.
      await expect
        .poll(async () => {
          const [row] = await kit.db.select().from(phoneCalls).where(eq(phoneCalls.callId, callId));
          return row?.status;
        })
        .toBe('ringing');
      await recordCallStatus(
        { db: kit.db, telephony: kit.services.telephony, publicUrl: 'http://localhost' },
        'sandbox',
        {
          CallSid: callId,
          CallStatus: status,
        },
      );
      await settleEndedCalls(deps);
      return findTaskRow(kit.db, taskId);
    };
    // The organization retries no-answer and voicemail, twice in all, two minutes apart.
    const unanswered = await end(await call('4152020101'), 'no-answer');
    expect(unanswered).toMatchObject({ state: 'pending', outcome: null });
    expect(unanswered?.scheduledFor.getTime()).toBe(clock.getTime() + 120_000);
    expect(unanswered?.waitingDetail).toMatch(/^Try 2 of 2 at /);
    const busy = await end(await call('4152020102'), 'busy');
    expect(busy).toMatchObject({ state: 'finished', outcome: 'busy' });
    expect(busy?.attempts).toHaveLength(1);
  });
});
