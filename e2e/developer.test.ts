import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './support/browser';
import { startBuiltServer } from './support/built-server';
import { signInWithCode } from './support/outbox';

let server: Awaited<ReturnType<typeof startBuiltServer>>;
let browser: Browser;
let page: Page;
let settingsPath = '';
const email = 'acme@demo.switchboard.test';
const failures: string[] = [];
const received: string[] = [];
let receiver: Server;
let receiverUrl = '';

/** Saves the page at desktop size and at a phone's 390 x 844, then goes back to desktop. */
async function screenshots(name: string): Promise<void> {
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, `${name}-mobile`);
  await page.setViewportSize({ width: 1360, height: 900 });
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  server = await startBuiltServer({ SIP_PORT: 'off' }, { healthyWithinMs: 240_000 });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (error) => failures.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400)
      failures.push(`${response.request().method()} ${response.url()} ${response.status()}`);
  });
  await signInWithCode(page, server.url, email, 'Acme Dental');
  settingsPath = `${new URL(page.url()).pathname}/settings`;
}, 300_000);
afterAll(async () => {
  await browser.close();
  await server.dispose();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('developer settings', () => {
  it('makes an API token that is shown once, works as a Bearer token, and stops when revoked', async () => {
    await page.goto(`${server.url}${settingsPath}`);
    await page.getByText('Developers').waitFor();
    await page.getByRole('button', { name: 'API tokens' }).click();
    const dialog = page.getByRole('dialog', { name: 'API tokens' });
    await dialog.getByLabel('What is it for?').fill('Reporting script');
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const shown = dialog.getByTestId('new-token');
    await shown.waitFor();
    const token = (await shown.innerText()).trim();
    expect(token).toMatch(/^sbk_/);
    await dialog.getByRole('button', { name: 'Copy' }).waitFor();
    await screenshots('developer-token-created');
    const account = await fetch(`${server.url}/api/v1/account`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(account.status).toBe(200);

    await dialog.getByRole('button', { name: 'Done' }).click();
    const row = dialog.getByTestId('token-row').filter({ hasText: 'Reporting script' });
    await row.waitFor();
    expect(await row.innerText()).not.toContain(token);
    await row.getByRole('button', { name: 'Revoke Reporting script' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke “Reporting script”?' })
      .getByRole('button', { name: 'Revoke token' })
      .click();
    await row.waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {
      throw new Error(`the token row stayed; failures: ${failures.join('; ')}`);
    });
    const after = await fetch(`${server.url}/api/v1/account`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(401);
  });

  it('shows copyable examples with the person’s own token prefix on the developer docs page', async () => {
    await page.goto(`${server.url}${settingsPath}?apiTokens`);
    const dialog = page.getByRole('dialog', { name: 'API tokens' });
    await dialog.getByLabel('What is it for?').fill('CRM sync');
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const token = (await dialog.getByTestId('new-token').innerText()).trim();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const prefix = (
      await dialog.getByTestId('token-row').filter({ hasText: 'CRM sync' }).locator('code').innerText()
    ).trim();
    expect(token.startsWith(prefix.replace('…', ''))).toBe(true);

    await page.goto(`${server.url}${settingsPath}?docsPage=developers`);
    const docs = page.getByTestId('developer-examples');
    await docs.getByText('CRM sync').waitFor();
    const curl = await docs.getByTestId('example-curl').innerText();
    expect(curl).toContain(`Authorization: Bearer ${prefix}`);
    expect(curl).toContain(`${server.url}/api/v2/listAccounts`);
    expect(await docs.getByTestId('example-signature').innerText()).toContain('x-switchboard-signature');
    expect(await docs.getByTestId('example-mcp').innerText()).toContain(`${server.url}/api/mcp`);
    await screenshots('developer-docs-examples');
  });

  it('adds a webhook, shows its deliveries with their status, and resends one', async () => {
    await page.goto(`${server.url}${settingsPath}?webhooks`);
    const dialog = page.getByRole('dialog', { name: 'Webhooks' });
    await dialog.getByLabel('Endpoint URL').fill(receiverUrl);
    await dialog.getByLabel('Label').fill('CRM');
    await dialog.getByLabel('conversation.ended').uncheck();
    await dialog.getByLabel('message.received').check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await dialog.getByText('Endpoint added').waitFor();
    await dialog.getByTestId('webhook-row').filter({ hasText: 'CRM' }).waitFor();

    const text = await fetch(`${server.url}/api/sandbox/sms/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'agent1', from: '+15557009001', text: 'Do you open on Saturdays?' }),
    });
    expect(text.status).toBe(202);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    expect(received[0]).toContain('Do you open on Saturdays?');

    await dialog.getByRole('button', { name: 'View deliveries' }).click();
    const deliveries = page.getByRole('dialog', { name: 'Webhook deliveries' });
    const delivery = deliveries.getByTestId('delivery-row').first();
    await delivery.getByText('succeeded').waitFor();
    await screenshots('developer-webhook-deliveries');
    await delivery.getByRole('button', { name: 'Resend' }).click();
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
    expect(received[1]).toBe(received[0]);
    await page.keyboard.press('Escape');
    await dialog.getByText('Last delivery succeeded').waitFor();
    await screenshots('developer-webhooks');
  });
});
