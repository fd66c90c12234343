import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './support/browser';
import { startBuiltServer } from './support/built-server';
import { signInWithCode } from './support/outbox';

// Knowledge bases as an organization owner uses them: a site's pages found through its sitemap, read in the
// background, searched in the playground, attached to an agent, and cited by the agent in a test chat.

let server: Awaited<ReturnType<typeof startBuiltServer>>;
let browser: Browser;
let page: Page;
let site: Server;
let siteUrl = '';
const errors: string[] = [];

const html = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

/** A clinic's small site on loopback: robots.txt naming its sitemap, three pages. */
const pages: Record<string, { type: string; body: () => string }> = {
  '/robots.txt': {
    type: 'text/plain',
    body: () => `User-agent: *\nAllow: /\nSitemap: ${siteUrl}/sitemap.xml\n`,
  },
  '/sitemap.xml': {
    type: 'application/xml',
    body: () =>
      `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[
        '/hours',
        '/insurance',
        '/parking',
      ]
        .map((path) => `<url><loc>${siteUrl}${path}</loc></url>`)
        .join('')}</urlset>`,
  },
  '/hours': {
    type: 'text/html',
    body: () =>
      html(
        'Opening hours',
        '<p>Weekdays we are open from 8 am to 6 pm.</p><h2>Weekends</h2><p>On Saturday the clinic opens from 9 am until 1 pm.</p>',
      ),
  },
  '/insurance': {
    type: 'text/html',
    body: () =>
      html(
        'Insurance',
        '<p>We accept Delta Dental, Cigna and Aetna insurance plans. Payment plans are available for treatment over $500.</p>',
      ),
  },
  '/parking': {
    type: 'text/html',
    body: () => html('Parking', '<p>Free parking is behind the building on Elm Street.</p>'),
  },
};

async function screenshots(name: string): Promise<void> {
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, `${name}-mobile`);
  await page.setViewportSize({ width: 1360, height: 900 });
}

beforeAll(async () => {
  site = createServer((request, response) => {
    const found = pages[new URL(request.url ?? '/', 'http://site').pathname];
    if (!found) response.writeHead(404).end();
    else response.writeHead(200, { 'content-type': found.type }).end(found.body());
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  server = await startBuiltServer();
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 }, colorScheme: 'light' });
  await context.addInitScript(() => localStorage.setItem('theme', 'light'));
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await signInWithCode(page, server.url, 'acme@demo.switchboard.test', 'Acme Dental');
}, 300_000);
afterAll(async () => {
  await browser.close();
  await server.dispose();
  await new Promise((resolve) => site.close(resolve));
});

describe('knowledge', () => {
  it(
    "fills a knowledge base from a site's sitemap and finds the answer in it",
    { timeout: 90_000 },
    async () => {
      await page.getByRole('link', { name: 'Knowledge' }).click();
      await page.getByRole('heading', { name: 'Knowledge', level: 1 }).waitFor();
      await page.getByText('No knowledge bases yet').waitFor();
      await screenshots('knowledge-empty');
      await page.getByLabel('New knowledge base').fill('Clinic website');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.getByRole('heading', { name: 'Clinic website' }).waitFor();

      await page.getByLabel('Add a website').fill(siteUrl);
      await page.getByRole('button', { name: 'Find pages' }).click();
      await page.getByText('3 of 3 pages chosen').waitFor();
      await page.getByLabel(`${siteUrl}/parking`).uncheck();
      await page.getByText('2 of 3 pages chosen').waitFor();
      await screenshots('knowledge-sitemap');
      await page.getByRole('button', { name: 'Add 2 pages' }).click();
      await page.getByText('Documents (2 ready)').waitFor({ timeout: 30_000 });
      const rows = page.getByRole('table', { name: 'Documents' }).getByRole('row');
      // The list of documents is read apart from the base's counts: it may catch up a moment later.
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
      await expect.poll(() => rows.getByText('ready').count(), { timeout: 15_000 }).toBe(2);

      await page.getByLabel('Try a question').fill('When are you open on Saturday?');
      await page.getByRole('button', { name: 'Search' }).click();
      const results = page.getByLabel('Search results');
      await results.getByText('On Saturday the clinic opens from 9 am until 1 pm.').first().waitFor();
      await expect.poll(() => results.getByText(/^1\. Opening hours/).count(), { timeout: 10_000 }).toBe(1);
      await results
        .getByText(/^score \d\.\d{4}$/)
        .first()
        .waitFor();
      await screenshots('knowledge-base');
      expect(errors).toEqual([]);
    },
  );

  it(
    'is attached to an agent, which answers from it in a test chat and names its source',
    { timeout: 90_000 },
    async () => {
      await page.goto(`${server.url}/app`);
      await page.getByRole('heading', { name: 'Acme Dental', level: 1 }).waitFor();
      await page.getByRole('cell', { name: 'Acme Front Desk', exact: true }).click();
      await page.getByRole('heading', { name: 'Acme Front Desk', level: 1 }).waitFor();
      const agentPath = new URL(page.url()).pathname;
      await page.goto(`${server.url}${agentPath}?editAgent`);
      const studio = page.getByRole('dialog', { name: 'Edit agent' });
      const picker = studio.getByLabel('Knowledge bases', { exact: true });
      await picker.scrollIntoViewIfNeeded();
      await picker.click();
      await page.getByRole('option', { name: /Clinic website \(2 of 2 pages ready\)/ }).click();
      await studio.locator('[data-save-status="saved"]').waitFor({ timeout: 15_000 });
      await saveScreenshot(page, 'knowledge-agent-editor');

      await page.goto(`${server.url}${agentPath}?testAgent`);
      const panel = page.locator('[data-overlay-flag="testAgent"]');
      const message = panel.getByRole('textbox', { name: 'Message' });
      await expect.poll(() => message.isEnabled(), { timeout: 20_000 }).toBe(true);
      await message.fill('Which insurance plans are accepted?');
      await message.press('Enter');
      const log = panel.getByRole('log');
      await expect
        .poll(() => log.locator('[data-side="agent"]').last().innerText(), { timeout: 20_000 })
        .toContain('We accept Delta Dental, Cigna and Aetna insurance plans.');
      const source = log.getByRole('link', { name: 'Insurance' });
      await source.waitFor();
      expect(await source.getAttribute('href')).toBe(`${siteUrl}/insurance`);
      await screenshots('knowledge-test-chat');
      expect(errors).toEqual([]);
    },
  );
});
