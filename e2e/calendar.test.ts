import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCalendlyServer, type FakeCalendlyServer } from '@switchboard/testing';
import { startBuiltServer, type BuiltServer } from './support/built-server';
import { launchBrowser, saveScreenshot } from './support/browser';
import { signInWithCode } from './support/outbox';

let calendly: FakeCalendlyServer;
let server: BuiltServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
let agentPath = '';

/** Saves the page at desktop size and at a phone's 390 x 844, then goes back to desktop. */
async function screenshots(name: string): Promise<void> {
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, `${name}-mobile`);
  await page.setViewportSize({ width: 1280, height: 860 });
}

beforeAll(async () => {
  calendly = await startFakeCalendlyServer();
  server = await startBuiltServer(
    // JobNimbus is left unset: its offline stand-in. The demo partner's team takes calls booked on /schedule.
    { CALENDLY_API_URL: calendly.url, SIP_PORT: 'off', SALES_ACCOUNT_USERNAME: 'partner' },
    { healthyWithinMs: 240_000 },
  );
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await signInWithCode(page, server.url, 'acme@demo.switchboard.test', 'Acme Dental');
  await page.getByRole('cell', { name: 'Acme After Hours', exact: true }).click();
  await page.getByRole('heading', { name: 'Acme After Hours', level: 1 }).waitFor();
  agentPath = new URL(page.url()).pathname;
}, 300_000);

afterAll(async () => {
  await context.close();
  await browser.close();
  await server.dispose();
  await calendly.close();
});

/** What to say to book the next open day at 3 pm (the demo practice is open Monday to Friday, Chicago time). */
function nextOpenDayPhrase(): string {
  const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'America/Chicago' }).format(
    new Date(Date.now() + 24 * 3600_000),
  );
  return weekday === 'Saturday' || weekday === 'Sunday' ? 'on Monday' : 'tomorrow';
}

describe('the schedule and calendars', () => {
  it('edits the schedule: refuses inverted hours with the reason, then saves Saturday hours and a day off', async () => {
    await page.goto(`${server.url}${agentPath}?schedule`);
    const overlay = page.getByRole('dialog', { name: 'Schedule and calendars' });
    await overlay.getByText('Sandbox · in use').waitFor();
    await overlay.getByRole('switch', { name: 'Saturday' }).click({ force: true });
    await overlay.getByLabel('Saturday hours 1 to').fill('08:00');
    await overlay.getByRole('button', { name: 'Save schedule' }).click();
    await overlay.getByText('body.weeklyHours.saturday.0.end: must end after it starts').waitFor();
    await overlay.getByLabel('Saturday hours 1 to').fill('12:00');
    await overlay.getByLabel('Date to block').fill('2030-12-24');
    await overlay.getByRole('button', { name: 'Block date' }).click();
    await overlay.getByLabel('Buffer between appointments (minutes)').fill('15');
    await overlay.getByRole('button', { name: 'Save schedule' }).click();
    await overlay.getByText('Schedule saved.').waitFor();
    await screenshots('calendar-schedule');
    await page.reload();
    const reopened = page.getByRole('dialog', { name: 'Schedule and calendars' });
    await reopened.getByText('2030-12-24').waitFor();
    expect(await reopened.getByLabel('Saturday hours 1 to').inputValue()).toBe('12:00');
    expect(await reopened.getByLabel('Buffer between appointments (minutes)').inputValue()).toBe('15');
  });

  it('connects Calendly with a token (a wrong one is refused with the reason) and disconnects', async () => {
    const overlay = page.getByRole('dialog', { name: 'Schedule and calendars' });
    await overlay.getByLabel('Personal access token').fill('wrong-token');
    await overlay.getByRole('button', { name: 'Connect Calendly' }).click();
    await overlay.getByText(/Calendly refused the token/).waitFor();
    await overlay.getByLabel('Personal access token').fill(calendly.token);
    await overlay.getByRole('button', { name: 'Connect Calendly' }).click();
    await overlay.getByText('Dana Clinic (dana@clinic.example)').waitFor();
    // The built-in calendar's badge: no longer "in use" once Calendly is connected.
    await overlay.getByText('Sandbox', { exact: true }).first().waitFor();
    await screenshots('calendar-calendly-connected');
    await overlay.getByRole('button', { name: 'Disconnect Calendly' }).click();
    await overlay.getByText('Sandbox · in use').waitFor();
    expect(calendly.webhooks.size).toBe(0);
    expect(errors).toEqual([]);
  });

  it(
    'connects the sandbox Google calendar through its consent page, books by test chat and lists the booking',
    { timeout: 120_000 },
    async () => {
      await page.goto(`${server.url}/app`);
      await page.getByRole('cell', { name: 'Acme Front Desk', exact: true }).click();
      await page.getByRole('heading', { name: 'Acme Front Desk', level: 1 }).waitFor();
      const frontDesk = new URL(page.url()).pathname;
      await page.goto(`${server.url}${frontDesk}?schedule`);
      const overlay = page.getByRole('dialog', { name: 'Schedule and calendars' });
      await overlay.getByText('No upcoming bookings.', { exact: false }).waitFor();
      await overlay.getByRole('button', { name: 'Connect Google Calendar' }).click();
      await page.getByRole('heading', { name: 'Switchboard wants to access your Google Account' }).waitFor();
      await page.getByText('Sandbox Google', { exact: true }).waitFor();
      await screenshots('calendar-google-sandbox-consent');
      await page.getByRole('button', { name: 'Allow' }).click();
      const back = page.getByRole('dialog', { name: 'Schedule and calendars' });
      await back.getByText('Bookings go to Sandbox calendar.').waitFor({ timeout: 20_000 });
      expect(new URL(page.url()).pathname).toBe(frontDesk);
      await back.getByLabel('Main calendar (bookings go here)').waitFor();

      await page.goto(`${server.url}${frontDesk}?testAgent`);
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
      await panel
        .getByRole('log')
        .locator('[data-side="agent"]')
        .filter({ hasText: /booked for Dana Reyes/i })
        .first()
        .waitFor({ timeout: 20_000 });

      await page.goto(`${server.url}${frontDesk}?schedule`);
      const bookings = page.getByRole('dialog', { name: 'Schedule and calendars' }).getByRole('table', {
        name: 'Bookings',
      });
      const row = bookings.getByRole('row').filter({ hasText: 'Dana Reyes' });
      await row.waitFor({ timeout: 20_000 });
      expect(await row.innerText()).toMatch(
        /3:00 PM \(America\/Chicago\)[\s\S]*Google Calendar[\s\S]*Sandbox/i,
      );
      await row.scrollIntoViewIfNeeded();
      await screenshots('calendar-google-bookings');
      await row.getByRole('button', { name: 'Cancel the booking of Dana Reyes' }).click();
      await row.getByText('Cancelled').waitFor();
      expect(errors).toEqual([]);
    },
  );

  it('connects the sandbox JobNimbus with an API key (a wrong one refused with the reason) and disconnects', async () => {
    await page.goto(`${server.url}${agentPath}?schedule`);
    const overlay = page.getByRole('dialog', { name: 'Schedule and calendars' });
    const card = overlay.locator('.mantine-Card-root').filter({ hasText: 'JobNimbus' });
    await card.getByText('Sandbox', { exact: true }).waitFor();
    await card.getByLabel('JobNimbus API key').fill('jn_live_wrong');
    await card.getByRole('button', { name: 'Connect JobNimbus' }).click();
    await card.getByText(/JobNimbus refused the API key: Invalid API key \(401\)/).waitFor();
    await card.getByLabel('JobNimbus API key').fill('jn_sandbox_demo_team');
    await card.getByRole('button', { name: 'Connect JobNimbus' }).click();
    await card.getByText('connected', { exact: true }).waitFor();
    await card.getByText(/Each booking adds the caller as a contact/).waitFor();
    await overlay.getByText('Sandbox', { exact: true }).first().waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshots('calendar-jobnimbus-connected');
    await card.getByRole('button', { name: 'Disconnect JobNimbus' }).click();
    await card.getByText('disconnected', { exact: true }).waitFor();
    await overlay.getByText('Sandbox · in use').waitFor();
    expect(errors).toEqual([]);
  });

  it('books a call with the team on /schedule: the zone is shown, a taken slot says so, a booked one disappears', async () => {
    await page.goto(`${server.url}/schedule`);
    await page.getByRole('heading', { name: 'Book a call with Demo Partner', level: 1 }).waitFor();
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await page.getByText(`Times in ${zone.replace(/_/g, ' ')}`, { exact: false }).waitFor();
    const times = page.getByRole('group', { name: 'Open times' });
    const next = page.getByRole('button', { name: /^Next open day/ });
    await expect
      .poll(async () => (await times.count()) + (await next.count()), { timeout: 20_000 })
      .toBeGreaterThan(0);
    if ((await times.count()) === 0) await next.click();
    const slots = times.getByRole('button');
    await slots.first().waitFor();
    const count = await slots.count();
    await screenshots('schedule-page-slots');

    // The first time is booked elsewhere while this page shows it: booking it shows the server's reason.
    await slots.first().click();
    const takenStart = (await slots.first().getAttribute('data-start')) ?? '';
    const status = await page.evaluate(async (start) => {
      const answer = await fetch('/api/v1/schedule/team/bookings', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('token') ?? ''}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ start, timezone: 'UTC', name: 'Someone Else', email: 'someone@example.com' }),
      });
      return answer.status;
    }, takenStart);
    expect(status).toBe(201);
    const form = page.getByRole('form', { name: 'Your details' });
    await form.getByRole('button', { name: /^Book / }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'That time was just taken; pick another of the open times' })
      .waitFor();
    await expect.poll(() => slots.count(), { timeout: 10_000 }).toBe(count - 1);

    await slots.first().click();
    const chosen = await slots.first().innerText();
    await screenshots('schedule-page-form');
    await form.getByLabel('Phone').fill('+1 555 010 2000');
    await form.getByLabel('What would you like to talk about?').fill('Tune the booking flow of my agent');
    await form.getByRole('button', { name: `Book ${chosen}` }).click();
    await page.getByText('Your call is booked').waitFor();
    await expect.poll(() => slots.count(), { timeout: 10_000 }).toBe(count - 2);
    await screenshots('schedule-page-booked');
    expect(errors).toEqual([]);
  });
});
