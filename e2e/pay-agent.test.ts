import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startBuiltServer, type BuiltServer } from './support/built-server';
import { launchBrowser, saveScreenshot } from './support/browser';
import { signInWithCode } from './support/outbox';

let server: BuiltServer;
/** A loaded machine can take minutes to start the server from source; the test waits for it rather than fail. */
const slow = 240_000;
let browser: Browser;
let visitor: Page;
const errors: string[] = [];

/** Saves the page at desktop size and at a phone's 390 x 844, then goes back to desktop. */
async function screenshots(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, `${name}-mobile`);
  await page.setViewportSize({ width: 1360, height: 900 });
}

beforeAll(async () => {
  server = await startBuiltServer({}, { healthyWithinMs: slow });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  visitor = await context.newPage();
  visitor.on('pageerror', (error) => errors.push(error.message));
}, slow + 120_000);
afterAll(async () => {
  await browser.close();
  await server.dispose();
});

describe('paying an agent on its page', () => {
  it(
    'a signed-out visitor opens the agent’s public page, pays on its pay page with the sandbox card and gets a receipt',
    async () => {
      await visitor.goto(`${server.url}/u/agent1`);
      await visitor.getByRole('heading', { name: 'Acme Front Desk', level: 1 }).waitFor();
      expect(await visitor.getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:+15550100001');
      expect(await visitor.getByRole('link', { name: 'Text' }).getAttribute('href')).toBe('sms:+15550100001');
      await screenshots(visitor, 'public-profile');

      await visitor.getByRole('link', { name: 'Pay Acme Front Desk' }).click();
      await visitor.waitForURL(/\/pay\/agent1$/);
      await visitor.getByText('Acme Front Desk receives the amount less a 15% platform fee.').waitFor();
      await visitor.getByText('Sandbox: no real money moves').waitFor();
      await visitor.getByLabel('Amount (USD)').fill('0.2');
      await visitor.getByRole('button', { name: 'Pay by card' }).click();
      await visitor.getByText('Enter at least $0.50').waitFor();
      await visitor.getByLabel('Amount (USD)').fill('25');
      await visitor.getByLabel('Your name').fill('Pat Payer');
      await visitor.getByLabel('Email for the receipt').fill('pat@example.com');
      await visitor.getByLabel('Note').fill('Thanks for the booking');
      await screenshots(visitor, 'pay-agent');

      await visitor.getByRole('button', { name: 'Pay by card' }).click();
      await visitor.waitForURL(/\/app\/dev\/checkout\/cs_/);
      await visitor.getByRole('heading', { name: '$25.00' }).waitFor();
      await visitor.getByLabel('Card number').fill('4242 4242 4242 4242');
      await visitor.getByLabel('Expiry').fill('12 / 34');
      await visitor.getByLabel('CVC').fill('123');
      await visitor.getByRole('button', { name: 'Pay $25.00' }).click();
      await visitor.waitForURL(/\/pay\/agent1\?session_id=cs_/);
      await visitor.getByRole('heading', { name: 'Payment received' }).waitFor();
      await visitor.getByText('A receipt is on its way to pat@example.com.').waitFor();
      await screenshots(visitor, 'pay-agent-paid');

      const outbox = (await (
        await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent('pat@example.com')}&limit=1`)
      ).json()) as { items: { subject: string }[] };
      expect(outbox.items[0]?.subject).toBe('Receipt: $25.00 paid to @agent1');

      // Lightning: an invoice to the account, paid from the sandbox node, shows the same outcome.
      await visitor.goto(`${server.url}/pay/agent1`);
      await visitor.getByLabel('Amount (USD)').fill('4');
      await visitor.getByText('Lightning', { exact: true }).click();
      await visitor.getByRole('button', { name: 'Get a Lightning invoice' }).click();
      await visitor.getByText('Waiting for payment').waitFor();
      await screenshots(visitor, 'pay-agent-lightning');
      await visitor.getByRole('button', { name: 'Pay it with the sandbox wallet' }).click();
      await visitor.getByRole('heading', { name: 'Payment received' }).waitFor();
      expect(errors).toEqual([]);
    },
    slow,
  );

  it(
    'the agent’s account sees the payment less the fee in its wallet, and its page statistics',
    async () => {
      const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
      const owner = await context.newPage();
      owner.on('pageerror', (error) => errors.push(error.message));
      await signInWithCode(owner, server.url, 'agent1@demo.switchboard.test', 'Acme Front Desk');
      await owner.goto(`${server.url}${new URL(owner.url()).pathname}?transactions`);
      const history = owner.getByRole('dialog', { name: 'Transactions' });
      const line = history.getByRole('row').filter({ hasText: 'Payment received by card from Pat Payer' });
      await line.waitFor();
      expect(await line.innerText()).toContain('+$21.25');
      await screenshots(owner, 'pay-agent-wallet');

      await owner.goto(`${server.url}${new URL(owner.url()).pathname}?pageStats`);
      const stats = owner.getByRole('dialog', { name: 'Public page and payments' });
      await stats.getByText('Payments received').waitFor();
      await stats.getByRole('row').filter({ hasText: 'Pat Payer' }).waitFor();
      expect(await stats.getByRole('row').filter({ hasText: 'Pat Payer' }).innerText()).toContain('$21.25');
      await screenshots(owner, 'pay-agent-stats');

      await owner.goto(`${server.url}${new URL(owner.url()).pathname}?referrals`);
      const referrals = owner.getByRole('dialog', { name: 'Invite and earn' });
      await referrals.getByLabel('Invite by email or phone').fill('agent1@demo.switchboard.test');
      await referrals.getByRole('button', { name: 'Invite' }).click();
      await referrals.getByText('target: is this account’s own address').waitFor();
      await referrals.getByLabel('Invite by email or phone').fill('friend@example.com');
      await referrals.getByRole('button', { name: 'Invite' }).click();
      await referrals.getByRole('cell', { name: 'friend@example.com' }).waitFor();
      await screenshots(owner, 'referrals');
      expect(errors).toEqual([]);
    },
    slow,
  );
});
