import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Request } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './support/browser';
import { startBuiltServer } from './support/built-server';
import { latestCode as latestOutboxCode } from './support/outbox';

// An anonymous visitor's temporary session (spec §3): allocated when sign-up needs it, kept locally, claimed by
// the sign-in it came with, and dropped with a reload once the server no longer knows it.

let server: Awaited<ReturnType<typeof startBuiltServer>>;
let browser: Browser;

const latestCode = (to: string) => latestOutboxCode(server.url, to);
const tempUserSession = (token: string) =>
  fetch(`${server.url}/api/v1/tempUserSession?token=${encodeURIComponent(token)}`);

beforeAll(async () => {
  server = await startBuiltServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await server.dispose();
});

describe('the anonymous session', () => {
  it('is allocated for sign-up, sent with it, and claimed by the sign-in', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    const calls: Request[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/')) calls.push(request);
    });
    await page.goto(`${server.url}/app`);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Work email').fill('owner@anon-bakery.test');
    await page.getByLabel('Business name').fill('Anon Bakery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Enter the 6-digit code').waitFor();

    const kept = await page.evaluate(() => localStorage.getItem('tempUser'));
    const session = JSON.parse(kept ?? 'null') as { id: number; token: string } | null;
    expect(session?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const signup = calls.find((request) => request.url().endsWith('/api/v1/signup/email'));
    expect(signup?.postDataJSON()).toMatchObject({
      email: 'owner@anon-bakery.test',
      tempUserToken: session?.token,
    });
    expect(calls.filter((request) => request.url().includes('/allocateTempUserSession'))).toHaveLength(1);
    expect((await tempUserSession(session?.token ?? '')).status).toBe(200);

    await page.keyboard.type(await latestCode('owner@anon-bakery.test'));
    await page.getByRole('heading', { name: 'Anon Bakery', level: 1 }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('tempUser'))).toBeNull();
    const claimed = await tempUserSession(session?.token ?? '');
    expect(claimed.status).toBe(401);
    expect(await claimed.json()).toMatchObject({
      success: false,
      message: 'This temporary session ended when its visitor signed in',
    });
    await context.close();
  });

  it("says 'Error fetching temp user session' when none can be allocated, and signs nobody up", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.route('**/api/v1/allocateTempUserSession', (route) =>
      route.fulfill({ status: 503, json: { success: false, code: 'UNAVAILABLE', message: 'down' } }),
    );
    let signups = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/signup/email')) signups += 1;
    });
    await page.goto(`${server.url}/app`);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Work email').fill('nobody@anon-bakery.test');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Error fetching temp user session').waitFor();
    expect(signups).toBe(0);
    await context.close();
  });

  it('is kept while the server knows it, and removed with a reload once it does not', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    let loads = 0;
    page.on('load', () => (loads += 1));
    const live = (await (await fetch(`${server.url}/api/v1/allocateTempUserSession`)).json()) as {
      id: number;
      token: string;
      username: string;
    };
    await page.goto(`${server.url}/app`);
    await page.evaluate((value) => localStorage.setItem('tempUser', value), JSON.stringify(live));
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to Switchboard' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('tempUser'))) ?? 'null')).toEqual(live);

    await page.evaluate(() =>
      localStorage.setItem('tempUser', JSON.stringify({ id: 1, token: 'a-session-the-server-never-issued' })),
    );
    const loadsBefore = loads;
    await page.reload();
    await expect.poll(() => loads, { timeout: 10_000 }).toBeGreaterThanOrEqual(loadsBefore + 2);
    await page.getByRole('heading', { name: 'Sign in to Switchboard' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('tempUser'))).toBeNull();
    await saveScreenshot(page, 'anonymous-session-dropped');
    await context.close();
  });
});
