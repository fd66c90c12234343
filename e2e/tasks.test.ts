import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './support/browser';
import { startBuiltServer } from './support/built-server';
import { latestCode } from './support/outbox';

let server: Awaited<ReturnType<typeof startBuiltServer>>;
let browser: Browser;
let page: Page;
const errors: string[] = [];
const email = 'acme@demo.switchboard.test';

const contacts = [
  'target,firstName,context,appointment',
  '(415) 555-0141,Rosa,"Cleaning booked, asks about whitening",Fri 9:00',
  '415-555-0142,Jake,New patient,Mon 10:30',
  '+1 415 555 0143,Amy,"Said ""call after 5""",Tue 17:15',
  '4155550144,Terry,Crown fitting,Wed 14:00',
  '14155550145,Gina,Follow-up,Thu 11:45',
].join('\r\n');

/** Saves the page at desktop size and at a phone's 390 x 844, then goes back to desktop. */
async function screenshots(name: string): Promise<void> {
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, `${name}-mobile`);
  await page.setViewportSize({ width: 1360, height: 900 });
}

beforeAll(async () => {
  // The screens are under test here, not the dialer: no worker takes a just-queued task before the person acts.
  server = await startBuiltServer({ JOB_WORKERS: 'off' });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/app`);
  await page.getByLabel('Email or phone').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Enter the 6-digit code').waitFor();
  await page.keyboard.type(await latestCode(server.url, email));
  await page.getByRole('heading', { name: 'Acme Dental', level: 1 }).waitFor();
});
afterAll(async () => {
  await browser.close();
  await server.dispose();
});

async function api<T>(pathAndQuery: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const separator = pathAndQuery.includes('?') ? '&' : '?';
  const response = await fetch(`${server.url}${pathAndQuery}${separator}token=${token ?? ''}`);
  return (await response.json()) as T;
}

describe('tasks', () => {
  it('uploads a CSV of five contacts: checks the mapping, then queues them', async () => {
    await page.getByRole('link', { name: 'Tasks' }).click();
    await page.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor();
    await page.getByText('No tasks yet').waitFor();
    await page.getByRole('button', { name: 'Upload CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a task list' });
    await dialog.getByLabel('Agent for rows without an accountId', { exact: true }).click();
    await page.getByRole('option', { name: 'Acme Front Desk' }).click();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'reminders.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(contacts),
    });
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    await dialog.getByText('5 of 5 rows would be queued').waitFor();
    const mapping = dialog.getByRole('table', { name: 'Column mapping' });
    await mapping.getByText('variable "firstName"').waitFor();
    await mapping.getByText('variable "appointment"').waitFor();
    expect(await mapping.getByText('target', { exact: true }).count()).toBe(2);
    const rows = dialog.getByRole('table', { name: 'Rows to queue' });
    await rows.getByText('+1 (415) 555-0143').waitFor();
    await screenshots('tasks-upload-check');

    await dialog.getByRole('button', { name: 'Queue 5 tasks' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('lists the five tasks with their state and counts them by state', async () => {
    const table = page.getByRole('table', { name: 'Tasks' });
    for (const number of ['0141', '0142', '0143', '0144', '0145']) {
      await table.getByText(`+1 (415) 555-${number}`).waitFor();
    }
    expect(await table.getByText('Waiting').count()).toBe(5);
    await expect.poll(() => page.getByTestId('count-pending').innerText()).toBe('5');
    const { tasks, total } = await api<{
      tasks: { state: string; variables: Record<string, string> }[];
      total: number;
    }>('/api/v2/tasks');
    expect(total).toBe(5);
    expect(tasks.every((task) => task.state === 'pending')).toBe(true);
    expect(tasks.map((task) => task.variables.firstName).sort()).toEqual([
      'Amy',
      'Gina',
      'Jake',
      'Rosa',
      'Terry',
    ]);
    await screenshots('tasks');
  });

  it('deletes a task after confirming, keeping it as deleted', async () => {
    await page.getByRole('button', { name: 'Delete the task for +1 (415) 555-0145' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this task?' })
      .getByRole('button', { name: 'Delete task' })
      .click();
    await page.getByText('Task deleted').waitFor();
    await expect.poll(() => page.getByTestId('count-pending').innerText()).toBe('4');
    const deleted = await api<{ total: number }>('/api/v2/tasks?state=deleted');
    expect(deleted.total).toBe(1);
    expect(errors).toEqual([]);
  });
});
