import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from './support/built-server';
import { launchBrowser, saveScreenshot } from './support/browser';
import { signInWithCode } from './support/outbox';

// CALENDLY_API_URL is left unset: a `cal_sandbox_…` token connects Calendly's offline stand-in (decisions/056).
let server: BuiltServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
let agentPath = '';

/** Saves the page at desktop size and at a phone's 390 x 844, then goes back to desktop. */
async function screenshots(name: string, shown?: Locator, on: Page = page): Promise<void> {
  await shown?.scrollIntoViewIfNeeded();
  await saveScreenshot(on, name);
  await on.setViewportSize({ width: 390, height: 844 });
  // The overlay scrolls on its own: what the picture is of is brought into view at the phone's size too.
  await shown?.scrollIntoViewIfNeeded();
  await saveScreenshot(on, `${name}-mobile`);
  await on.setViewportSize({ width: 1280, height: 860 });
}

beforeAll(async () => {
  // The demo partner's team takes the calls booked on /schedule.
  server = await startBuiltServer(
    { SIP_PORT: 'off', SALES_ACCOUNT_USERNAME: 'partner' },
    { healthyWithinMs: 240_000 },
  );
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await signInWithCode(page, server.url, 'acme@demo.switchboard.test', 'Acme Dental');
  await page.getByRole('cell', { name: 'Acme Front Desk', exact: true }).click();
  await page.getByRole('heading', { name: 'Acme Front Desk', level: 1 }).waitFor();
  agentPath = new URL(page.url()).pathname;
}, 300_000);

afterAll(async () => {
  await context.close();
  await browser.close();
  await server.dispose();
});

/** What to say to book the next open day at 3 pm (the demo practice is open Monday to Friday, Chicago time). */
function nextOpenDayPhrase(): string {
  const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'America/Chicago' }).format(
    new Date(Date.now() + 24 * 3600_000),
  );
  return weekday === 'Saturday' || weekday === 'Sunday' ? 'on Monday' : 'tomorrow';
}

/** The schedule overlay of the agent, and its Calendly card. */
async function openCalendars(
  on: Page = page,
  path = agentPath,
): Promise<{ overlay: Locator; card: Locator }> {
  await on.goto(`${server.url}${path}?schedule`);
  const overlay = on.getByRole('dialog', { name: 'Schedule and calendars' });
  const card = overlay
    .locator('.mantine-Card-root')
    .filter({ has: on.getByText('Calendly', { exact: true }) });
  await card.waitFor();
  return { overlay, card };
}

describe('Calendly in the sandbox', () => {
  it('refuses a token the sandbox rejects with the server’s reason, and keeps Calendly disconnected', async () => {
    const { overlay, card } = await openCalendars();
    await overlay.getByText('Sandbox · in use').waitFor();
    await card.getByText('disconnected', { exact: true }).waitFor();
    await card.getByText(/a token starting cal_sandbox_ connects the offline stand-in/).waitFor();
    // Too short to name a sandbox account: the stand-in answers 401 as Calendly does for an unknown token.
    await card.getByLabel('Personal access token').fill('cal_sandbox_x');
    await card.getByRole('button', { name: 'Connect Calendly' }).click();
    await card
      .getByRole('alert')
      .filter({ hasText: /Calendly refused the token \(.*invalid.*\)/i })
      .waitFor();
    await card.getByText('disconnected', { exact: true }).waitFor();
    await screenshots('calendly-sandbox-refused', card);
    expect(errors).toEqual([]);
  });

  it('connects the sandbox, shows its event types, and the test chat offers a time of the chosen one', async () => {
    const { overlay, card } = await openCalendars();
    await card.getByLabel('Personal access token').fill('cal_sandbox_acme_front_desk');
    await card.getByRole('button', { name: 'Connect Calendly' }).click();
    await card.getByText('connected', { exact: true }).waitFor();
    await card.getByText('Sandbox', { exact: true }).waitFor();
    // Bookings leave the built-in calendar for Calendly.
    await overlay.getByText('Sandbox', { exact: true }).first().waitFor();
    expect(await overlay.getByText('Sandbox · in use').count()).toBe(0);

    const eventType = card.getByLabel('Event type the agent books', { exact: true });
    expect(await eventType.inputValue()).toBe('30 Minute Meeting (30 min)');
    await eventType.click();
    const options = page.getByRole('listbox');
    await options.getByRole('option', { name: '30 Minute Meeting (30 min)' }).waitFor();
    await screenshots('calendly-sandbox-event-types', card);
    await options.getByRole('option', { name: '60 Minute Consultation (60 min)' }).click();
    await card.getByText('Agents now book 60 Minute Consultation (60 min).').waitFor();
    expect(await eventType.inputValue()).toBe('60 Minute Consultation (60 min)');
    await screenshots('calendly-sandbox-connected', card);

    await page.goto(`${server.url}${agentPath}?testAgent`);
    const panel = page.locator('[data-overlay-flag="testAgent"]');
    const message = panel.getByRole('textbox', { name: 'Message' });
    await expect.poll(() => message.isEnabled(), { timeout: 20_000 }).toBe(true);
    await message.fill(`I'd like to book an appointment ${nextOpenDayPhrase()} at 3pm`);
    await message.press('Enter');
    await panel
      .getByRole('log')
      .getByText(/your name/i)
      .waitFor({ timeout: 20_000 });
    await message.fill('Dana Reyes');
    await message.press('Enter');
    // A test chat has no caller's email, which Calendly needs to book by API: the agent hands back a
    // single-use link of the chosen event type for the time (what a caller without an email is texted).
    const offered = panel
      .getByRole('log')
      .locator('[data-side="agent"]')
      .filter({ hasText: /this single-use link books it: https:\/\/calendly\.sandbox\.invalid\/d\// })
      .first();
    await offered.waitFor({ timeout: 20_000 });
    expect(await offered.innerText()).toMatch(/at 3:00 PM/);
    await screenshots('calendly-sandbox-test-chat');

    const { overlay: reopened } = await openCalendars();
    await reopened.getByText('No upcoming bookings.', { exact: false }).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it(
    'books by API into the team’s sandbox Calendly from /schedule, and the booking is listed as Calendly · Sandbox',
    { timeout: 120_000 },
    async () => {
      const partnerContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
      const partner = await partnerContext.newPage();
      partner.on('pageerror', (error) => errors.push(error.message));
      await signInWithCode(partner, server.url, 'partner@demo.switchboard.test', 'Demo Partner');
      const home = new URL(partner.url()).pathname;
      const { card } = await openCalendars(partner, home);
      await card.getByLabel('Personal access token').fill('cal_sandbox_demo_partner_team');
      await card.getByRole('button', { name: 'Connect Calendly' }).click();
      await card.getByText('connected', { exact: true }).waitFor();
      await card.getByText('Sandbox', { exact: true }).waitFor();

      // The caller has an email here, so Calendly books by API.
      await page.goto(`${server.url}/schedule`);
      await page.getByRole('heading', { name: 'Book a call with Demo Partner', level: 1 }).waitFor();
      const times = page.getByRole('group', { name: 'Open times' });
      const next = page.getByRole('button', { name: /^Next open day/ });
      await expect
        .poll(async () => (await times.count()) + (await next.count()), { timeout: 20_000 })
        .toBeGreaterThan(0);
      if ((await times.count()) === 0) await next.click();
      const slot = times.getByRole('button').first();
      await slot.click();
      const chosen = await slot.innerText();
      const form = page.getByRole('form', { name: 'Your details' });
      await form.getByLabel('What would you like to talk about?').fill('Calendly bookings');
      await form.getByRole('button', { name: `Book ${chosen}` }).click();
      await page.getByText('Your call is booked').waitFor();

      const { overlay } = await openCalendars(partner, home);
      const row = overlay
        .getByRole('table', { name: 'Bookings' })
        .getByRole('row')
        .filter({ hasText: 'Calendly bookings' });
      await row.waitFor({ timeout: 20_000 });
      expect(await row.innerText()).toMatch(/Calendly\s*Sandbox/i);
      await screenshots('calendly-sandbox-team-booking', row, partner);
      const { card: again } = await openCalendars(partner, home);
      await again.getByRole('button', { name: 'Disconnect Calendly' }).click();
      await again.getByText('disconnected', { exact: true }).waitFor();
      await partnerContext.close();
      expect(errors).toEqual([]);
    },
  );

  it('disconnects Calendly: bookings go to the built-in calendar again', async () => {
    const { overlay, card } = await openCalendars();
    await card.getByRole('button', { name: 'Disconnect Calendly' }).click();
    await card.getByText('disconnected', { exact: true }).waitFor();
    await overlay.getByText('Sandbox · in use').waitFor();
    expect(await card.getByLabel('Event type the agent books', { exact: true }).count()).toBe(0);
    await screenshots('calendly-sandbox-disconnected', card);
    expect(errors).toEqual([]);
  });
});
