import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TaskView } from '@switchboard/contract';
import { startApp, type ApiClient, type DemoApp, type SignedInClient } from '@switchboard/testing';
import type { JobQueue } from '../../jobs';
import { enqueueDueTasks, placeTask, taskJobKey } from './task-dispatch';

let kit: DemoApp;
let acme: SignedInClient;
let agent1: SignedInClient;
let globex: SignedInClient;

beforeAll(async () => {
  kit = await startApp();
  ({ acme, agent1, globex } = await kit.signInEach('acme', 'agent1', 'globex'));
});
afterAll(() => kit.close());

interface Answer {
  success: boolean;
  task: TaskView;
  tasks: TaskView[];
  total: number;
  byState: Record<string, number>;
  message: string;
}

const now = () => Math.floor(Date.now() / 1000);

async function newTask(client: ApiClient, body: Record<string, unknown>) {
  const response = await client.post<Answer>('/api/v2/tasks', body);
  expect(response.status, response.text).toBe(200);
  return response.body.task;
}

describe('creating tasks', () => {
  it('queues a call for an agent account with its target in E.164', async () => {
    const task = await newTask(acme, {
      type: 'call',
      target: '(415) 555-0132',
      accountId: kit.ids.agent1,
      context: 'Rosa, booked a cleaning for Friday',
      greeting: 'Hi Rosa!',
      waitToGreet: true,
      externalTaskId: 'crm-17',
      variables: { firstName: 'Rosa' },
    });
    expect(task).toMatchObject({
      type: 'call',
      state: 'pending',
      accountId: kit.ids.agent1,
      target: '+14155550132',
      context: 'Rosa, booked a cleaning for Friday',
      waitToGreet: true,
      externalTaskId: 'crm-17',
      variables: { firstName: 'Rosa' },
      attempts: [],
      outcome: null,
      conversationId: null,
      source: 'api',
    });
    expect(Math.abs(task.scheduledFor - now())).toBeLessThan(5);
  });

  it('takes the acting agent account when no accountId is given', async () => {
    const task = await newTask(agent1, {
      type: 'text',
      target: '+442071838750',
      message: 'Your order is ready',
    });
    expect(task).toMatchObject({ accountId: kit.ids.agent1, target: '+442071838750', type: 'text' });
  });

  it.each([
    [{ type: 'call', target: 'call me maybe' }, /^target: .*is not a phone number/],
    [{ type: 'call', target: '555-0132' }, /^target: .*10-digit North American/],
    [{ type: 'call', target: '(115) 555-0132' }, /^target: .*area code starting with 0 or 1/],
    [{ type: 'call', target: '+1 415 155 0132' }, /^target: .*exchange/],
    [{ type: 'text', target: '4155550132' }, /^message: a text task needs/],
    [{ type: 'call', target: '4155550132', scheduledFor: now() - 3600 }, /^scheduledFor: is in the past/],
    [{ type: 'fax', target: '4155550132' }, /type/],
  ])('refuses %j with a 400 naming the field', async (body, message) => {
    const response = await agent1.post<Answer>('/api/v2/tasks', body);
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toMatch(message);
  });

  it('needs an agent account to place the task', async () => {
    const response = await acme.post<Answer>('/api/v2/tasks', { type: 'call', target: '4155550132' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^accountId: name the agent account/);
    const organization = await acme.post<Answer>('/api/v2/tasks', {
      type: 'call',
      target: '4155550132',
      accountId: kit.ids.acme,
    });
    expect(organization.status).toBe(400);
    expect(organization.body.message).toBe(`accountId: ${kit.ids.acme} is not an agent account`);
  });

  it("refuses another tenant's agent account", async () => {
    const response = await globex.post<Answer>('/api/v2/tasks', {
      type: 'call',
      target: '4155550132',
      accountId: kit.ids.agent1,
    });
    expect(response.status).toBe(403);
  });
});

describe('listing, stats and changes', () => {
  const ids: number[] = [];

  beforeAll(async () => {
    for (let index = 0; index < 12; index += 1) {
      const task = await newTask(acme.actingFor(kit.ids.agent2), {
        type: 'call',
        target: `+1415555${String(1000 + index)}`,
        scheduledFor: now() + 3600 + index * 60,
      });
      ids.push(task.id);
    }
  });

  it('pages 10 at a time, sorted and counted, across the agent accounts of an organization', async () => {
    const first = await acme.call(endpoints.listTasks, { query: { sort: 'scheduledFor', order: 'desc' } });
    expect(first.status, first.text).toBe(200);
    expect(first.body.tasks).toHaveLength(10);
    expect(first.body.total).toBeGreaterThanOrEqual(14);
    const times = first.body.tasks.map((task) => task.scheduledFor);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(first.body.tasks[0]?.id).toBe(ids[11]);
    const second = await acme.call(endpoints.listTasks, {
      query: { sort: 'scheduledFor', order: 'desc', offset: 10 },
    });
    const seen = new Set([...first.body.tasks, ...second.body.tasks].map((task) => task.id));
    expect(seen.size).toBe(first.body.tasks.length + second.body.tasks.length);
    const agent2Only = await acme.call(endpoints.listTasks, {
      targetAccountId: kit.ids.agent2,
      query: { limit: 100 },
    });
    expect(agent2Only.body.total).toBe(12);
    expect(agent2Only.body.tasks.every((task) => task.accountId === kit.ids.agent2)).toBe(true);
  });

  it('shows nothing of another tenant', async () => {
    const answer = await globex.call(endpoints.listTasks);
    expect(answer.body.total).toBe(0);
    const id = String(ids[0]);
    const attempts = [
      await globex.get(`/api/v2/tasks/${id}`),
      await globex.post(`/api/v2/tasks/${id}`, { state: 'canceled' }),
      await globex.delete(`/api/v2/tasks/${id}`),
    ];
    for (const attempt of attempts) expect([403, 404], attempt.text).toContain(attempt.status);
    const untouched = await acme.get<Answer>(`/api/v2/tasks/${id}`);
    expect(untouched.body.task.state).toBe('pending');
    expect((await acme.get('/api/v2/tasks/999999999')).status).toBe(404);
  });

  it('cancels, requeues, reschedules, edits and deletes (kept for history)', async () => {
    const id = String(ids[0]);
    const canceled = await acme.post<Answer>(`/api/v2/tasks/${id}`, { state: 'canceled' });
    expect(canceled.body.task.state).toBe('canceled');
    const edit = await acme.post<Answer>(`/api/v2/tasks/${id}`, { context: 'new facts' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toMatch(/is canceled/);
    const scheduledFor = now() + 7200;
    const requeued = await acme.post<Answer>(`/api/v2/tasks/${id}`, {
      state: 'pending',
      scheduledFor,
      context: 'Prefers mornings',
      variables: { plan: 'gold' },
    });
    expect(requeued.status, requeued.text).toBe(200);
    expect(requeued.body.task).toMatchObject({
      state: 'pending',
      context: 'Prefers mornings',
      variables: { plan: 'gold' },
    });
    expect(requeued.body.task.scheduledFor).toBe(scheduledFor);
    const past = await acme.post<Answer>(`/api/v2/tasks/${id}`, { scheduledFor: now() - 600 });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('scheduledFor: is in the past');
    const deleted = await acme.delete<Answer>(`/api/v2/tasks/${id}`);
    expect(deleted.body.task.state).toBe('deleted');
    const kept = await acme.get<Answer>(`/api/v2/tasks/${id}`);
    expect(kept.body.task.state).toBe('deleted');
    const listed = await acme.call(endpoints.listTasks, {
      targetAccountId: kit.ids.agent2,
      query: { limit: 100 },
    });
    expect(listed.body.tasks.map((task) => task.id)).not.toContain(ids[0]);
    const deletedOnly = await acme.call(endpoints.listTasks, { query: { state: 'deleted' } });
    expect(deletedOnly.body.tasks.map((task) => task.id)).toEqual([ids[0]]);
  });

  it('counts by state for the acting account', async () => {
    await acme.post(`/api/v2/tasks/${String(ids[1])}`, { state: 'canceled' });
    const stats = await acme.call(endpoints.taskStats, { targetAccountId: kit.ids.agent2 });
    expect(stats.body.byState).toEqual({
      pending: 10,
      running: 0,
      finished: 0,
      errored: 0,
      canceled: 1,
      deleted: 1,
    });
    expect(stats.body.total).toBe(11);
    const other = await globex.call(endpoints.taskStats);
    expect(other.body.total).toBe(0);
  });

  it('hands each due task to the job queue once, under a singleton key', async () => {
    const sent: { name: string; taskId: number; key: string | undefined }[] = [];
    const queue: Pick<JobQueue, 'sendMany'> = {
      sendMany: (job, items) => {
        for (const item of items) {
          sent.push({
            name: job.name,
            taskId: (item.payload as { taskId: number }).taskId,
            key: item.singletonKey,
          });
        }
        return Promise.resolve(items.length);
      },
    };
    const due = await enqueueDueTasks(kit.db, queue, { now: new Date((now() + 3600 + 150) * 1000) });
    const dueIds = due.map((task) => task.id);
    expect(dueIds).toContain(ids[2]);
    expect(dueIds).not.toContain(ids[1]);
    expect(dueIds).not.toContain(ids[3]);
    expect(sent.map((job) => job.taskId)).toEqual(dueIds);
    expect(sent.find((job) => job.taskId === ids[2])).toEqual({
      name: placeTask.name,
      taskId: ids[2],
      key: taskJobKey(ids[2] ?? 0),
    });
  });
});
