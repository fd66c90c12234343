import { speechWav } from '@switchboard/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser';
import { startBuiltServer, type BuiltServer } from './support/built-server';
import { signInWithCode } from './support/outbox';

let server: BuiltServer;
/** A loaded machine can take minutes to start the server from source; the test waits for it rather than fail. */
const slow = 240_000;
let browser: Browser;
const contexts: BrowserContext[] = [];
let reseller: Page;
let acme: Page;
const errors: string[] = [];
/** The demo organization's agent's number on the sandbox phone network. */
const agentNumber = '+15550100001';

async function signIn(email: string, home: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await signInWithCode(page, server.url, email, home);
  return page;
}

/** Saves the page at desktop size and at a phone's 390 x 844, then goes back to desktop. */
async function screenshots(page: Page, name: string, options: { reload?: boolean } = {}): Promise<void> {
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  // A page with nothing unsaved on it is loaded afresh at phone size, as a phone would show it.
  if (options.reload) await page.reload({ waitUntil: 'networkidle' });
  await saveScreenshot(page, `${name}-mobile`);
  await page.setViewportSize({ width: 1360, height: 900 });
}

beforeAll(async () => {
  const hello = await speechWav('Hello there', { leadingSilenceMs: 500, trailingSilenceMs: 20_000 });
  server = await startBuiltServer({}, { healthyWithinMs: slow });
  browser = await launchBrowser({ fakeMicrophone: hello.path });
  reseller = await signIn('reseller@demo.switchboard.test', 'Demo Reseller');
  acme = await signIn('acme@demo.switchboard.test', 'Acme Dental');
}, slow + 120_000);
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
  await server.dispose();
});

describe('a reseller edits a plan that its organization buys and uses', () => {
  it(
    'edits the plan’s price, tiers and offer, with the server’s refusals shown until they are put right',
    async () => {
      const sold = reseller.getByTestId('plans-you-sell');
      await sold.getByTestId('sold-plan-pplan-basic-monthly').waitFor();
      await sold.getByRole('button', { name: 'Edit Basic' }).click();
      const dialog = reseller.getByRole('dialog', { name: 'Edit plan' });
      const name = dialog.getByLabel('Name');
      await name.waitFor();
      expect(await name.inputValue()).toBe('Basic');

      await dialog.getByLabel('Monthly price').fill('0.3');
      await dialog.getByRole('button', { name: 'Save plan' }).click();
      const refusal = dialog.getByRole('alert');
      await refusal.getByText(/monthlyCents.*at least 50 cents/).waitFor();
      await refusal.scrollIntoViewIfNeeded();
      await screenshots(reseller, 'plan-edit-refused');

      await dialog.getByLabel('Monthly price').fill('59');
      await dialog.getByRole('button', { name: /Phone inbound voice/ }).click();
      const firstTier = dialog.getByTestId('tier-pstn-inbound-voice-0');
      await firstTier.getByLabel('Tier 1 up to').fill('1000');
      await firstTier.getByLabel('Tier 1 price').fill('0.14');
      await dialog.getByLabel('Offer it to organizations').click();
      await reseller.getByRole('option', { name: 'Acme Dental' }).click();
      await dialog.getByLabel('Name').click();
      await screenshots(reseller, 'plan-edit-form');
      await dialog.getByRole('button', { name: 'Save plan' }).click();
      await reseller.getByText('Basic saved and offered to 1 organization(s).').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      expect(await sold.getByTestId('sold-plan-pplan-basic-monthly').innerText()).toContain('$59 / month');
      await screenshots(reseller, 'plan-edit-plans-you-sell', { reload: true });
    },
    slow,
  );

  it(
    'the organization subscribes on the sandbox checkout, calls its agent, and sees the usage against the plan',
    async () => {
      await acme.goto(`${server.url}/app/home?selectPlan`);
      const plans = acme.getByRole('dialog', { name: 'Choose a plan' });
      await plans.getByTestId('plan-pplan-basic-monthly').getByText('$59 / month').waitFor();
      await plans.getByRole('button', { name: 'Subscribe to Basic' }).click();
      await acme.waitForURL(/\/app\/dev\/checkout\/cs_/);
      await acme.getByLabel('Card number').fill('4242 4242 4242 4242');
      await acme.getByLabel('Expiry').fill('12 / 34');
      await acme.getByLabel('CVC').fill('123');
      await acme.getByRole('button', { name: 'Pay $59.00' }).click();
      await acme.getByRole('heading', { name: 'Subscription started' }).waitFor();

      await acme.goto(`${server.url}/app/dev/phone`);
      await acme.getByText('Sandbox phone network', { exact: true }).waitFor();
      await acme.getByLabel('Number to call').fill(agentNumber);
      await acme.getByRole('button', { name: 'Call', exact: true }).click();
      await acme
        .getByTestId('call-status')
        .getByText(/In call/)
        .waitFor({ timeout: 15_000 });
      await acme.getByLabel('Transcript').locator('[data-role="agent"]').first().waitFor({ timeout: 30_000 });
      await acme.getByRole('button', { name: 'Hang up' }).click();
      await acme
        .getByTestId('call-status')
        .getByText(/You hung up/)
        .waitFor({ timeout: 15_000 });

      await acme.goto(`${server.url}/app/home?usage`);
      const usage = acme.getByRole('dialog', { name: 'Usage and costs' });
      const row = usage.getByTestId('plan-usage-pstn-inbound-voice');
      await expect
        .poll(
          async () => {
            await acme.reload();
            await usage.getByTestId('plan-usage-prices').waitFor();
            return row.count();
          },
          { timeout: 60_000, interval: 1000 },
        )
        .toBe(1);
      expect(await usage.getByTestId('plan-usage-prices').innerText()).toContain('On your plan: Basic');
      // One minute used of the first tier, which now runs to 1,000 minutes at 0.14.
      expect(await row.innerText()).toMatch(/Phone inbound voice\s+1\s+next 999 minutes at \$0\.14\/min/);
      expect(await usage.getByTestId('usage-figure-voice').innerText()).toMatch(/1\s+minutes/);
      await screenshots(acme, 'plan-usage-next-tier', { reload: true });
      expect(errors).toEqual([]);
    },
    slow,
  );
});
