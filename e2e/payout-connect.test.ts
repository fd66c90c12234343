import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startBuiltServer, type BuiltServer } from './support/built-server';
import { launchBrowser, saveScreenshot } from './support/browser';
import { latestCode } from './support/outbox';

let server: BuiltServer;
/** A loaded machine can take minutes to start the server from source; the test waits for it rather than fail. */
const slow = 240_000;
let browser: Browser;
const errors: string[] = [];

async function screenshots(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, `${name}-mobile`);
  await page.setViewportSize({ width: 1360, height: 900 });
}

async function signIn(email: string, heading: string): Promise<Page> {
  // A browser of its own per person: the stored session is per browser.
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/app`);
  await page.getByLabel('Email or phone').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Enter the 6-digit code').waitFor();
  await page.keyboard.type(await latestCode(server.url, email));
  await page.getByRole('heading', { name: heading, level: 1 }).first().waitFor();
  return page;
}

beforeAll(async () => {
  server = await startBuiltServer({}, { healthyWithinMs: slow });
  browser = await launchBrowser();
}, slow + 120_000);
afterAll(async () => {
  await browser.close();
  await server.dispose();
});

describe('connecting a Stripe account for payouts (sandbox)', () => {
  it(
    'leaves onboarding unfinished, is told what Stripe still needs, then finishes and can withdraw',
    async () => {
      const page = await signIn('acme@demo.switchboard.test', 'Acme Dental');
      await page.goto(`${server.url}/app/home?withdraw`);
      const withdraw = page.getByRole('dialog', { name: 'Withdraw' });
      await withdraw.getByText('Stripe', { exact: true }).click();
      await withdraw.getByRole('button', { name: 'Connect with Stripe' }).click();
      await page.getByText('Sandbox Stripe onboarding').waitFor();
      await screenshots(page, 'connect-sandbox-onboarding');
      await page.getByRole('button', { name: 'Leave unfinished' }).click();
      await page.getByRole('heading', { name: 'Onboarding is not finished' }).waitFor();
      await page.getByText('a bank account or debit card to pay out to').waitFor();
      await page.getByText('Sandbox: no real Stripe account').waitFor();
      await screenshots(page, 'connect-failure');
      await page.getByRole('button', { name: 'Finish onboarding with Stripe' }).click();
      await page.getByRole('button', { name: 'Finish onboarding' }).click();
      await page.getByRole('heading', { name: 'Payout account connected' }).waitFor();
      await screenshots(page, 'connect-success');
      await page.getByRole('link', { name: 'Withdraw now' }).click();
      await withdraw.getByText('Stripe', { exact: true }).click();
      await withdraw.getByText('Ready for payouts').waitFor();
      expect(errors).toEqual([]);
    },
    slow,
  );
});
