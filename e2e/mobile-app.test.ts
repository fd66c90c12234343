import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './support/browser';
import { startBuiltServer } from './support/built-server';
import { latestCode as latestOutboxCode } from './support/outbox';

// The web app inside the native mobile app: a fake React Native web view records what the page posts to it, and
// the page receives the native app's answers as message events, as on a phone.

const email = 'acme@demo.switchboard.test';
const addedAgents = 45;

let server: Awaited<ReturnType<typeof startBuiltServer>>;
let browser: Browser;
let totalAgents: number;

const latestCode = (to: string) => latestOutboxCode(server.url, to);

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

type NativeMessage = Record<string, unknown> & { type: string };

/** A context whose pages carry a fake `window.ReactNativeWebView` collecting every posted message. */
async function mobileContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 430, height: 900 } });
  await context.addInitScript(() => {
    const sink = window as unknown as { nativeMessages: unknown[]; ReactNativeWebView: unknown };
    sink.nativeMessages = [];
    sink.ReactNativeWebView = {
      postMessage: (text: string) => sink.nativeMessages.push(JSON.parse(text)),
    };
  });
  return context;
}

const nativeMessages = (page: Page) =>
  page.evaluate(() => (window as unknown as { nativeMessages: NativeMessage[] }).nativeMessages);

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/app?mobileApp=true&platform=iOS`);
  await page.getByLabel('Email or phone').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Enter the 6-digit code').waitFor();
  await page.keyboard.type(await latestCode(email));
}

beforeAll(async () => {
  server = await startBuiltServer();
  browser = await launchBrowser();
  // Enough agent accounts under one organization for three pages of 20.
  await api('/api/v1/signin/email', { method: 'POST', body: { email } });
  const { token } = await api<{ token: string }>('/api/v1/email/verify', {
    method: 'POST',
    body: { email, verificationCode: await latestCode(email) },
  });
  for (let index = 1; index <= addedAgents; index += 1) {
    await api(`/api/v2/createAccount?token=${token}`, {
      method: 'POST',
      body: { accountName: `Branch ${String(index).padStart(2, '0')}` },
    });
  }
  totalAgents = (await api<{ totalAccounts: number }>(`/api/v2/listAccounts?token=${token}`)).totalAccounts;
  expect(totalAgents).toBeGreaterThan(40);
});
afterAll(async () => {
  await browser.close();
  await server.dispose();
});

describe('signing in inside the mobile app', () => {
  let context: BrowserContext;
  let page: Page;
  let orgPath: string;

  beforeAll(async () => {
    context = await mobileContext();
    page = await context.newPage();
    await signIn(page);
    await page.getByRole('heading', { name: 'Acme Dental', level: 1 }).waitFor();
    orgPath = new URL(page.url()).pathname;
  });
  afterAll(() => context.close());

  it("hands the native app the session's token, cloud id and username", async () => {
    const messages = await nativeMessages(page);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message).toMatchObject({ type: 'AUTHENTICATED', token, username: 'acme' });
    expect(message?.cloudId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(message?.id).toBeTypeOf('number');
    expect(Object.keys(message ?? {}).sort()).toEqual(['cloudId', 'id', 'token', 'type', 'username']);
  });

  it("loads every page of the organization's agent accounts by itself, five of them as favourites", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}${orgPath}`);
    await page.getByText(`Showing ${totalAgents} of ${totalAgents}`).waitFor();
    await page.getByRole('cell', { name: `Branch ${addedAgents}`, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(await page.getByRole('row').count()).toBe(totalAgents + 1);
    const favourites = page.getByRole('navigation').getByRole('link', { name: /Acme|Branch/ });
    expect(await favourites.count()).toBe(5);
    await saveScreenshot(page, 'mobile-agent-accounts-all-pages');
    await page.setViewportSize({ width: 430, height: 900 });
  });

  it('fills a new contact from the phone contact the native app answers with', async () => {
    await page.evaluate(() => {
      (window as unknown as { nativeMessages: unknown[] }).nativeMessages.length = 0;
    });
    await page.goto(`${server.url}${orgPath}/contacts?createContact=true`);
    const dialog = page.getByRole('dialog', { name: 'New contact' });
    await dialog.getByLabel('Name').fill('Ada');
    await dialog.getByRole('button', { name: 'Search phone contacts' }).click();
    await expect.poll(() => nativeMessages(page)).toHaveLength(1);
    const [request] = await nativeMessages(page);
    expect(request).toMatchObject({ type: 'CONTACT_SEARCH', contact: 'Ada' });
    expect(request?.requestId).toBeTypeOf('string');
    // Android's web view delivers the answer on document, as a JSON string.
    await page.evaluate((requestId) => {
      const answer = {
        type: 'CONTACT_SEARCH_RESULT',
        requestId,
        contact: { name: 'Ada Lovelace', phoneNumber: '+1 555 010 1815', email: 'ada@engine.test' },
      };
      document.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(answer) }));
    }, request?.requestId);
    await expect.poll(() => dialog.getByLabel('Name').inputValue()).toBe('Ada Lovelace');
    expect(await dialog.getByLabel('Phone number').inputValue()).toBe('+1 555 010 1815');
    expect(await dialog.getByLabel('Email').inputValue()).toBe('ada@engine.test');
    await saveScreenshot(page, 'mobile-contact-search');
    await dialog.getByRole('button', { name: 'Save contact' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('opens external links in the phone browser instead of a tab', async () => {
    await page.goto(`${server.url}${orgPath}/settings`);
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { nativeMessages: unknown[] }).nativeMessages.length = 0;
    });
    const pagesBefore = context.pages().length;
    await page.getByRole('link', { name: 'Open API reference' }).click();
    await expect
      .poll(() => nativeMessages(page), { timeout: 10_000 })
      .toEqual([{ type: 'OPEN_URL', url: `${server.url}/api/docs` }]);
    expect(context.pages()).toHaveLength(pagesBefore);
    expect(new URL(page.url()).pathname).toBe(`${orgPath}/settings`);
  });
});

describe('the mobile sign-in without complete credentials', () => {
  it("shows 'Unable to authenticate user', sends nothing and stays signed out", async () => {
    const context = await mobileContext();
    const page = await context.newPage();
    await page.route('**/api/v1/email/verify', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      delete body.cloudId;
      await route.fulfill({ response, json: body });
    });
    await signIn(page);
    await page.getByText('Unable to authenticate user').waitFor();
    expect(await nativeMessages(page)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/app');
    await saveScreenshot(page, 'mobile-unable-to-authenticate');
    await context.close();
  });
});

describe('the hand-off to the native partner apps', () => {
  it('posts OPEN_ORG_APP with the account id and path to the embedding page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const { token, id } = await api<{ token: string; id: number }>('/api/v1/email/verify', {
      method: 'POST',
      body: {
        email,
        verificationCode: await (async () => {
          await api('/api/v1/signin/email', { method: 'POST', body: { email } });
          return latestCode(email);
        })(),
      },
    });
    // An embedding page of the partner's own on the same origin (so the framed app shares its storage), served
    // by the browser with no policy of the platform's: the platform's CSP governs only its own pages.
    const embeddingPage = `${server.url}/partner-embedding-page`;
    await page.route(embeddingPage, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><script>localStorage.setItem('token', ${JSON.stringify(token)});
          window.received = []; addEventListener('message', (event) => received.push(event.data));</script>
          <iframe title="Switchboard" src="${server.url}/app/org/${id}/inbox" style="width:1200px;height:800px"></iframe>`,
      }),
    );
    await page.goto(embeddingPage);
    const app = page.frameLocator('iframe[title="Switchboard"]');
    await app.getByRole('button', { name: 'Account menu' }).click();
    await app.getByRole('menuitem', { name: 'Open in the mobile app' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { received: unknown[] }).received))
      .toContainEqual({ type: 'OPEN_ORG_APP', id, path: '/inbox' });
    await context.close();
  });
});
