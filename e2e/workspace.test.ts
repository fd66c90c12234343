import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { overlayFlags } from '@switchboard/contract';
import { launchBrowser, saveScreenshot } from './support/browser';
import { startBuiltServer } from './support/built-server';
import { latestCode as latestOutboxCode } from './support/outbox';

let server: Awaited<ReturnType<typeof startBuiltServer>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

const latestCode = (to: string) => latestOutboxCode(server.url, to);

beforeAll(async () => {
  server = await startBuiltServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/app`);
  await page.getByLabel('Email or phone').fill('partner@demo.switchboard.test');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Enter the 6-digit code').waitFor();
  await page.keyboard.type(await latestCode('partner@demo.switchboard.test'));
  await page.getByRole('heading', { name: 'Demo Partner', level: 1 }).waitFor();
});
afterAll(async () => {
  await browser.close();
  await server.dispose();
});

describe('the workspace', () => {
  it('walks partner → reseller → organization → agent with breadcrumbs', async () => {
    await saveScreenshot(page, 'workspace-partner');
    await page.getByRole('cell', { name: 'Demo Reseller', exact: true }).click();
    await page.getByRole('heading', { name: 'Demo Reseller', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'Acme Dental', exact: true }).click();
    await page.getByRole('heading', { name: 'Acme Dental', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'Acme Front Desk', exact: true }).click();
    await page.getByRole('heading', { name: 'Acme Front Desk', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(
      /^\/app\/partner\/\d+\/reseller\/\d+\/org\/\d+\/agent\/\d+$/,
    );
    const crumbs = page.getByRole('navigation').or(page.locator('.mantine-Breadcrumbs-root'));
    await expect
      .poll(async () => (await crumbs.first().innerText()).replace(/\s+/g, ' '))
      .toContain('Demo Partner');
    await saveScreenshot(page, 'workspace-agent');

    await page.getByRole('link', { name: 'Demo Reseller' }).click();
    await page.getByRole('heading', { name: 'Demo Reseller', level: 1 }).waitFor();
  });

  it('creates an organization from the reseller', async () => {
    await page.getByRole('button', { name: 'New organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'New organization' });
    await dialog.getByLabel('Organization name').fill('Initech');
    await dialog.getByLabel('Owner email').fill('boss@initech.test');
    await saveScreenshot(page, 'create-organization');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('cell', { name: 'Initech', exact: true }).waitFor();
  });

  it('invites a member to an organization, who gets an email', async () => {
    await page.getByRole('cell', { name: 'Acme Dental', exact: true }).click();
    await page.getByRole('heading', { name: 'Acme Dental', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await saveScreenshot(page, 'settings');
    await page.getByRole('button', { name: 'Invite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite someone' });
    await dialog.getByLabel('Email').fill('dana@acme.test');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const outbox = (await (await fetch(`${server.url}/api/dev/outbox?to=dana@acme.test`)).json()) as {
      items: unknown[];
    };
    expect(outbox.items).toHaveLength(1);
  });

  it('opens every overlay flag without a broken page', { timeout: 240_000 }, async () => {
    const base = new URL(page.url()).pathname.replace(/\/settings$/, '');
    const failures: string[] = [];
    await page.goto(`${server.url}${base}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    for (const flag of overlayFlags) {
      // In-app navigation (the router follows popstate), as a link in the app would: no reload per flag.
      await page.evaluate((url) => {
        history.pushState(null, '', url);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, `${base}?${flag}=true`);
      const selector = `[data-overlay-flag="${flag}"]`;
      const panel = page.locator(selector);
      try {
        // Watched every frame: a locator's wait polls a missing element only every 500 ms after the first few
        // tries, which made most of the time this walk through every overlay took.
        const everyFrame = { polling: 'raf', timeout: 10_000 } as const;
        await page.waitForFunction((within) => document.querySelector(within) !== null, selector, everyFrame);
        // Let the panel fetch what it shows before judging it.
        await page.waitForFunction(
          (within) => document.querySelector(`${within} .mantine-Loader-root`) === null,
          selector,
          everyFrame,
        );
        const text = await panel.innerText();
        const controls = await panel.locator('input, button, textarea, a').count();
        if ((text.trim() === '' && controls === 0) || /something went wrong|could not load/i.test(text)) {
          failures.push(`${flag}: ${text.slice(0, 80) || 'empty'}`);
        }
      } catch {
        failures.push(`${flag}: its panel did not show`);
      }
      if (['addFunds', 'members', 'createAgentAccount', 'callTranscript', 'editAgent'].includes(flag)) {
        await saveScreenshot(page, `overlay-${flag}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('toggles the theme and signs out', async () => {
    await page.goto(`${server.url}/app/home`);
    await page
      .getByRole('button', { name: /Switch to (dark|light) theme/ })
      .first()
      .click();
    await saveScreenshot(page, 'workspace-toggled-theme');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Switchboard' }).waitFor();
    expect(errors).toEqual([]);
  });
});
