import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility } from './support/axe';
import { launchBrowser, saveScreenshot, screenshotDir } from './support/browser';
import { startBuiltServer } from './support/built-server';
import { signInWithCode } from './support/outbox';

// Apps as an organization owner uses them: the catalogue, a custom app of their own system, the app added to
// an agent, and the agent calling it in a test chat.

let server: Awaited<ReturnType<typeof startBuiltServer>>;
let browser: Browser;
let page: Page;
let orders: Server;
let ordersUrl: string;
const requests: string[] = [];
const errors: string[] = [];

beforeAll(async () => {
  orders = createServer((request, response) => {
    requests.push(`${request.method ?? ''} ${request.url ?? ''} ${request.headers.authorization ?? ''}`);
    const found = request.url === '/orders?orderNumber=1234';
    response.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(found ? { number: '1234', status: 'shipped' } : { error: 'not found' }));
  });
  await new Promise<void>((resolve) => orders.listen(0, '127.0.0.1', resolve));
  ordersUrl = `http://127.0.0.1:${(orders.address() as AddressInfo).port}`;
  // The order service runs on this machine; production servers refuse private networks unless allowed.
  server = await startBuiltServer({ APP_REQUESTS_PRIVATE_NETWORK: 'allow' });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 }, colorScheme: 'light' });
  await context.addInitScript(() => localStorage.setItem('theme', 'light'));
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await signInWithCode(page, server.url, 'acme@demo.switchboard.test', 'Acme Dental');
});
afterAll(async () => {
  await browser.close();
  await server.dispose();
  await new Promise<void>((resolve) => orders.close(() => resolve()));
});

const overlay = () => page.locator('[data-overlay-flag="integrations"]');

describe('apps', () => {
  it('lists the catalogue', async () => {
    await page.goto(`${page.url()}?integrations`);
    await overlay().locator('[data-app="shopify"]').waitFor();
    await saveScreenshot(page, 'apps-catalogue');
    expect(await checkAccessibility(page, { include: '[data-overlay-flag="integrations"]' })).toEqual([]);
  });

  it('shows what an app needs before it can be installed', async () => {
    await overlay().locator('[data-app="shopify"]').click();
    await overlay().getByText('Order status').waitFor();
    const install = overlay().getByRole('button', { name: 'Install', exact: true });
    expect(await install.isDisabled()).toBe(true);
    await overlay().getByText('Fill in Shop domain, Admin API access token to install.').waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'apps-shopify.png') });
    await overlay().getByRole('button', { name: 'All apps' }).click();
  });

  it('creates a custom app for the organization’s own system', async () => {
    await overlay().getByRole('button', { name: 'Custom app' }).click();
    await overlay()
      .getByRole('textbox', { name: /^App name/ })
      .fill('Order desk');
    await overlay()
      .getByRole('textbox', { name: /^Function/ })
      .fill('Order status');
    await overlay().getByLabel('Method', { exact: true }).click();
    await page.getByRole('option', { name: 'GET' }).click();
    await overlay()
      .getByRole('textbox', { name: /^When the agent should use it/ })
      .fill('Look up an order by its number and say where it is.');
    await overlay().getByRole('textbox', { name: /^URL/ }).fill(`${ordersUrl}/orders`);
    await overlay().getByLabel('API key').fill('key-123');
    await overlay().getByRole('button', { name: 'Add argument' }).click();
    await overlay().getByLabel('Name', { exact: true }).fill('orderNumber');
    await overlay().getByLabel('Description', { exact: true }).last().fill('The order number');
    const examples = overlay().getByLabel('What callers might say');
    await examples.fill('where is my order');
    await examples.press('Enter');
    await overlay()
      .getByLabel('What the agent says when it worked')
      .fill('Order {{response.number}} has {{response.status}}.');
    await page.screenshot({ path: path.join(screenshotDir, 'apps-custom-form.png') });
    await overlay().getByRole('button', { name: 'Create and install' }).click();
    await overlay().getByRole('heading', { name: 'Order desk' }).waitFor();
    await overlay().getByText('Installed', { exact: true }).waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'apps-custom-installed.png') });
  });

  it('adds the app to an agent, which calls it in a test chat', { timeout: 90_000 }, async () => {
    await page.goto(page.url().split('?')[0] ?? page.url());
    await page.getByRole('cell', { name: 'Acme Front Desk', exact: true }).click();
    await page.getByRole('heading', { name: 'Acme Front Desk', level: 1 }).waitFor();
    const agentPath = new URL(page.url()).pathname;
    await page.goto(`${server.url}${agentPath}?editAgent`);
    const studio = page.getByRole('dialog', { name: 'Edit agent' });
    await studio.getByRole('button', { name: 'Add app' }).click();
    await page.getByRole('menuitem', { name: /Order desk/ }).click();
    await studio.getByRole('checkbox', { name: 'Order status' }).waitFor();
    expect(await studio.getByRole('checkbox', { name: 'Order status' }).isChecked()).toBe(true);
    await studio.getByLabel('When to use Order desk').fill('When a caller asks about an order.');
    await studio.locator('[data-save-status="saved"]').waitFor({ timeout: 15_000 });
    await studio.getByRole('heading', { name: 'Apps' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshotDir, 'apps-agent-editor.png') });

    await page.goto(`${server.url}${agentPath}?testAgent`);
    const panel = page.locator('[data-overlay-flag="testAgent"]');
    const message = panel.getByRole('textbox', { name: 'Message' });
    await expect.poll(() => message.isEnabled(), { timeout: 20_000 }).toBe(true);
    await message.fill('Where is my order 1234?');
    await message.press('Enter');
    await panel
      .getByRole('log')
      .locator('[data-side="agent"]')
      .filter({ hasText: 'Order 1234 has shipped.' })
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await panel.getByTestId('tool-chip').first().getAttribute('data-ok')).toBe('true');
    expect(requests).toContain('GET /orders?orderNumber=1234 Bearer key-123');
    await saveScreenshot(page, 'apps-test-chat');
    expect(errors).toEqual([]);
  });
});
