// Every signed-in section of each tier at 390 x 844: no button, link or input may be cut off by the viewport or by
// a clipping ancestor. The inbox is also walked into an open thread (its second step on a phone).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './support/browser';
import { startBuiltServer } from './support/built-server';
import { cutOffControls, readControls, type CutOff } from './support/cut-off';
import { latestCode } from './support/outbox';

let server: Awaited<ReturnType<typeof startBuiltServer>>;
let browser: Browser;
const viewport = { width: 390, height: 844 };

/**
 * Known cut-off controls in areas outside the inbox, by tier and section, each with why it is left for now. Only
 * these exact controls are let through: anything new still fails.
 */
const knownDefects: Record<string, { control: RegExp; reason: string }[]> = {};

beforeAll(async () => {
  server = await startBuiltServer();
  browser = await launchBrowser();
  // A conversation in agent1's inbox, so its thread can be opened.
  const sent = await fetch(`${server.url}/api/sandbox/sms/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      to: 'agent1',
      from: '+15550199301',
      text: 'Hello, can I move my appointment to Friday?',
    }),
  });
  expect(sent.status).toBe(202);
}, 300_000);
afterAll(async () => {
  await browser.close();
  await server.dispose();
});

const signedIn = new Map<string, Page>();

/** Each person signs in once (a second code to the same address could race the first); the page is kept. */
async function signIn(who: string): Promise<Page> {
  const known = signedIn.get(who);
  if (known) return known;
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const email = `${who}@demo.switchboard.test`;
  await page.goto(`${server.url}/app`);
  await page.getByLabel('Email or phone').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Enter the 6-digit code').waitFor();
  await page.keyboard.type(await latestCode(server.url, email));
  // Signed in once the workspace's navigation is there (the sign-in page has a heading too).
  await page.locator('.mantine-AppShell-navbar a[href]').first().waitFor({ state: 'attached' });
  signedIn.set(who, page);
  return page;
}

/** Waits until the section's heading shows and its loaders are gone (a loader that stays is left as it is). */
async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page
    .waitForFunction(() => document.querySelector('.mantine-Loader-root') === null, null, { timeout: 10_000 })
    .catch(() => undefined);
}

/** The sections in the workspace navigation of the signed-in tier. */
async function sectionLinks(page: Page): Promise<string[]> {
  const base = new URL(page.url()).pathname;
  const hrefs = await page.$$eval('.mantine-AppShell-navbar a[aria-label][href]', (links) =>
    links.map((link) => link.getAttribute('href') ?? ''),
  );
  return [...new Set(hrefs.filter((href) => href === base || href.startsWith(`${base}/`)))];
}

async function cutOff(page: Page, key: string): Promise<CutOff[]> {
  const found = cutOffControls(await page.evaluate(readControls), viewport.width);
  const known = knownDefects[key] ?? [];
  return found.filter((item) => !known.some((defect) => defect.control.test(item.name)));
}

const tiers = ['superadmin', 'partner', 'reseller', 'acme', 'agent1'] as const;

describe('at phone size (390 x 844)', () => {
  for (const who of tiers) {
    it(`${who}: every section fits`, async () => {
      const page = await signIn(who);
      await settled(page);
      const links = await sectionLinks(page);
      expect(links.length).toBeGreaterThan(0);
      const problems: string[] = [];
      for (const href of links) {
        await page.goto(`${server.url}${href}`);
        await settled(page);
        const segment = href.split('/').at(-1) ?? '';
        const section = /^\d+$/.test(segment) ? 'overview' : segment;
        await saveScreenshot(page, `phone-${who}-${section}`);
        for (const item of await cutOff(page, `${who}/${section}`)) {
          problems.push(`${section}: ${item.name} cut off by ${item.by}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('agent1: the inbox thread is its own step, with back, send, attach and the action menu in reach', async () => {
    const page = await signIn('agent1');
    await page.getByRole('button', { name: 'Navigation' }).click();
    await page.getByRole('link', { name: 'Inbox' }).click();
    await page.getByRole('tab', { name: 'Agent' }).click();
    const row = page.locator('[data-room-id]').first();
    await row.waitFor({ timeout: 15_000 });
    await saveScreenshot(page, 'phone-inbox-list');
    await row.click();
    await page.getByLabel('Reply').waitFor();
    await settled(page);
    // The list steps aside for the thread.
    expect(await row.isVisible()).toBe(false);
    for (const name of ['Back to conversations', 'Attach a file', 'Send', 'More actions']) {
      await expect.poll(() => page.getByRole('button', { name }).isVisible()).toBe(true);
    }
    expect(await cutOff(page, 'agent1/inbox-thread')).toEqual([]);
    await saveScreenshot(page, 'phone-inbox-thread');
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: /Block/ }).waitFor();
    await saveScreenshot(page, 'phone-inbox-thread-menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Back to conversations' }).click();
    await row.waitFor();
  });
});
