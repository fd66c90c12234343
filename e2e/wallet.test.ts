import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './support/browser';
import { startBuiltServer } from './support/built-server';
import { latestCode } from './support/outbox';

let server: Awaited<ReturnType<typeof startBuiltServer>>;
let browser: Browser;
let page: Page;
const errors: string[] = [];
const email = 'acme@demo.switchboard.test';
let balanceBefore = 0;

/** Saves the page at desktop size and at a phone's 390 x 844, then goes back to desktop. */
async function screenshots(name: string): Promise<void> {
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, `${name}-mobile`);
  await page.setViewportSize({ width: 1360, height: 900 });
}

/** The balance the header shows, in cents. */
async function headerBalanceCents(): Promise<number> {
  const text = await page.getByTestId('header-balance').innerText();
  return Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
}

/** The wallet overlay's balance to the last digit (usage is charged in fractions of a cent). */
async function exactBalance(): Promise<number> {
  const shown = page.getByRole('dialog', { name: 'Wallet' }).getByTestId('wallet-balance');
  await shown.waitFor();
  return Number((await shown.innerText()).replace(/[^0-9.]/g, ''));
}

/** From the wallet overlay: add funds by card and land on the card page. */
async function startCardCheckout(amount: string): Promise<void> {
  await page.getByRole('dialog', { name: 'Wallet' }).getByRole('button', { name: 'Add funds' }).click();
  const addFunds = page.getByRole('dialog', { name: 'Add funds' });
  await addFunds.getByRole('tab', { name: 'Card' }).waitFor();
  await addFunds.getByLabel('Amount (USD)').fill(amount);
  await addFunds.getByRole('button', { name: 'Pay by card' }).click();
  await page.waitForURL(/\/app\/dev\/checkout\/cs_/);
  await page.getByText('Sandbox checkout').waitFor();
}

async function fillCard(number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

beforeAll(async () => {
  server = await startBuiltServer();
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
});
afterAll(async () => {
  await browser.close();
  await server.dispose();
});

describe('wallet', () => {
  it('opens the wallet from the balance in the header', async () => {
    await page.getByTestId('header-balance').waitFor();
    balanceBefore = await headerBalanceCents();
    await page.getByTestId('header-balance').click();
    const wallet = page.getByRole('dialog', { name: 'Wallet' });
    await wallet.getByTestId('wallet-balance').waitFor();
    expect(await wallet.getByTestId('wallet-balance').innerText()).toBe(
      await page.getByTestId('header-balance').innerText(),
    );
    await wallet.getByText('Recent transactions').waitFor();
    await screenshots('wallet');
  });

  it('adds $20 by card on the sandbox checkout and sees the credit in the header and the history', async () => {
    await page.getByRole('dialog', { name: 'Wallet' }).getByRole('button', { name: 'Add funds' }).click();
    await page.getByRole('dialog', { name: 'Add funds' }).getByLabel('Amount (USD)').waitFor();
    await screenshots('wallet-add-funds');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Add funds' }).waitFor({ state: 'hidden' });

    await startCardCheckout('20');
    await page.getByText('No real card is charged').waitFor();
    await page.getByRole('heading', { name: '$20.00' }).waitFor();
    await screenshots('wallet-sandbox-checkout');

    await fillCard('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $20.00' }).click();
    await page.waitForURL(/\/payment\/success\?session_id=cs_/);
    await page.getByText('$20.00 has been added to the wallet').waitFor();
    await page.getByRole('link', { name: 'Open wallet' }).click();

    const wallet = page.getByRole('dialog', { name: 'Wallet' });
    await wallet.getByTestId('wallet-balance').waitFor();
    await expect.poll(headerBalanceCents).toBe(balanceBefore + 2000);
    await wallet.getByRole('button', { name: 'See all' }).click();
    const history = page.getByRole('dialog', { name: 'Transactions' });
    const line = history.getByRole('row').filter({ hasText: 'Top-up by card' });
    await line.waitFor();
    expect(await line.innerText()).toContain('+$20.00');
    await screenshots('wallet-transactions');
  });

  it('shows the decline on the checkout page, and a cancelled checkout charges nothing', async () => {
    const balance = await headerBalanceCents();
    await page.goto(`${server.url}/app/home?wallet`);
    await page.getByRole('dialog', { name: 'Wallet' }).getByTestId('wallet-balance').waitFor();
    await startCardCheckout('15');
    await fillCard('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $15.00' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(page.url()).toMatch(/\/app\/dev\/checkout\/cs_/);
    await screenshots('wallet-card-declined');

    await page.getByRole('link', { name: 'Cancel and go back' }).click();
    await page.getByRole('heading', { name: 'Checkout cancelled' }).waitFor();
    await page.getByText('Nothing was charged').waitFor();
    await screenshots('wallet-checkout-cancelled');
    await page.getByRole('link', { name: 'Back to the wallet' }).click();
    await page.getByRole('dialog', { name: 'Wallet' }).getByTestId('wallet-balance').waitFor();
    expect(await headerBalanceCents()).toBe(balance);
    expect(balance).toBe(balanceBefore + 2000);
    expect(errors).toEqual([]);
  });

  it('adds $5 by Lightning: the invoice as a QR code turns paid without a reload once a wallet pays it', async () => {
    const balance = await headerBalanceCents();
    await page.goto(`${server.url}/app/home?addFunds`);
    const addFunds = page.getByRole('dialog', { name: 'Add funds' });
    await addFunds.getByRole('tab', { name: 'Lightning' }).click();
    await addFunds.getByLabel('Amount (USD)').fill('5');
    await addFunds.getByRole('button', { name: 'Create Lightning invoice' }).click();
    await addFunds.getByLabel('Lightning invoice QR code').waitFor();
    await addFunds.getByText('Waiting for payment').waitFor();
    await addFunds.getByText('Sandbox Lightning node').waitFor();
    await screenshots('wallet-lightning-invoice');

    // Paid from outside the page, as a payer's own wallet would: the page notices by itself.
    const invoice = (
      await addFunds.locator('pre, code').filter({ hasText: /^ln/ }).first().innerText()
    ).trim();
    const paid = await fetch(`${server.url}/api/sandbox/lightning/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ invoice }),
    });
    expect(paid.status).toBe(200);
    await addFunds.getByText(/sats arrived: \$5\.00 is in your wallet/).waitFor({ timeout: 20_000 });
    await expect.poll(headerBalanceCents, { timeout: 10_000 }).toBe(balance + 500);
    await screenshots('wallet-lightning-paid');
    expect(errors).toEqual([]);
  });

  it('talks to the demo agent by chat, then sees the usage charge in the transactions and the balance lowered', async () => {
    await page.goto(`${server.url}/app/home?wallet`);
    const before = await exactBalance();
    await page.goto(`${server.url}/app/home`);
    await page.getByRole('cell', { name: 'Acme Front Desk', exact: true }).click();
    await page.getByRole('heading', { name: 'Acme Front Desk', level: 1 }).waitFor();
    await page.goto(`${server.url}${new URL(page.url()).pathname}?testAgent`);
    const panel = page.locator('[data-overlay-flag="testAgent"]');
    const message = panel.getByRole('textbox', { name: 'Message' });
    await expect.poll(() => message.isEnabled(), { timeout: 20_000 }).toBe(true);
    await message.fill('What are your opening hours?');
    await message.press('Enter');
    await panel
      .getByRole('log')
      .locator('[data-side="agent"]')
      .filter({ hasText: /9 am to 6 pm/i })
      .first()
      .waitFor({ timeout: 30_000 });

    // Leaving the test drawer ends the conversation; its tokens are charged as it closes.
    const history = page.getByRole('dialog', { name: 'Transactions' });
    const usageLine = history.getByRole('row').filter({ hasText: 'Model tokens in' });
    await expect
      .poll(
        async () => {
          await page.goto(`${server.url}/app/home?transactions`);
          await history.getByRole('table', { name: 'Transactions' }).waitFor();
          return usageLine.count();
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    expect(await usageLine.first().innerText()).toMatch(/usage[\s\S]*−\$0\.0\d+/i);
    await screenshots('wallet-usage-charge');
    await page.goto(`${server.url}/app/home?wallet`);
    expect(await exactBalance()).toBeLessThan(before);
    expect(errors).toEqual([]);
  });
});
