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
const desktop = { width: 1360, height: 900 };

/** Saves the page at desktop size and at a phone's 390 x 844, then goes back to desktop. */
async function screenshots(name: string): Promise<void> {
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  // The navigation slides away at phone width: the picture waits until it has.
  await page.getByRole('button', { name: 'Navigation' }).waitFor();
  await page.waitForFunction(() => document.getAnimations().every((each) => each.playState !== 'running'));
  await saveScreenshot(page, `${name}-mobile`);
  await page.setViewportSize(desktop);
}

beforeAll(async () => {
  server = await startBuiltServer();
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: desktop });
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

/** A test chat with the agent's draft over the session socket, as the editor's test drawer holds one. */
async function testChat(agentAccountId: number): Promise<string> {
  return page.evaluate(async (agentId) => {
    const token = localStorage.getItem('token') ?? '';
    const socket = new WebSocket(
      `${location.origin.replace(/^http/, 'ws')}/api/agent/session?token=${token}`,
    );
    return new Promise<string>((resolve, reject) => {
      let conversation = '';
      let answers = 0;
      socket.onopen = () =>
        socket.send(
          JSON.stringify({ type: 'start', agentAccountId: agentId, mode: 'chat', config: 'staging' }),
        );
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as {
          type: string;
          conversationUuid?: string;
          message?: string;
        };
        if (message.type === 'ready') conversation = message.conversationUuid ?? '';
        if (message.type === 'agent-text') {
          answers += 1;
          socket.send(
            JSON.stringify(
              answers === 1 ? { type: 'text', text: 'What are your opening hours?' } : { type: 'end' },
            ),
          );
        }
        if (message.type === 'ended') resolve(conversation);
        if (message.type === 'error') reject(new Error(message.message));
      };
      socket.onerror = () => reject(new Error('the session socket failed'));
    });
  }, agentAccountId);
}

async function loggedContacts(): Promise<string[]> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await fetch(`${server.url}/api/v2/logs?fields=contact&pageSize=50&token=${token ?? ''}`);
  const body = (await response.json()) as { logs: { contact: string | null }[] };
  return body.logs.map((row) => row.contact ?? '');
}

describe('call logs a person reads', () => {
  it('shows names and the default columns, ids only as columns one adds', async () => {
    const href = await page.getByRole('link', { name: 'Acme Front Desk' }).first().getAttribute('href');
    const agentId = Number(/agent\/(\d+)/.exec(href ?? '')?.[1]);
    expect(agentId).toBeGreaterThan(0);
    await testChat(agentId);
    // The log is written as the conversation closes: wait for it before opening the page.
    await expect.poll(loggedContacts).toContain('Test chat by Acme Dental');

    await page.getByRole('link', { name: 'Call logs' }).click();
    await page.getByRole('heading', { name: 'Call logs', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Call logs' });
    await table.getByRole('row').nth(5).waitFor();
    const headers = await table.getByRole('columnheader').allInnerTexts();
    expect(headers).toEqual(['Date', 'Contact', 'From', 'To', 'Duration', 'Outcome', 'Summary']);

    const testRow = table.getByRole('row').filter({ hasText: 'Test chat by Acme Dental' });
    const cells = await testRow.first().getByRole('cell').allInnerTexts();
    expect(cells.slice(1, 4)).toEqual(['Test chat by Acme Dental', 'Acme Dental', 'Acme Front Desk']);
    expect(cells[6]).toBe('What are your opening hours?');
    // A phone caller reads as a name or a number written as people write one, never as an address or an id.
    const text = await table.innerText();
    expect(text).not.toMatch(/web-user|\+1555\d{7}/);
    expect(text).toMatch(/\+1 \(555\) \d{3}-\d{4}/);
    await screenshots('logs-names');

    await page.getByRole('button', { name: 'Columns' }).click();
    const columns = page.getByRole('dialog', { name: 'Columns' });
    for (const label of ['Account id', 'Agent id', 'Room']) {
      expect(await columns.getByRole('checkbox', { name: label, exact: true }).isChecked()).toBe(false);
    }
    await columns.getByRole('checkbox', { name: 'Agent id', exact: true }).check();
    await columns.getByRole('button', { name: 'Show these columns' }).click();
    await columns.waitFor({ state: 'hidden' });
    await expect
      .poll(() => table.getByRole('columnheader').allInnerTexts())
      .toEqual(['Date', 'Contact', 'From', 'To', 'Duration', 'Outcome', 'Summary', 'Agent id']);
    expect(errors).toEqual([]);
  });
});
