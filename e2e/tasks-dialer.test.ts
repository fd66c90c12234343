import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './support/browser';
import { startBuiltServer } from './support/built-server';
import { signInWithCode } from './support/outbox';

let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
let browser: Browser | undefined;
let page: Page;
const errors: string[] = [];
const email = 'acme@demo.switchboard.test';

// Sandbox callees (+1 555 200-0XNN, X the persona): a person, a voicemail, a busy line, one nobody answers, and a
// person the organization put on its do-not-call list.
const contacts = [
  'target,firstName,context',
  '+1 555 200-0001,Rosa,"Cleaning booked Friday 9:00, confirm it"',
  '+1 555 200-0101,Jake,New patient intake',
  '+1 555 200-0401,Amy,Crown fitting reminder',
  '+1 555 200-0501,Terry,Follow-up on the invoice',
  '+1 555 200-0002,Gina,Asked us not to call',
].join('\r\n');

const count = (state: string) => page.getByTestId(`count-${state}`).innerText();

/** Saves the page at desktop size and at a phone's 390 x 844, then goes back to desktop. */
async function screenshots(name: string): Promise<void> {
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, `${name}-mobile`);
  await page.setViewportSize({ width: 1360, height: 900 });
}

beforeAll(async () => {
  // The dialer runs in the server, sweeping every second, so the batch runs while the person watches.
  server = await startBuiltServer(
    { JOB_WORKERS: 'server', DIALER_SWEEP_SECONDS: '1' },
    { healthyWithinMs: 300_000 },
  );
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await signInWithCode(page, server.url, email, 'Acme Dental');
}, 420_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('a batch of calls, live', () => {
  it('tries each contact once and lists a number as do-not-call in the task limits', async () => {
    await page.getByRole('link', { name: 'Tasks' }).click();
    await page.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Limits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Task limits' });
    await dialog.getByText('No numbers on the do-not-call list.').waitFor();
    await dialog.getByLabel('Numbers').fill('(555) 200-0002');
    await dialog.getByLabel('Reason').fill('Asked not to be called');
    await dialog.getByRole('button', { name: 'Add to the list' }).click();
    await page.getByText('1 added to the do-not-call list').waitFor();
    const listed = dialog.getByRole('table', { name: 'Do-not-call list' });
    await listed.getByText('+1 (555) 200-0002').waitFor();
    await listed.getByText('Asked not to be called').waitFor();
    await dialog.getByLabel('Tries in all').fill('1');
    await screenshots('tasks-dialer-limits');
    await dialog.getByRole('button', { name: 'Save limits' }).click();
    await page.getByText('Task limits saved').waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });

  it(
    'uploads five contacts and watches them run to their ends without a reload',
    { timeout: 240_000 },
    async () => {
      await page.getByRole('button', { name: 'Upload CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload a task list' });
      await dialog.getByLabel('Agent for rows without an accountId', { exact: true }).click();
      await page.getByRole('option', { name: 'Acme Front Desk' }).click();
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'batch.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(contacts),
      });
      await dialog.getByRole('button', { name: 'Check the file' }).click();
      await dialog.getByText('5 of 5 rows would be queued').waitFor();
      await dialog.getByRole('button', { name: 'Queue 5 tasks' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations.push(frame.url());
      });

      // The counts move on their own: calls start, then all five reach an end.
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="count-pending"]')?.textContent ?? '5') < 5,
        undefined,
        { timeout: 30_000 },
      );
      await page.waitForFunction(
        () =>
          Number(document.querySelector('[data-testid="count-finished"]')?.textContent ?? 0) +
            Number(document.querySelector('[data-testid="count-errored"]')?.textContent ?? 0) ===
          5,
        undefined,
        { timeout: 180_000, polling: 250 },
      );
      expect(navigations).toEqual([]);
      expect(await count('finished')).toBe('4');
      expect(await count('errored')).toBe('1');
      expect(await count('pending')).toBe('0');
      expect(await count('running')).toBe('0');

      const table = page.getByRole('table', { name: 'Tasks' });
      const row = (number: string) => table.getByRole('row').filter({ hasText: number });
      await row('+1 (555) 200-0002').getByText('On the do-not-call list').waitFor();
      await row('+1 (555) 200-0401').getByText('Busy', { exact: true }).waitFor();
      await row('+1 (555) 200-0501').getByText('No answer', { exact: true }).waitFor();
      await row('+1 (555) 200-0001').getByText('Finished', { exact: true }).waitFor();
      expect(await row('+1 (555) 200-0401').getByText('1 try').count()).toBe(1);
      await screenshots('tasks-dialer-done');
    },
  );

  it("opens a finished task's conversation in the agent's inbox", async () => {
    // Both answered calls (the person's and the voicemail's) are finished with their conversation linked: a try
    // closes only once its log is written.
    const linkTo = (number: string) =>
      page.getByRole('link', { name: `Open the conversation with +1 (555) ${number}` });
    expect(await linkTo('200-0101').count()).toBe(1);
    await linkTo('200-0001').click();
    await page.waitForURL(/\/agent\/\d+\/inbox\?.*zap=/);
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    await page.getByText('+1 (555) 200-0001').first().waitFor();
    await screenshots('tasks-dialer-conversation');
    expect(errors).toEqual([]);
  });
});
