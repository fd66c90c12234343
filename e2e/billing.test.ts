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

/** Saves the page at desktop size and at a phone's 390 x 844, then goes back to desktop. */
async function screenshots(name: string): Promise<void> {
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, `${name}-mobile`);
  await page.setViewportSize({ width: 1360, height: 900 });
}

const billingDialog = () => page.getByRole('dialog', { name: 'Billing' });

beforeAll(async () => {
  server = await startBuiltServer({}, { healthyWithinMs: slow });
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

describe('plans and subscription', () => {
  it(
    'chooses a plan, pays on the sandbox checkout and sees the plan active',
    async () => {
      await page.goto(`${server.url}/app/home?billing`);
      await billingDialog().getByTestId('plan-status').filter({ hasText: 'No plan' }).waitFor();
      await billingDialog().getByText('Sandbox billing').waitFor();
      await billingDialog().getByRole('button', { name: 'Choose a plan' }).click();

      const plans = page.getByRole('dialog', { name: 'Choose a plan' });
      await plans.getByTestId('plan-pplan-basic-monthly').waitFor();
      await plans.getByTestId('plan-pplan-demo-123').getByText('Offered to you').waitFor();
      expect(await plans.getByTestId('plan-pplan-basic-monthly').innerText()).toContain('$49 / month');
      await plans.getByText('Yearly', { exact: true }).click();
      expect(await plans.getByTestId('plan-pplan-basic-monthly').innerText()).toContain('$490 / year');
      await plans.getByText('Monthly', { exact: true }).click();
      await screenshots('billing-select-plan');

      await plans.getByRole('button', { name: 'Subscribe to Basic' }).click();
      await page.waitForURL(/\/app\/dev\/checkout\/cs_/);
      await page.getByText('Sandbox checkout').waitFor();
      await page.getByRole('heading', { name: '$49.00' }).waitFor();
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry').fill('12 / 34');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay $49.00' }).click();
      await page.waitForURL(/\/payment\/success\?subscription=1&session_id=cs_/);
      await page.getByRole('heading', { name: 'Subscription started' }).waitFor();
      await page.getByRole('link', { name: 'See your plan' }).click();

      await billingDialog().getByTestId('plan-status').filter({ hasText: 'Active' }).waitFor();
      const plan = await billingDialog().getByTestId('current-plan').innerText();
      expect(plan).toContain('Basic');
      expect(plan).toContain('$49 / month');
      expect(plan).toMatch(/Renews on /);
      await screenshots('billing-active');
    },
    slow,
  );

  it(
    'sees what a conversation used and cost so far on the usage screen',
    async () => {
      // A contact texts the organization's agent on the sandbox SMS network; the agent answers.
      const sent = await fetch(`${server.url}/api/sandbox/sms/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: 'agent1', from: '+15550199377', text: 'Are you open on Saturday?' }),
      });
      expect(sent.status).toBe(202);
      await page.goto(`${server.url}/app/home?usage`);
      const usage = page.getByRole('dialog', { name: 'Usage and costs' });
      const messages = usage.getByTestId('usage-figure-messages');
      await messages.waitFor();
      await expect
        .poll(
          async () => {
            await page.reload();
            await messages.waitFor();
            return Number(/\d+/.exec(await messages.innerText())?.[0] ?? 0);
          },
          { timeout: 60_000, interval: 1000 },
        )
        .toBeGreaterThanOrEqual(2);
      expect(await usage.getByTestId('usage-figure-cost-so-far').innerText()).toMatch(/\$0\.0[1-9]/);
      await usage.getByTestId('usage-by-day').waitFor();
      expect(await usage.getByTestId('usage-by-key-table').innerText()).toMatch(
        /Messages sent\s+1 message\s/,
      );
      await screenshots('billing-usage');
      await page.goto(`${server.url}/app/home?billing`);
    },
    slow,
  );

  it(
    'sees the unpaid banner when a renewal fails through its retries, and pays it in the portal',
    async () => {
      await billingDialog().getByRole('button', { name: 'Payment method and invoices' }).click();
      await page.waitForURL(/\/app\/dev\/billing-portal\/bps_sandbox_/);
      await page.getByText('visa ending 4242').waitFor();
      await page.getByRole('cell', { name: '$49' }).waitFor();
      await screenshots('billing-sandbox-portal');
      await page.getByRole('button', { name: 'Renew, card fails every retry' }).click();
      await page.getByText('Unpaid', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Return to the app' }).click();

      const banner = page.getByTestId('unpaid-banner');
      await banner.waitFor();
      expect(await banner.innerText()).toContain('Your agents take no new calls or messages');
      await billingDialog().getByRole('button', { name: 'Close' }).click();
      await billingDialog().waitFor({ state: 'hidden' });
      await screenshots('billing-unpaid-banner');

      await banner.getByRole('button', { name: 'Pay now' }).click();
      await page.waitForURL(/\/app\/dev\/billing-portal\//);
      await page.getByRole('button', { name: 'Pay the open invoice' }).click();
      await page.getByText('Active', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Return to the app' }).click();
      await page.getByRole('heading', { name: 'Acme Dental', level: 1 }).waitFor();
      await expect.poll(() => page.getByTestId('unpaid-banner').count()).toBe(0);
    },
    slow,
  );

  it(
    'cancels at the end of the period with a reason',
    async () => {
      await page.goto(`${server.url}/app/home?billing`);
      await billingDialog().getByRole('button', { name: 'Cancel plan' }).click();
      const subscription = page.getByRole('dialog', { name: 'Subscription' });
      await subscription.getByLabel('Why are you canceling?').click();
      await page.getByRole('option', { name: 'Too expensive' }).click();
      await subscription.getByLabel('Anything you want to tell us').fill('We are a small office.');
      await screenshots('billing-cancel');
      await subscription.getByRole('button', { name: 'Cancel at period end' }).click();
      await page.getByText(/Your plan ends on /).waitFor();
      await billingDialog().getByTestId('plan-status').filter({ hasText: 'Ends at period end' }).waitFor();
      expect(await billingDialog().getByTestId('current-plan').innerText()).toMatch(/Ends on .*nothing more/);
      expect(errors).toEqual([]);
    },
    slow,
  );
});
