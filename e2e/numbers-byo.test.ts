import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser';
import { startBuiltServer } from './support/built-server';
import { latestCode, signInWithCode } from './support/outbox';

let server: Awaited<ReturnType<typeof startBuiltServer>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
let agentPath = '';

/** Saves the page at desktop size and at a phone's 390 x 844, then goes back to desktop. */
async function screenshots(name: string): Promise<void> {
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, `${name}-mobile`);
  await page.setViewportSize({ width: 1280, height: 860 });
}

beforeAll(async () => {
  server = await startBuiltServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await signInWithCode(page, server.url, 'acme@demo.switchboard.test', 'Acme Dental');
  await page.getByRole('cell', { name: 'Acme After Hours', exact: true }).click();
  await page.getByRole('heading', { name: 'Acme After Hours', level: 1 }).waitFor();
  agentPath = new URL(page.url()).pathname;
});

afterAll(async () => {
  await context.close();
  await browser.close();
  await server.dispose();
});

describe('bringing a number and forwarding calls to it', () => {
  const owned = '+14155550199';
  const cell = '+13125550170';

  it('refuses a malformed number, then connects an owned number with the texted code', async () => {
    await page.goto(`${server.url}${agentPath}?addCustomNumber`);
    const overlay = page.getByRole('dialog', { name: 'Bring your own number' });
    await overlay.getByRole('textbox', { name: 'Your phone number' }).fill('call me');
    await overlay.getByRole('button', { name: 'Text me a code' }).click();
    await overlay.getByText('Enter a phone number, like').waitFor();
    await overlay.getByRole('textbox', { name: 'Your phone number' }).fill('(415) 555-0199');
    await overlay.getByRole('button', { name: 'Text me a code' }).click();
    await overlay.getByText('We texted a code to').waitFor();
    await screenshots('numbers-byo-code');
    const code = await latestCode(server.url, owned);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await overlay.getByLabel('Code from the text').first().click();
    await page.keyboard.type(wrong);
    await overlay.getByText('That is not the code sent to').waitFor();
    await overlay.getByLabel('Code from the text').first().click();
    await page.keyboard.type(code);
    await overlay.getByText('Number connected').first().waitFor();
    await screenshots('numbers-byo-connected');
  });

  it('shows the carrier codes for the agent number and checks forwarding on the sandbox network', async () => {
    await page.goto(`${server.url}${agentPath}?forwardingInstructions`);
    const overlay = page.getByRole('dialog', { name: 'Forward your calls' });
    await overlay.getByText('*724155550199').first().waitFor();
    await screenshots('numbers-forwarding-codes');
    await overlay.getByRole('textbox', { name: 'Your cell number' }).fill('(312) 555-0170');
    await overlay.getByRole('button', { name: 'Check forwarding' }).click();
    await overlay.getByText('Forwarding is not working yet').waitFor();
    await overlay.getByRole('textbox', { name: 'Sandbox cell number' }).fill(cell);
    await overlay.getByRole('button', { name: 'Forward to the agent' }).click();
    await overlay.getByText('now forwards to').waitFor();
    await overlay.getByRole('button', { name: 'Check forwarding' }).click();
    await overlay.getByText('Forwarding works').waitFor();
    await screenshots('numbers-forwarding-verified');
  });

  it('ticks the walkthrough from what was done', async () => {
    await page.goto(`${server.url}${agentPath}`);
    await page.getByRole('link', { name: 'Agent' }).click();
    const card = page.getByTestId('walkthrough');
    await card.waitFor();
    // The number and the verified forwarding are acme's own doing now; the demo left the test step open.
    await expect.poll(async () => card.innerText(), { timeout: 10_000 }).toMatch(/[1-3] of 4 done/);
    await screenshots('numbers-walkthrough');
    expect(errors).toEqual([]);
  });
});
