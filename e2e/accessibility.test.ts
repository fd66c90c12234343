import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { checkAccessibility, checkRules } from './support/axe';
import { launchBrowser } from './support/browser';
import { startBuiltServer } from './support/built-server';
import { latestCode as latestOutboxCode } from './support/outbox';

// axe-core (WCAG 2.0/2.1 A and AA plus best practices) over the sign-in page and the signed-in
// workspace; any moderate, serious or critical violation fails, and so does any finding of the page-structure
// rules below on every section screen: one h1 per screen, one banner, landmarks told apart.
const structureRules = ['page-has-heading-one', 'landmark-no-duplicate-banner', 'landmark-unique'];

/** The sign-in page and the workspace's own screens are held to moderate findings as well. */
async function checkPageStrictly(page: Page): Promise<string[]> {
  return [
    ...(await checkAccessibility(page, { minImpact: 'moderate' })),
    ...(await checkRules(page, structureRules)),
  ];
}

const email = 'acme@demo.switchboard.test';

let server: Awaited<ReturnType<typeof startBuiltServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startBuiltServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await server.dispose();
});

const latestCode = (to: string) => latestOutboxCode(server.url, to);

async function newPage(theme: 'light' | 'dark'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, colorScheme: theme });
  await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
  return { context, page: await context.newPage() };
}

async function openSignIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/app`);
  await page.getByRole('heading', { name: 'Sign in to Switchboard' }).waitFor();
}

describe('accessibility of the sign-in page', () => {
  it('has no serious or moderate violations in the light theme', async () => {
    const { context, page } = await newPage('light');
    await openSignIn(page);
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await checkPageStrictly(page)).toEqual([]);
    await context.close();
  });

  it('has no serious or moderate violations in the dark theme', async () => {
    const { context, page } = await newPage('dark');
    await openSignIn(page);
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await checkPageStrictly(page)).toEqual([]);
    await context.close();
  });

  it('has no serious or moderate violations at the code-entry step', async () => {
    const { context, page } = await newPage('light');
    await openSignIn(page);
    await page.getByLabel('Email or phone').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Enter the 6-digit code').waitFor();
    expect(await checkPageStrictly(page)).toEqual([]);
    await context.close();
  });
});

describe('accessibility of the signed-in workspace', () => {
  let context: BrowserContext;
  let page: Page;
  let workspacePath: string;

  beforeAll(async () => {
    ({ context, page } = await newPage('light'));
    await openSignIn(page);
    await page.getByLabel('Email or phone').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Enter the 6-digit code').waitFor();
    await page.keyboard.type(await latestCode(email));
    await page.getByRole('heading', { name: 'Acme Dental', level: 1 }).waitFor();
    workspacePath = new URL(page.url()).pathname;
  });
  afterAll(async () => {
    await context.close();
  });

  it('has no serious or moderate violations in the organization workspace', async () => {
    // Let the lists finish loading before judging them.
    await page.locator('.mantine-Loader-root').first().waitFor({ state: 'detached' });
    expect(await checkPageStrictly(page)).toEqual([]);
  });

  it('has no serious or moderate violations with the members overlay open', async () => {
    await page.goto(`${server.url}${workspacePath}?members=true`);
    const panel = page.locator('[data-overlay-flag="members"]');
    await panel.waitFor();
    await panel.locator('.mantine-Loader-root').first().waitFor({ state: 'detached' });
    expect(await checkPageStrictly(page)).toEqual([]);
  });

  it('gives every section screen one visible h1, its own title', async () => {
    const titles = { inbox: 'Inbox', contacts: 'Contacts', logs: 'Call logs', dashboard: 'Dashboard' };
    for (const [segment, title] of Object.entries(titles)) {
      await page.goto(`${server.url}${workspacePath}/${segment}`);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.first().waitFor();
      expect(await heading.allInnerTexts()).toEqual([title]);
      expect(await heading.isVisible()).toBe(true);
      expect(await checkRules(page, structureRules)).toEqual([]);
    }
  });

  it('has no serious or moderate violations on the section screens, with their data loaded', async () => {
    const loaded = { inbox: 'Inbox', contacts: 'Contacts', logs: 'Call logs', dashboard: 'Dashboard' };
    const found: string[] = [];
    for (const [segment, title] of Object.entries(loaded)) {
      await page.goto(`${server.url}${workspacePath}/${segment}`);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      found.push(...(await checkPageStrictly(page)).map((finding) => `${segment}: ${finding}`));
    }
    expect(found).toEqual([]);
  });

  it('keeps one banner with the create-agent drawer open', async () => {
    await page.goto(`${server.url}${workspacePath}?createAgentAccount=true`);
    await page.getByRole('dialog', { name: 'New agent account' }).waitFor();
    expect(await checkRules(page, structureRules)).toEqual([]);
    expect(await page.getByRole('banner').count()).toBe(1);
  });

  it('has no serious or moderate violations on the settings screen', async () => {
    await page.goto(`${server.url}${workspacePath}`);
    await page.getByRole('heading', { name: 'Acme Dental', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.locator('.mantine-Loader-root').first().waitFor({ state: 'detached' });
    expect(await checkPageStrictly(page)).toEqual([]);
  });
});
