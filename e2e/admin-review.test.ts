import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './support/browser';
import { startBuiltServer, type BuiltServer } from './support/built-server';
import { latestCode } from './support/outbox';

let server: BuiltServer;
let browser: Browser;
const errors: string[] = [];
const slow = 240_000;
const desktop = { width: 1360, height: 900 };
/** Two contacts text acme's agents; both are blocked afterwards, which puts their conversations up for review. */
const callers = { first: '+15550199377', second: '+15550199388' };
const reason = 'Blocked by mistake: the caller was a patient';

async function screenshots(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction(() => document.getAnimations().every((each) => each.playState !== 'running'));
  await saveScreenshot(page, `${name}-mobile`);
  await page.setViewportSize(desktop);
}

async function signIn(who: string): Promise<Page> {
  const context = await browser.newContext({ viewport: desktop });
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  const email = `${who}@demo.switchboard.test`;
  await page.goto(`${server.url}/app`);
  await page.getByLabel('Email or phone').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Enter the 6-digit code').waitFor();
  await page.keyboard.type(await latestCode(server.url, email));
  await page.locator('.mantine-AppShell-navbar a[href]').first().waitFor({ state: 'attached' });
  return page;
}

/** A contact texts an agent on the sandbox SMS network and waits for its answer: a charged conversation. */
async function textAgent(agent: string, from: string): Promise<void> {
  const sent = await fetch(`${server.url}/api/sandbox/sms/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to: agent, from, text: 'Can I move my cleaning to Friday?' }),
  });
  expect(sent.status).toBe(202);
  await expect
    .poll(
      async () => {
        const outbox = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(from)}&limit=1`);
        return ((await outbox.json()) as { items: unknown[] }).items.length;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(1);
}

beforeAll(async () => {
  server = await startBuiltServer({}, { healthyWithinMs: slow });
  browser = await launchBrowser();
}, slow + 120_000);
afterAll(async () => {
  await browser.close();
  await server.dispose();
});

describe('the super admin reviews flagged conversations', () => {
  it(
    'filters the queue by phone number, refunds one with a reason, and finds it on the audit trail',
    async () => {
      await textAgent('agent1', callers.first);
      await textAgent('agent2', callers.second);
      const acme = await signIn('acme');
      for (const caller of Object.values(callers)) {
        const status = await acme.evaluate(async (targetUsername) => {
          const token = encodeURIComponent(localStorage.getItem('token') ?? '');
          const response = await fetch(`/api/v1/block?token=${token}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ targetUsername, blocked: true }),
          });
          return response.status;
        }, caller);
        expect(status).toBe(200);
      }

      const page = await signIn('superadmin');
      await page.goto(`${server.url}/app/home?reviewQueue`);
      const queue = page.getByRole('dialog', { name: 'Conversations to review' });
      const cards = queue.locator('[data-conversation]');
      // Charges are written just after the agent answers: the queue is read again until both are refundable.
      await expect
        .poll(
          async () => {
            await page.reload();
            await cards
              .first()
              .waitFor({ timeout: 15_000 })
              .catch(() => undefined);
            return queue.getByRole('button', { name: /^Refund up to \$0\.\d\d$/ }).count();
          },
          { timeout: 60_000, interval: 1000 },
        )
        .toBe(2);

      const phone = queue.locator('input').and(queue.getByLabel('Phone number'));
      await phone.click();
      const choices = await page.getByRole('option').allInnerTexts();
      expect(choices).toEqual(expect.arrayContaining([callers.first, callers.second]));
      expect(choices).toEqual([...choices].sort());
      await page.getByRole('option', { name: callers.first, exact: true }).click();
      expect(await phone.inputValue()).toBe(callers.first);
      await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(1);
      const card = cards.first();
      expect(await card.innerText()).toContain(`${callers.first} →`);
      expect(await card.textContent()).toContain('Blocked caller');
      await screenshots(page, 'admin-review-filtered');

      const refundButton = card.getByRole('button', { name: /^Refund up to / });
      const refundable = (/\$(\d+\.\d\d)/.exec(await refundButton.innerText()) ?? [])[1] ?? '';
      await refundButton.click();
      await card.getByLabel("Reason (on the account's transaction)").fill(reason);
      await screenshots(page, 'admin-review-refund-form');
      await card.getByRole('button', { name: 'Refund to @acme' }).click();
      const refused = card.getByRole('alert');
      const done = card.getByRole('button', { name: 'Nothing to refund' });
      await refused.or(done).first().waitFor({ timeout: 15_000 });
      expect(await refused.count(), await refused.allInnerTexts().then((texts) => texts.join())).toBe(0);
      await page.getByText(new RegExp(`\\$${refundable.replace('.', '\\.')} to @acme\\.`)).waitFor();
      expect(await card.innerText()).toContain(`given back $${refundable}`);

      // Clearing the filter shows both again; the other one is still refundable.
      await queue.getByRole('button', { name: 'Show all numbers' }).click();
      expect(await phone.inputValue()).toBe('');
      await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(2);
      // The unfiltered list was read before the refund: it is read again when shown.
      await expect
        .poll(() => queue.getByRole('button', { name: /^Refund up to / }).count(), { timeout: 15_000 })
        .toBe(1);

      await page.goto(`${server.url}/app/home?adminAudit`);
      const trail = page.getByRole('dialog', { name: 'Super admin audit trail' });
      const entry = trail.locator('[data-audit-event]').first();
      await entry.waitFor();
      const text = await entry.innerText();
      expect(text).toContain('By superadmin@demo.switchboard.test');
      expect(text).toContain('to acme, conversation ');
      expect(text).toContain('POST /internal/issueRefundToUser');
      expect(text).toContain(reason);
      expect(text).toContain(`"usdAmount": ${Number(refundable)}`);
      await screenshots(page, 'admin-audit-trail');
      expect(errors).toEqual([]);
    },
    slow,
  );
});
