import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './support/browser';
import { startBuiltServer } from './support/built-server';
import { latestCode } from './support/outbox';

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

const codeFor = (email: string) => latestCode(server.url, email);

const backgroundOf = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const isDark = (rgb: string) => {
  const [r = 255, g = 255, b = 255] = (rgb.match(/\d+/g) ?? []).map(Number);
  return (r + g + b) / 3 < 100;
};

describe('the web app', () => {
  it('renders /app in light, switches to dark, and remembers the choice', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      colorScheme: 'light',
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${server.url}/app`);
    await page
      .getByRole('heading', { name: /Switchboard|Sign in/i })
      .first()
      .waitFor();
    expect(isDark(await backgroundOf(page))).toBe(false);
    await saveScreenshot(page, 'app-light');

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === 'dark');
    expect(isDark(await backgroundOf(page))).toBe(true);
    await saveScreenshot(page, 'app-dark');

    await page.reload();
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(isDark(await backgroundOf(page))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    // Outside /app the theme does not apply: a payment page stays light.
    await page.goto(`${server.url}/payment/success`);
    await page.getByRole('heading').first().waitFor();
    expect(isDark(await backgroundOf(page))).toBe(false);
    await saveScreenshot(page, 'payment-success');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs in with the emailed code into the workspace, and signs out', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/app`);
    await page.getByLabel('Email or phone').fill('acme@demo.switchboard.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Enter the 6-digit code').waitFor();
    await saveScreenshot(page, 'sign-in-code');
    await page.keyboard.type(await codeFor('acme@demo.switchboard.test'));
    await page.getByRole('heading', { name: 'Acme Dental', level: 1 }).waitFor();
    expect(page.url()).toMatch(/\/app\/org\/\d+$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]{43}$/);
    await page.getByRole('cell', { name: 'Acme Front Desk', exact: true }).waitFor();
    await saveScreenshot(page, 'workspace-organization');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Switchboard' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('signs in through a white-label embed link, and explains a used one', async () => {
    const email = 'reseller@demo.switchboard.test';
    await fetch(`${server.url}/api/v1/signin/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    const session = (await (
      await fetch(`${server.url}/api/v1/email/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, verificationCode: await codeFor(email) }),
      })
    ).json()) as { token: string };
    const minted = (await (
      await fetch(
        `${server.url}/api/v2/auth/account/oneTimeAuthToken?token=${session.token}&email=acme@demo.switchboard.test`,
      )
    ).json()) as { authToken: string };
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/app/embed?authToken=${minted.authToken}&email=acme@demo.switchboard.test`);
    await page.getByRole('heading', { name: 'Acme Dental', level: 1 }).waitFor();
    await page.goto(`${server.url}/app/embed?authToken=${minted.authToken}`);
    await page.getByRole('heading', { name: 'Could not authenticate with token' }).waitFor();
    await page.goto(`${server.url}/app/embed`);
    await page.getByRole('heading', { name: 'No auth token provided' }).waitFor();
    await saveScreenshot(page, 'embed-no-token');
    await context.close();
  });

  it('shows the sandbox outbox page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/app/dev/outbox`);
    await page.getByRole('heading', { name: 'Sandbox outbox' }).waitFor();
    await page.getByText('acme@demo.switchboard.test').first().waitFor();
    await saveScreenshot(page, 'outbox');
    await context.close();
  });

  it('signs up a new business by email', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/app`);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Work email').fill('owner@bakery.test');
    await page.getByLabel('Your name').fill('Bea Baker');
    await page.getByLabel('Business name').fill('Bea Bakery');
    await saveScreenshot(page, 'sign-up');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Enter the 6-digit code').waitFor();
    await page.keyboard.type(await codeFor('owner@bakery.test'));
    await page.getByRole('heading', { name: 'Bea Bakery', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'Bea Bakery Agent', exact: true }).waitFor();
    await context.close();
  });

  it('says so when the code is wrong', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/app`);
    await page.getByLabel('Email or phone').fill('globex@demo.switchboard.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Enter the 6-digit code').waitFor();
    const outbox = (await (
      await fetch(`${server.url}/api/dev/outbox?to=globex@demo.switchboard.test&limit=1`)
    ).json()) as {
      items: { text: string }[];
    };
    const code = outbox.items[0]?.text.match(/\d{6}/)?.[0] ?? '000000';
    await page.keyboard.type(code === '000000' ? '111111' : '000000');
    await page.getByRole('alert').filter({ hasText: 'Could not verify code.' }).waitFor();
    await saveScreenshot(page, 'sign-in-wrong-code');
    await context.close();
  });

  it('shows the signed-in catch-all and a proper not-found page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/app/partner/1/reseller/2/org/3`);
    await page.getByRole('heading').first().waitFor();
    await saveScreenshot(page, 'app-catch-all');

    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    await page
      .getByRole('link', { name: /app|home|back/i })
      .first()
      .waitFor();
    await saveScreenshot(page, 'not-found');
    await context.close();
  });

  it('serves the API reference page', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/api/docs`);
    await page.getByText('/api/health').first().waitFor();
    await saveScreenshot(page, 'api-docs');
    await page.close();
  });
});
