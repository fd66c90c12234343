import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startBuiltServer, type BuiltServer } from './support/built-server';
import { launchBrowser, saveScreenshot } from './support/browser';
import { latestCode } from './support/outbox';

let server: BuiltServer;
/** A loaded machine can take minutes to start the server from source; the test waits for it rather than fail. */
const slow = 240_000;
let browser: Browser;
let page: Page;
const errors: string[] = [];
const email = 'acme@demo.switchboard.test';

async function screenshots(name: string): Promise<void> {
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, `${name}-mobile`);
  await page.setViewportSize({ width: 1360, height: 900 });
}

const withdraw = () => page.getByRole('dialog', { name: 'Withdraw' });
const figure = async (label: string) => {
  const text = await withdraw().getByText(label, { exact: true }).locator('xpath=..').innerText();
  return Math.round(Number(/\$([\d,.]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN) * 100);
};

beforeAll(async () => {
  // The card hold shortened to nothing, so the demo wallet's money is withdrawable at once.
  server = await startBuiltServer({ WITHDRAWAL_HOLD_DAYS: '0' }, { healthyWithinMs: slow });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/app`);
  await page.getByLabel('Email or phone').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Enter the 6-digit code').waitFor();
  await page.keyboard.type(await latestCode(server.url, email));
  await page.getByRole('heading', { name: 'Acme Dental', level: 1 }).waitFor();
}, slow + 120_000);
afterAll(async () => {
  await browser.close();
  await server.dispose();
});

describe('withdrawing', () => {
  it(
    'sends part of the wallet to PayPal in the sandbox, sees the balance drop and the payout listed',
    async () => {
      await page.goto(`${server.url}/app/home?withdraw`);
      await withdraw().getByText('Withdrawable now').waitFor();
      await withdraw().getByText('Sandbox: no real money moves').waitFor();
      const available = await figure('Available');
      expect(available).toBeGreaterThan(500);
      await withdraw().getByLabel('PayPal email').fill('owner@acme.example');
      await withdraw().getByLabel('Amount (USD)').fill('5');
      await withdraw().getByText('You will receive').waitFor();
      await screenshots('payouts-withdraw');
      await withdraw().getByRole('button', { name: 'Withdraw' }).click();
      await withdraw().getByText('$5.00 sent to owner@acme.example.').waitFor();
      await withdraw()
        .getByTestId('payout-row')
        .filter({ hasText: 'owner@acme.example' })
        .getByText('paid')
        .waitFor();
      await expect.poll(() => figure('Available')).toBe(available - 500);

      await withdraw().getByLabel('PayPal email').fill('will-fail@acme.example');
      await withdraw().getByRole('button', { name: 'Withdraw' }).click();
      await withdraw().getByRole('alert').filter({ hasText: 'not registered with PayPal' }).waitFor();
      await withdraw()
        .getByTestId('payout-row')
        .filter({ hasText: 'will-fail@acme.example' })
        .getByText('failed')
        .waitFor();
      await expect.poll(() => figure('Available')).toBe(available - 500);
      await screenshots('payouts-withdraw-failed');
      expect(errors).toEqual([]);
    },
    slow,
  );

  it(
    'withdraws the rest, and the app says the agents take nothing new until funds are added',
    async () => {
      const rest = await figure('Withdrawable now');
      await withdraw().getByLabel('PayPal email').fill('owner@acme.example');
      await withdraw()
        .getByLabel('Amount (USD)')
        .fill((rest / 100).toFixed(2));
      await withdraw().getByRole('button', { name: 'Withdraw' }).click();
      await expect.poll(() => figure('Available')).toBe(0);
      await page.keyboard.press('Escape');
      await withdraw().waitFor({ state: 'hidden' });
      const banner = page.getByTestId('empty-wallet-banner');
      await banner.getByText('Your agents take no new calls or messages until funds are added.').waitFor();
      await screenshots('payouts-wallet-empty');
      await banner.getByRole('button', { name: 'Add funds' }).click();
      await page.getByRole('dialog', { name: 'Add funds' }).getByLabel('Amount (USD)').waitFor();
      expect(errors).toEqual([]);
    },
    slow,
  );
});
