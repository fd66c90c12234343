import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskView } from '@switchboard/contract';
import { accounts, eq } from '@switchboard/db';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import type { JobQueue } from '../../jobs';
import { effectsFor } from '../../jobs/effects.repo';
import { createLogger } from '../../platform/logger';
import { recordCallStatus } from '../telephony/voice-calls.service';
import { dialerDeps } from './dialer.jobs';
import { DialerDispatcher } from './dialer-dispatch';
import { placeTaskJob } from './dialer.service';
import { placeTask, taskJobKey } from './task-dispatch';
import { findTaskRow, insertTaskRows } from './tasks.repo';

/**
 * The dialer's event-driven dispatch with no sweep running: a task is sent the moment it is created due or its
 * time comes, and a call that ends closes its try at once.
 */

let kit: DemoApp;
let acme: SignedInClient;
let dispatcher: DialerDispatcher;
/** The jobs the dispatcher sent: the task, its singleton key, and when it was sent. */
const sent: { taskId: number; key: string | undefined; at: number }[] = [];

const jobs: Pick<JobQueue, 'sendMany'> = {
  sendMany: (job, items) => {
    expect(job.name).toBe(placeTask.name);
    for (const item of items) {
      const { taskId } = item.payload as { taskId: number };
      if (!sent.some((entry) => entry.taskId === taskId))
        sent.push({ taskId, key: item.singletonKey, at: Date.now() });
    }
    return Promise.resolve(items.length);
  },
};

const sentFor = (taskId: number) => sent.find((entry) => entry.taskId === taskId);

let targets = 0;
const freshTarget = () => `+1415202${String(1000 + (targets += 1)).padStart(4, '0')}`;

async function newTask(body: Record<string, unknown>): Promise<TaskView> {
  const response = await acme.post<{ task: TaskView }>('/api/v2/tasks', {
    type: 'call',
    target: freshTarget(),
    accountId: kit.ids.agent1,
    ...body,
  });
  expect(response.status, response.text).toBe(200);
  return response.body.task;
}

beforeAll(async () => {
  kit = await startApp();
  ({ acme } = await kit.signInEach('acme'));
  await kit.db
    .update(accounts)
    .set({ vidaPhoneNumber: '+15550100001' })
    .where(eq(accounts.username, 'agent1'));
  dispatcher = new DialerDispatcher({ db: kit.db, jobs, logger: createLogger({ level: 'silent' }) });
  await dispatcher.start();
});
afterAll(async () => {
  await dispatcher.stop();
  await kit.close();
});

describe('the dialer dispatch', () => {
  it('sends a task due now the moment it is created, under its singleton key', async () => {
    const task = await newTask({});
    await expect.poll(() => sentFor(task.id), { timeout: 5000 }).toBeDefined();
    expect(sentFor(task.id)?.key).toBe(taskJobKey(task.id));
  });

  it('sends a task scheduled ahead when its time comes, not before', async () => {
    const due = Math.ceil(Date.now() / 1000) + 2;
    const task = await newTask({ scheduledFor: due });
    await expect.poll(() => sentFor(task.id), { timeout: 10_000 }).toBeDefined();
    expect(sentFor(task.id)?.at).toBeGreaterThanOrEqual(due * 1000);
  });

  it('sends tasks written together each at its own time (only the earliest is announced)', async () => {
    const start = Date.now() + 1000;
    const written = await insertTaskRows(
      kit.db,
      [0, 400, 800].map((offset) => ({
        accountId: kit.ids.agent1,
        organizationId: kit.ids.acme,
        type: 'call' as const,
        target: freshTarget(),
        scheduledFor: new Date(start + offset),
        source: 'api' as const,
      })),
    );
    for (const row of written) {
      await expect.poll(() => sentFor(row.id), { timeout: 10_000 }).toBeDefined();
      expect(sentFor(row.id)?.at).toBeGreaterThanOrEqual(row.scheduledFor.getTime());
    }
  });

  it('closes a try the moment the carrier reports its call ended', async () => {
    const task = await newTask({});
    const jobId = randomUUID();
    const deps = dialerDeps(kit.services);
    const context = { effects: effectsFor(kit.db, jobId, `${jobId}:1`) };
    expect(await placeTaskJob(deps, task.id, context)).toBe('placed');
    const callId = (await findTaskRow(kit.db, task.id))?.callId ?? '';
    expect(callId).not.toBe('');
    await recordCallStatus(
      { db: kit.db, telephony: kit.services.telephony, publicUrl: 'http://localhost' },
      'sandbox',
      {
        CallSid: callId,
        CallStatus: 'busy',
      },
    );
    await expect
      .poll(async () => (await findTaskRow(kit.db, task.id))?.state, { timeout: 5000 })
      .not.toBe('running');
    const closed = await findTaskRow(kit.db, task.id);
    expect(closed?.attempts[0]?.result).toBe('busy');
    expect(closed?.callId).toBeNull();
  });
});
