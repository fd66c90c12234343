import { speechWav } from '@switchboard/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser';
import { startBuiltServer } from './support/built-server';
import { signInWithCode } from './support/outbox';

// A caller on one softphone asks the agent for a person; the agent transfers to the front desk, which is another
// person's softphone on the sandbox phone network: it rings there as a transferred call, is answered, and the two
// talk until the caller hangs up.
let server: Awaited<ReturnType<typeof startBuiltServer>>;
let browser: Browser;
const contexts: BrowserContext[] = [];
const errors: string[] = [];
let caller: Page;
let desk: Page;

const request = 'Can you transfer me to a person, please?';

async function signedIn(email: string, heading: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await signInWithCode(page, server.url, email, heading);
  return page;
}

/** Calls the API as the page's signed-in person. */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
  const response = await page.request.fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token ?? ''}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

async function softphoneNumber(page: Page): Promise<string> {
  await page.goto(`${server.url}/app/dev/phone`);
  await expect
    .poll(() => page.getByTestId('softphone-number').innerText(), { timeout: 15_000 })
    .toMatch(/^\+1 \(555\) 555-\d{4}$/);
  return `+${(await page.getByTestId('softphone-number').innerText()).replace(/\D/g, '')}`;
}

/** Saves the page at desktop size and at a phone's 390 x 844 (the live call stays), then goes back to desktop. */
async function screenshots(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, `${name}-mobile`);
  await page.setViewportSize({ width: 1280, height: 860 });
}

beforeAll(async () => {
  const wav = await speechWav(request, { leadingSilenceMs: 7000, trailingSilenceMs: 40_000 });
  server = await startBuiltServer();
  browser = await launchBrowser({ fakeMicrophone: wav.path });
  caller = await signedIn('acme@demo.switchboard.test', 'Acme Dental');
  desk = await signedIn('globex@demo.switchboard.test', 'Globex Plumbing');
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
  await server.dispose();
});

describe('a call transferred to another softphone', () => {
  it('rings the desk as a transferred call from the caller, is answered, and ends when the caller hangs up', async () => {
    const deskNumber = await softphoneNumber(desk);

    // The demo front desk agent transfers to that softphone, without asking the caller first.
    await caller.getByRole('cell', { name: 'Acme Front Desk', exact: true }).click();
    await caller.getByRole('heading', { name: 'Acme Front Desk', level: 1 }).waitFor();
    const agentId = /\/agent\/(\d+)/.exec(new URL(caller.url()).pathname)?.[1] ?? '';
    const target = `targetAccountId=${agentId}`;
    const { campaign } = await api<{ campaign: { actions: { name: string }[] } }>(
      caller,
      'GET',
      `/api/v2/campaigns?${target}`,
    );
    await api(caller, 'POST', `/api/v2/campaign?${target}`, {
      confirmTransfers: false,
      actions: campaign.actions.map((action) =>
        action.name === 'transfer_call'
          ? { ...action, destinations: [{ name: 'the front desk', number: deskNumber }] }
          : action,
      ),
      published: true,
    });
    const offered = await api<{ numbers: { phoneNumber: string }[] }>(
      caller,
      'POST',
      `/api/v2/phoneNumber/search/local/prefix?${target}`,
      { prefix: '720' },
    );
    const agentNumber = offered.numbers[0]?.phoneNumber ?? '';
    await api(caller, 'POST', `/api/v2/phoneNumber/assign?${target}`, { number: agentNumber, country: 'US' });
    const callerNumber = await softphoneNumber(caller);

    // The caller asks for a person.
    await caller.getByLabel('Number to call').fill(agentNumber);
    await caller.getByRole('button', { name: 'Call', exact: true }).click();
    await caller
      .getByTestId('call-status')
      .getByText(/In call/)
      .waitFor({ timeout: 15_000 });

    // The desk's softphone rings with the caller's number, put through by the agent.
    const ringing = desk.getByRole('alertdialog', { name: 'Incoming transferred call' });
    await ringing.waitFor({ timeout: 90_000 });
    expect(await ringing.getByText('Transferred call').isVisible()).toBe(true);
    expect(`+${(await ringing.getByTestId('incoming-from').innerText()).replace(/\D/g, '')}`).toBe(
      callerNumber,
    );
    await screenshots(desk, 'softphone-transferred-ringing');

    await ringing.getByRole('button', { name: 'Answer' }).click();
    await expect
      .poll(() => desk.getByTestId('call-status').innerText(), { timeout: 15_000 })
      .toMatch(/In call/);
    // The agent told the caller it put them through, then left the call to the two of them.
    const said = caller.getByLabel('Transcript').locator('[data-role="agent"]');
    await said
      .filter({ hasText: /putting you through/i })
      .first()
      .waitFor({ timeout: 20_000 });
    // The caller's softphone shows whom the call is connected to.
    await expect
      .poll(() => caller.getByTestId('call-status').innerText(), { timeout: 20_000 })
      .toMatch(/^Connected to \+1 \(555\) 555-\d{4}/);
    await screenshots(desk, 'softphone-transferred-answered');
    await screenshots(caller, 'softphone-transferred-caller');

    await caller.getByRole('button', { name: 'Hang up' }).click();
    await expect
      .poll(() => caller.getByTestId('call-status').innerText(), { timeout: 15_000 })
      .toMatch(/^You hung up/);
    await expect
      .poll(() => desk.getByTestId('call-status').innerText(), { timeout: 15_000 })
      .toMatch(/^The other side hung up/);
    expect(errors).toEqual([]);
  });
});
