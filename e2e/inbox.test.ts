// Two people at once: a contact texting an agent through the sandbox page, and a signed-in user whose inbox shows
// the text live, watches the agent answer, switches the agent off and replies by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './support/browser';
import { startBuiltServer } from './support/built-server';
import { latestCode } from './support/outbox';

let server: Awaited<ReturnType<typeof startBuiltServer>>;
let browser: Browser;
let contact: Page;
let user: Page;
const errors: string[] = [];
const contactNumber = '+15550199001';
const contactShown = '+1 (555) 019-9001';

beforeAll(async () => {
  server = await startBuiltServer();
  browser = await launchBrowser();
  contact = await (await browser.newContext({ viewport: { width: 900, height: 800 } })).newPage();
  user = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  for (const page of [contact, user]) page.on('pageerror', (error) => errors.push(error.message));

  await user.goto(`${server.url}/app`);
  await user.getByLabel('Email or phone').fill('agent1@demo.switchboard.test');
  await user.getByRole('button', { name: 'Continue' }).click();
  await user.getByText('Enter the 6-digit code').waitFor();
  await user.keyboard.type(await latestCode(server.url, 'agent1@demo.switchboard.test'));
  await user.getByRole('heading', { name: 'Acme Front Desk', level: 1 }).waitFor();
}, 120_000);
afterAll(async () => {
  await browser.close();
  await server.dispose();
});

const thread = () => user.locator('[data-message-id]');

describe('the live inbox', () => {
  it('shows a contact’s text the moment it arrives, with the agent’s answer', async () => {
    await user.getByRole('link', { name: 'Inbox' }).click();
    await user.getByRole('tab', { name: 'Agent' }).click();
    await user.getByText('No conversations handled by the agent yet.').waitFor();
    await user.getByText('Live', { exact: true }).waitFor();

    await contact.goto(`${server.url}/app/dev/sms?to=agent1&from=${encodeURIComponent(contactNumber)}`);
    await contact.getByText('Acme Front Desk · +15550100001').waitFor();
    await contact.getByLabel('Message').fill('Hi, do you have an opening tomorrow morning?');
    await contact.getByRole('button', { name: 'Send' }).click();

    // No reload: the room appears through /api/realtime.
    const row = user.locator('[data-room-id]', { hasText: contactShown });
    await row.waitFor({ timeout: 10_000 });
    await row.click();
    await thread().filter({ hasText: 'do you have an opening tomorrow' }).waitFor();
    const agentLine = thread().filter({ hasText: 'Agent' }).first();
    await agentLine.waitFor({ timeout: 30_000 });
    const agentText = (await agentLine.innerText()).split('\n')[0] ?? '';
    expect(agentText.length).toBeGreaterThan(0);
    await contact.locator('[data-side="agent"]').first().waitFor({ timeout: 10_000 });
    await saveScreenshot(user, 'inbox-agent-answered');
    await saveScreenshot(contact, 'sandbox-sms-agent-answered');
  });

  it('lets the user switch the agent off and reply by hand; the contact gets the reply', async () => {
    const agentSwitch = user.getByRole('switch', { name: 'AI agent answers in this conversation' });
    await agentSwitch.click({ force: true });
    await expect.poll(() => agentSwitch.isChecked(), { timeout: 10_000 }).toBe(false);

    await user.getByLabel('Reply').fill('Hi, this is Dana at the front desk. 9:30 works!');
    await user.getByRole('button', { name: 'Send' }).click();
    await thread().filter({ hasText: 'this is Dana' }).waitFor();
    await contact.locator('[data-side="agent"]', { hasText: 'this is Dana' }).waitFor({ timeout: 10_000 });

    const agentRepliesBefore = await contact.locator('[data-side="agent"]').count();
    await contact.getByLabel('Message').fill('Perfect, see you then');
    await contact.getByRole('button', { name: 'Send' }).click();
    await thread().filter({ hasText: 'Perfect, see you then' }).waitFor({ timeout: 10_000 });
    // The agent stays quiet while a person has the conversation.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await contact.locator('[data-side="agent"]').count()).toBe(agentRepliesBefore);

    // Taken over, the conversation now sits in the priority inbox.
    await user.getByRole('tab', { name: 'Priority' }).click();
    await user.locator('[data-room-id]', { hasText: contactShown }).waitFor();
    await user.locator('[data-room-id]', { hasText: contactShown }).click();
    await thread().filter({ hasText: 'Perfect, see you then' }).waitFor();
    // Read while open: the open room shows no unread count.
    await expect.poll(() => user.locator('[data-room-id][data-unread]').count(), { timeout: 10_000 }).toBe(0);
    await saveScreenshot(user, 'inbox-taken-over');
    await saveScreenshot(contact, 'sandbox-sms-person-replied');
  });

  it('keeps contacts beside the inbox', async () => {
    await user.getByRole('link', { name: 'Contacts' }).click();
    await user.getByRole('button', { name: 'New contact' }).click();
    const drawer = user.getByRole('dialog', { name: 'New contact' });
    await drawer.getByLabel('Name').fill('Pat Contact');
    await drawer.getByLabel('Phone number').fill(contactNumber);
    await drawer.getByRole('button', { name: 'Save contact' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await user.getByRole('button', { name: 'Pat Contact', exact: true }).waitFor();
    await saveScreenshot(user, 'contacts-list');
    await user.getByLabel('Search contacts').fill('zzz');
    await user.getByText('No contact matches “zzz”.').waitFor();
    await saveScreenshot(user, 'contacts');
    expect(errors).toEqual([]);
  });
});
