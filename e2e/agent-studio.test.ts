import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { checkAccessibility } from './support/axe';
import path from 'node:path';
import { launchBrowser, saveScreenshot, screenshotDir } from './support/browser';
import { startBuiltServer } from './support/built-server';
import { latestCode } from './support/outbox';

// The agent studio as an organization owner uses it: onboarding from a template, editing with autosave,
// publishing, versions, comparing, and a save conflict between two tabs.

const email = 'acme@demo.switchboard.test';
const business = 'Bright Smiles Dental';

let server: Awaited<ReturnType<typeof startBuiltServer>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let orgPath: string;
let agentPath: string;
const errors: string[] = [];

beforeAll(async () => {
  server = await startBuiltServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1360, height: 900 }, colorScheme: 'light' });
  await context.addInitScript(() => {
    if (localStorage.getItem('theme') === null) localStorage.setItem('theme', 'light');
  });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/app`);
  await page.getByLabel('Email or phone').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Enter the 6-digit code').waitFor();
  await page.keyboard.type(await latestCode(server.url, email));
  await page.getByRole('heading', { name: 'Acme Dental', level: 1 }).waitFor();
  orgPath = new URL(page.url()).pathname;
});
afterAll(async () => {
  await browser.close();
  await server.dispose();
});

/** The account as the server has it now, read with the page's own session. */
async function readAccount(from: Page): Promise<{ settings: Record<string, unknown> }> {
  return from.evaluate(async () => {
    const response = await fetch(`/api/v1/account?token=${localStorage.getItem('token') ?? ''}`);
    return ((await response.json()) as { account: { settings: Record<string, unknown> } }).account;
  });
}

/** A screenshot of what is on screen (an overlay covers the viewport; the page behind it does not matter). */
async function saveViewport(from: Page, name: string): Promise<void> {
  await from.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

function studio(from: Page): Locator {
  return from.getByRole('dialog', { name: 'Edit agent' });
}

async function waitSaved(from: Page): Promise<void> {
  await studio(from).locator('[data-save-status="saved"]').waitFor({ timeout: 15_000 });
}

describe('the agent studio', () => {
  it('shows the getting-started checklist on the organization overview', async () => {
    const card = page.getByTestId('walkthrough');
    await card.waitFor();
    expect(await card.innerText()).toContain('Set up your agent');
    await saveScreenshot(page, 'studio-org-walkthrough');
  });

  it('creates an agent from a template through onboarding', { timeout: 120_000 }, async () => {
    // A link may name the step by its alias.
    await page.goto(`${server.url}${orgPath}?onboard=templates`);
    const wizard = page.getByRole('dialog', { name: 'Set up your agent' });
    await wizard.getByRole('heading', { name: 'Choose a template' }).waitFor();
    await wizard.getByRole('button', { name: 'Use the Receptionist template' }).waitFor();
    await saveViewport(page, 'studio-onboarding-templates');
    await wizard.getByRole('button', { name: 'Use the Receptionist template' }).click();

    const answers: Record<string, string> = {
      'Business name': business,
      'What the business is': 'a friendly family dental practice',
      'Opening hours': 'Monday to Friday from 8 am to 5 pm',
      Address: '12 Elm Street, Springfield',
      Services: 'check-ups, cleanings and whitening',
      Prices: 'A check-up costs $90.',
      'Parking and access': 'Free parking behind the building.',
      'Number for live transfers': '+15125550100',
    };
    const askedLabels: string[] = [];
    await wizard.getByRole('heading', { name: 'Tell us about your business' }).waitFor();
    for (let asked = 0; asked < Object.keys(answers).length; asked += 1) {
      await wizard.getByText(`question ${asked + 1} of 8`).waitFor();
      const label = (await wizard.locator('form label').first().innerText()).replace(/\s*\*$/, '').trim();
      expect(Object.keys(answers)).toContain(label);
      askedLabels.push(label);
      await wizard
        .locator('form')
        .locator('input, textarea')
        .first()
        .fill(answers[label] ?? '');
      if (asked === 1) await saveViewport(page, 'studio-onboarding-field');
      await wizard.getByRole('button', { name: /^(Next|Continue)$/ }).click();
    }

    await wizard.getByRole('heading', { name: 'Create your agent' }).waitFor();
    const review = await wizard.innerText();
    expect(review).toContain(business);
    // The review lists the answers in the order the questions were asked.
    const positions = askedLabels.map((label) => review.indexOf(label));
    expect(positions.every((at) => at >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    await saveViewport(page, 'studio-onboarding-review');
    await wizard.getByRole('button', { name: 'Create my agent' }).click();
    await wizard.getByRole('heading', { name: 'Pick a voice' }).waitFor();
    await wizard.getByRole('button', { name: /^Luna,/ }).click();
    await saveViewport(page, 'studio-onboarding-voice');
    await wizard.getByRole('button', { name: 'Continue' }).click();
    await wizard.getByRole('heading', { name: 'Where are you?' }).waitFor();
    await wizard.getByRole('button', { name: 'Continue' }).click();
    await wizard.getByRole('heading', { name: 'Review what your agent says' }).waitFor();
    expect(await wizard.getByLabel('Prompt').inputValue()).toContain(
      `You are the receptionist of ${business}`,
    );
    await wizard.getByRole('button', { name: 'Save and continue' }).click();
    await wizard.getByRole('heading', { name: 'Talk to your agent' }).waitFor();
    await wizard.getByRole('button', { name: 'Continue' }).click();
    await wizard.getByRole('heading', { name: 'Give your agent a phone number' }).waitFor();
    await wizard.getByRole('button', { name: 'Skip for now' }).click();
    await wizard.getByRole('heading', { name: 'Your agent is ready' }).waitFor();
    await wizard.getByRole('button', { name: 'Finish' }).click();
    await wizard.waitFor({ state: 'hidden' });

    await expect
      .poll(async () => (await readAccount(page)).settings.onboarding, { timeout: 5000 })
      .toMatchObject({ onboardingComplete: true, activeStep: 'WELCOME' });
  });

  it('shows the new agent overview with its prompt, voice and state', async () => {
    await page.goto(`${server.url}${orgPath}`);
    await page.getByRole('cell', { name: business, exact: true }).click();
    await page.getByRole('heading', { name: business, level: 1 }).waitFor();
    agentPath = new URL(page.url()).pathname;
    // The agent's home: live since its first publish, its number or a way to get one, its conversations.
    expect(await page.getByTestId('home-publish-state').textContent()).toBe('Live');
    await expect
      .poll(() => page.getByTestId('home-published-version').textContent(), { timeout: 10_000 })
      .toMatch(/^Version \d+ published .+ by /);
    await page.getByTestId('agent-conversation-counts').getByText('Last 7 days').waitFor();
    for (const name of ['Test by chat', 'Test by voice', 'Edit', 'Publish']) {
      await page.getByRole('button', { name, exact: true }).waitFor();
    }
    expect(await page.getByRole('button', { name: 'Publish', exact: true }).isDisabled()).toBe(true);
    const number = page
      .getByTestId('home-phone-number')
      .or(page.getByRole('button', { name: 'Get a number' }));
    await number.first().waitFor();
    await saveScreenshot(page, 'studio-agent-home');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Test by voice' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'studio-agent-home-phone');
    await page.setViewportSize({ width: 1360, height: 900 });
    await page.getByRole('link', { name: 'Agent' }).click();
    await page.getByTestId('prompt-excerpt').waitFor();
    expect(await page.getByTestId('prompt-excerpt').innerText()).toContain(business);
    expect(await page.getByTestId('overview-publish-state').textContent()).toBe('Live');
    expect(await page.locator('main').innerText()).toContain('Luna');
    // The agent's own walkthrough: set up, but the number step was skipped, so it is not ticked (the
    // organization's other agents hold numbers; they do not count here).
    const walkthrough = await page.getByTestId('walkthrough').innerText();
    expect(walkthrough).toContain('1 of 4 done');
    expect(walkthrough).toMatch(/3\s*Get a phone number/);
    await saveScreenshot(page, 'studio-agent-overview');
  });

  it('autosaves an edited prompt (saving → saved) and publishes it', async () => {
    // Slow the save down a little so the "Saving…" state can be seen.
    const isCampaignSave = (url: URL) => url.pathname === '/api/v2/campaign';
    await page.route(isCampaignSave, async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Edit agent' }).click();
    const editor = studio(page);
    const prompt = editor.getByRole('textbox', { name: 'Prompt', exact: true });
    await prompt.waitFor();
    await saveViewport(page, 'studio-edit-agent');
    await prompt.press('End');
    await prompt.pressSequentially('\nAlways mention the free parking.');
    await editor.locator('[data-save-status="dirty"]').waitFor();
    await editor.getByText('Saving…').waitFor({ timeout: 5000 });
    await waitSaved(page);
    await page.unroute(isCampaignSave);
    expect(await editor.getByTestId('publish-state').textContent()).toBe('Unpublished changes');

    await editor.getByRole('button', { name: 'Publish', exact: true }).click();
    const publishDialog = page.getByRole('dialog', { name: 'Publish this version' });
    await publishDialog.getByLabel('What changed (optional)').fill('Free parking is mentioned');
    await saveViewport(page, 'studio-publish-note');
    await publishDialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await publishDialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => editor.getByTestId('publish-state').textContent(), { timeout: 15_000 })
      .toBe('Live');
  });

  it('has no serious accessibility violations in the editor', async () => {
    const violations = await checkAccessibility(page, { include: '.mantine-Drawer-content' });
    expect(violations).toEqual([]);
  });

  it('creates, renames and restores a version', async () => {
    const editor = studio(page);
    await editor.getByRole('button', { name: 'Versions' }).click();
    const versions = page.getByRole('dialog', { name: 'Versions' });
    // The publish above is the newest version, numbered after the agent's earlier publishes, with its note.
    const published = versions.getByTestId('version-list').locator('.mantine-Card-root').first();
    await published.getByText('Free parking is mentioned').waitFor();
    expect(await published.textContent()).toContain('Published');
    // Escape closes the Versions dialog only; the editor stays open.
    await versions.getByRole('textbox', { name: 'Name', exact: true }).focus();
    await page.keyboard.press('Escape');
    await versions.waitFor({ state: 'hidden' });
    await editor.getByRole('button', { name: 'Versions' }).waitFor();
    expect(await editor.isVisible()).toBe(true);
    await editor.getByRole('button', { name: 'Versions' }).click();
    await versions.getByRole('textbox', { name: 'Name', exact: true }).fill('Before the holiday hours');
    await versions.getByRole('button', { name: 'Save version' }).click();
    await versions.getByText('Before the holiday hours').waitFor();
    await versions.getByRole('button', { name: 'Rename Before the holiday hours' }).click();
    await versions.getByLabel('Version name').fill('Regular hours');
    await versions.getByLabel('Version name').press('Enter');
    await versions.getByText('Regular hours', { exact: true }).waitFor();
    await saveViewport(page, 'studio-versions');
    await versions.getByRole('button', { name: 'Close' }).first().click();
    await versions.waitFor({ state: 'hidden' });

    const prompt = editor.getByRole('textbox', { name: 'Prompt', exact: true });
    const before = await prompt.inputValue();
    await prompt.fill('You only say that the office is closed for the holidays.');
    await waitSaved(page);

    await editor.getByRole('button', { name: 'Versions' }).click();
    await versions.getByRole('button', { name: 'Restore Regular hours' }).click();
    await page
      .getByRole('dialog', { name: 'Restore this version?' })
      .getByRole('button', { name: 'Restore' })
      .click();
    await expect.poll(() => prompt.inputValue(), { timeout: 10_000 }).toBe(before);
    await versions.getByRole('button', { name: 'Close' }).first().click();
  });

  it('compares the draft with the live version as a line diff', async () => {
    const editor = studio(page);
    await editor.getByLabel('Greeting').fill(`Hello and welcome to ${business}!`);
    await waitSaved(page);
    await editor.getByRole('button', { name: 'See what changed' }).click();
    const compare = page.getByRole('dialog', { name: 'Compare changes' });
    const table = compare.getByTestId('diff-table');
    await table.waitFor();
    expect(
      await table.locator('td[data-kind="added"]', { hasText: 'Hello and welcome' }).count(),
    ).toBeGreaterThan(0);
    expect(
      await table.locator('td[data-kind="removed"]', { hasText: 'Thank you for calling' }).count(),
    ).toBeGreaterThan(0);
    await saveViewport(page, 'studio-compare-changes');
    await compare.getByRole('button', { name: 'Close', exact: true }).last().click();
    await compare.waitFor({ state: 'hidden' });
  });

  it('resolves a save conflict with a second tab by keeping mine', { timeout: 90_000 }, async () => {
    const other = await context.newPage();
    other.on('pageerror', (error) => errors.push(error.message));
    await other.goto(`${server.url}${agentPath}/agent?editAgent`);
    const theirs = studio(other);
    await theirs.getByLabel('Greeting').fill('Good day from the other tab.');
    await waitSaved(other);

    // This tab still holds the older revision: its next save meets the other tab's.
    const editor = studio(page);
    await editor.getByLabel('Greeting').fill('Hi from the first tab.');
    const conflict = page.getByRole('dialog', { name: 'Save conflict' });
    await conflict.getByRole('button', { name: 'Keep mine' }).waitFor({ timeout: 15_000 });
    const text = await conflict.innerText();
    expect(text).toContain('Good day from the other tab.');
    expect(text).toContain('Hi from the first tab.');
    await saveViewport(page, 'studio-save-conflict');
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await waitSaved(page);

    await other.reload();
    await expect
      .poll(() => studio(other).getByLabel('Greeting').inputValue(), { timeout: 10_000 })
      .toBe('Hi from the first tab.');
    await other.close();
  });

  it('looks right in the dark theme', async () => {
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.goto(`${server.url}${agentPath}/agent?editAgent`);
    await studio(page).getByRole('textbox', { name: 'Prompt', exact: true }).waitFor();
    await studio(page).getByRole('tab', { name: 'Settings' }).click();
    await studio(page).getByText('Campaign id').waitFor();
    await saveViewport(page, 'studio-edit-agent-settings-dark');
    await studio(page).getByRole('tab', { name: 'Template' }).click();
    await studio(page).getByText('Template fields').waitFor();
    await saveViewport(page, 'studio-edit-agent-template-dark');
    await studio(page).getByRole('tab', { name: 'Prompt' }).click();
    await studio(page).getByRole('button', { name: 'Configure Call transfer' }).click();
    await page.getByRole('dialog', { name: 'Call transfer' }).getByLabel('Number or agent').first().waitFor();
    await saveViewport(page, 'studio-action-modal-dark');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    expect(errors).toEqual([]);
  });
});
