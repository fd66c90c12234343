import { randomUUID } from 'node:crypto';
import type { TaskView } from '@switchboard/contract';
import { accounts, eq, phoneCalls, tasks as tasksTable } from '@switchboard/db';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectsFor } from '../../jobs/effects.repo';
import { SandboxTelephony } from '../../providers/telephony/sandbox';
import { dialerDeps } from './dialer.jobs';
import { placeTaskJob, type DialerDeps } from './dialer.service';
import { startSandboxCallHeartbeat } from '../telephony/sandbox-call-heartbeat';
import { closeOrphanedSandboxCalls, closeSilentCalls } from './dialer-watchdog';
import { findTaskRow } from './tasks.repo';

let kit: DemoApp;
let acme: SignedInClient;
let carrier: SandboxTelephony;
let clock: Date;
let deps: DialerDeps;

beforeAll(async () => {
  kit = await startApp();
  ({ acme } = await kit.signInEach('acme'));
  await kit.db
    .update(accounts)
    .set({ vidaPhoneNumber: '+15550100021' })
    .where(eq(accounts.id, kit.ids.agent1));
  const telephony = kit.services.telephony;
  if (!(telephony instanceof SandboxTelephony)) throw new Error('the kit runs the sandbox network');
  carrier = telephony;
  clock = new Date();
  deps = { ...dialerDeps(kit.services), now: () => clock };
});
afterAll(() => kit.close());

let targets = 0;
/** A number nobody answers: it rings (the carrier reports ringing), and the test ends before it rings out. */
const freshTarget = () => `+1415202${String(1000 + (targets += 1)).padStart(4, '0')}`;

async function placedCall(dialPolicy?: { maxAttempts: number }) {
  const created = await acme.post<{ task: TaskView }>('/api/v2/tasks', {
    type: 'call',
    target: freshTarget(),
    accountId: kit.ids.agent1,
  });
  expect(created.status, created.text).toBe(200);
  const id = created.body.task.id;
  if (dialPolicy) await kit.db.update(tasksTable).set({ dialPolicy }).where(eq(tasksTable.id, id));
  const jobId = randomUUID();
  clock = new Date();
  expect(await placeTaskJob(deps, id, { effects: effectsFor(kit.db, jobId, `${jobId}:1`) })).toBe('placed');
  const callId = (await findTaskRow(kit.db, id))?.callId ?? '';
  // The carrier's last word: ringing.
  await expect
    .poll(
      async () => (await kit.db.select().from(phoneCalls).where(eq(phoneCalls.callId, callId)))[0]?.status,
    )
    .toBe('ringing');
  return { id, callId };
}

const minutesLater = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe("the dialer's watchdog", () => {
  it('leaves a ringing call alone within the bound, then closes it as failed with the reason and retries it', async () => {
    const { id, callId } = await placedCall();
    clock = minutesLater(5);
    expect(await closeSilentCalls(deps)).toBe(0);
    expect((await findTaskRow(kit.db, id))?.state).toBe('running');

    clock = minutesLater(11);
    expect(await closeSilentCalls(deps)).toBe(1);
    const after = await findTaskRow(kit.db, id);
    // Failed is retried under the task's policy: the next try in ten minutes.
    expect(after).toMatchObject({ state: 'pending', callId: null });
    expect(after?.scheduledFor.getTime()).toBe(clock.getTime() + 600_000);
    expect(after?.attempts).toEqual([expect.objectContaining({ callId, result: 'failed' })]);
    expect(after?.attempts[0]?.detail).toMatch(
      /no final status for the call \(last: ringing, 1\d minutes ago\)/,
    );
    // The call is hung up at the carrier in case it is still up; a second run finds nothing more.
    expect(carrier.callRequests).toContainEqual({ kind: 'hangUp', callId });
    expect(await closeSilentCalls(deps)).toBe(0);
  });

  it('errors a task with no tries left, with the reason', async () => {
    const { id } = await placedCall({ maxAttempts: 1 });
    clock = minutesLater(11);
    expect(await closeSilentCalls(deps)).toBeGreaterThanOrEqual(1);
    const after = await findTaskRow(kit.db, id);
    expect(after).toMatchObject({ state: 'errored', outcome: 'failed' });
    expect(after?.errorReason).toMatch(/watchdog closed it/);
  });

  it('gives an answered call hours before it counts as silent', async () => {
    const { id, callId } = await placedCall();
    await kit.db.update(phoneCalls).set({ status: 'in-progress' }).where(eq(phoneCalls.callId, callId));
    clock = minutesLater(60);
    expect(await closeSilentCalls(deps)).toBe(0);
    clock = minutesLater(5 * 60);
    expect(await closeSilentCalls(deps)).toBe(1);
    expect((await findTaskRow(kit.db, id))?.attempts[0]?.detail).toMatch(/last: in-progress/);
  });
});

describe('sandbox calls cut off with the process that carried them', () => {
  const carriedBy = (carries: boolean, soleProcess: boolean) => ({
    ...deps,
    sandbox: { carries: () => carries, soleProcess },
  });
  const callRow = async (callId: string) =>
    (await kit.db.select().from(phoneCalls).where(eq(phoneCalls.callId, callId)))[0];

  it('leaves the calls this process carries alone', async () => {
    const { id } = await placedCall();
    expect(await closeOrphanedSandboxCalls(carriedBy(true, true))).toBe(0);
    expect((await findTaskRow(kit.db, id))?.state).toBe('running');
  });

  it('closes a call no process carries at once when the database has one process, as interrupted and retried', async () => {
    const { id, callId } = await placedCall();
    expect(await closeOrphanedSandboxCalls(carriedBy(false, true))).toBeGreaterThanOrEqual(1);
    const after = await findTaskRow(kit.db, id);
    // Interrupted is retried under the default policy; the call is recorded as ended.
    expect(after).toMatchObject({ state: 'pending', callId: null });
    expect(after?.attempts).toEqual([expect.objectContaining({ callId, result: 'interrupted' })]);
    expect(after?.attempts[0]?.detail).toMatch(
      /process carrying this sandbox call stopped .*\(last: ringing\)/,
    );
    expect((await callRow(callId))?.status).toBe('failed');
    expect(await closeOrphanedSandboxCalls(carriedBy(false, true))).toBe(0);
  });

  it('with other processes, waits until the call has gone unheard for four heartbeats', async () => {
    const { id, callId } = await placedCall({ maxAttempts: 1 });
    expect(await closeOrphanedSandboxCalls(carriedBy(false, false))).toBe(0);
    // This process no longer carries it (as if it were another's), so its heartbeat leaves the row alone.
    carrier.network.placedCalls.delete(callId);
    // Its process stopped marking it as heard from 90 s ago.
    await kit.db
      .update(phoneCalls)
      .set({ updatedAt: new Date(Date.now() - 95_000) })
      .where(eq(phoneCalls.callId, callId));
    expect(await closeOrphanedSandboxCalls(carriedBy(false, false))).toBe(1);
    expect(await findTaskRow(kit.db, id)).toMatchObject({ state: 'errored', outcome: 'interrupted' });
  });

  it('is told apart by a heartbeat: the serving process marks the calls it carries, and forgets those that ended', async () => {
    const { callId } = await placedCall();
    const longAgo = new Date(Date.now() - 600_000);
    await kit.db.update(phoneCalls).set({ updatedAt: longAgo }).where(eq(phoneCalls.callId, callId));
    const stop = startSandboxCallHeartbeat({ db: kit.db, logger: kit.services.logger }, carrier.network, 50);
    try {
      await expect
        .poll(async () => ((await callRow(callId))?.updatedAt.getTime() ?? 0) > Date.now() - 60_000)
        .toBe(true);
      await kit.db.update(phoneCalls).set({ status: 'completed' }).where(eq(phoneCalls.callId, callId));
      await expect.poll(() => carrier.network.placedCalls.has(callId)).toBe(false);
    } finally {
      await stop();
    }
  });
});
