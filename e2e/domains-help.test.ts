import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './support/browser';
import { startBuiltServer } from './support/built-server';
import { latestCode } from './support/outbox';

let server: Awaited<ReturnType<typeof startBuiltServer>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
const reseller = 'reseller@demo.switchboard.test';
// Chromium resolves every *.localhost name to the loopback address, so the built server answers this host.
const brandHost = 'brand-e2e.localhost';

async function signIn(on: Page, baseUrl: string, email: string, heading: string) {
  await on.goto(`${baseUrl}/app`);
  await on.getByLabel('Email or phone').fill(email);
  await on.getByRole('button', { name: 'Continue' }).click();
  await on.getByText('Enter the 6-digit code').waitFor();
  await on.keyboard.type(await latestCode(server.url, email));
  await on.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

/** Opens an overlay by its query flag on the workspace page the browser is on. */
async function openFlag(on: Page, flag: string) {
  const url = new URL(on.url());
  url.search = `?${flag}=true`;
  await on.goto(url.toString());
}

async function openHelpMenu(on: Page, entry: string) {
  await on.getByRole('button', { name: 'Help' }).click();
  await on.getByRole('menuitem', { name: new RegExp(`^${entry}`) }).click();
}

beforeAll(async () => {
  server = await startBuiltServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, server.url, reseller, 'Demo Reseller');
});
afterAll(async () => {
  await browser.close();
  await server.dispose();
});

describe('help', () => {
  it("shows the product's brand on its own host, with a help menu", async () => {
    expect(await page.title()).toBe('Switchboard');
    await page.getByRole('button', { name: 'Help' }).click();
    const items = page.getByRole('menuitem');
    await expect.poll(() => items.allInnerTexts()).toHaveLength(4);
    await saveScreenshot(page, 'help-menu');
    await page.keyboard.press('Escape');
  });

  it('answers common questions and leads to the guides', async () => {
    await openHelpMenu(page, 'Help center');
    const drawer = page.getByRole('dialog', { name: 'Help' });
    await drawer.getByRole('button', { name: 'Why does my agent not say what I just changed?' }).click();
    await drawer.getByText('Test calls use the draft').waitFor();
    await saveScreenshot(page, 'help-overlay');
    await drawer.getByRole('button', { name: /^The inbox/ }).click();
    const docs = page.getByRole('dialog', { name: 'Documentation' });
    await docs.getByRole('heading', { name: 'The inbox' }).waitFor();
    expect(new URL(page.url()).searchParams.get('docsPage')).toBe('inbox');
    await docs
      .getByRole('navigation', { name: 'Documentation pages' })
      .getByText('Agents', { exact: true })
      .click();
    await docs.getByRole('heading', { name: 'Agents', level: 2 }).waitFor();
    await saveScreenshot(page, 'docs-page');
  });

  it('sends the support form, which arrives in the outbox', async () => {
    await openFlag(page, 'form');
    const dialog = page.getByRole('dialog', { name: 'Contact support' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('The subject needs at least 3 characters').waitFor();
    await dialog.getByLabel('Subject').fill('Transfers ring twice');
    await dialog
      .getByLabel('Message')
      .fill('When the agent transfers a call, the phone rings twice before connecting.');
    await saveScreenshot(page, 'support-form');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Your message is on its way').waitFor();
    await dialog.getByText('support@switchboard.test').waitFor();
    await saveScreenshot(page, 'support-form-sent');
    await dialog.getByRole('button', { name: 'Done' }).click();

    await page.goto(`${server.url}/app/dev/outbox`);
    await page.getByText('[Support] Transfers ring twice').waitFor();
    await saveScreenshot(page, 'support-outbox');
  });

  it('tells the version in About', async () => {
    await page.goto(`${server.url}/app/home`);
    await page.getByRole('heading', { name: 'Demo Reseller', level: 1 }).waitFor();
    await openFlag(page, 'info');
    const dialog = page.getByRole('dialog', { name: 'About' });
    await expect.poll(() => dialog.getByTestId('app-version').innerText()).toMatch(/^\d+\.\d+\.\d+/);
    await saveScreenshot(page, 'about');
    await page.keyboard.press('Escape');
  });
});

describe('domains and white label', () => {
  it('adds a domain after a live check, makes it the default and removes the old one', async () => {
    await page.goto(`${server.url}/app/home`);
    await page.getByRole('heading', { name: 'Demo Reseller', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    const rows = page.getByTestId('domain-row');
    await expect
      .poll(() => rows.allInnerTexts())
      .toEqual([expect.stringContaining('demo-reseller.localhost')]);

    const input = page.getByLabel('Add a domain');
    await input.fill('https://Demo-Reseller.localhost/');
    await page
      .getByText('demo-reseller.localhost is already in use')
      .or(page.getByText('You already added demo-reseller.localhost'))
      .first()
      .waitFor();
    await input.fill(`https://${brandHost.toUpperCase()}/app`);
    await page.getByText(`${brandHost} is free`).waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(2);

    await page.getByRole('button', { name: `Actions for ${brandHost}` }).click();
    await page.getByRole('menuitem', { name: 'Make default' }).click();
    await expect.poll(() => rows.first().innerText()).toContain(brandHost);
    await page.getByRole('button', { name: 'Actions for demo-reseller.localhost' }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove demo-reseller.localhost?' });
    await saveScreenshot(page, 'domain-remove-confirm');
    await confirm.getByRole('button', { name: 'Remove domain' }).click();
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining(brandHost)]);
  });

  it('sets the white-label brand', async () => {
    await page.getByLabel('Brand name').fill('Northwind Voice');
    await page.getByLabel('Support page').fill('https://support.northwind.test/help');
    await page.getByLabel('Support email').fill('care@northwind.test');
    await page.getByRole('button', { name: 'Save brand' }).click();
    await page.getByText('White-label brand saved').waitFor();
    // A 16×16 indigo square as the logo, through the form's file picker.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGPw8LtIEmIY1TCqYfhqAABSO2cQQ2P8wAAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await page.getByText('Logo saved').waitFor();
    await expect
      .poll(() => page.getByRole('img', { name: 'Logo' }).getAttribute('src'))
      .toMatch(/^\/api\/v2\/domainProfile\/logo\//);
    await saveScreenshot(page, 'settings-domains-brand');
  });

  it('serves the app under the white-label host with its brand and support page', async () => {
    const branded = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await branded.route('https://support.northwind.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Northwind support</h1>' }),
    );
    const brandPage = await branded.newPage();
    brandPage.on('pageerror', (error) => errors.push(error.message));
    const brandUrl = server.url.replace('127.0.0.1', brandHost);
    await brandPage.goto(`${brandUrl}/app`);
    await brandPage.getByText('Northwind Voice').first().waitFor();
    await expect.poll(() => brandPage.title()).toBe('Northwind Voice');
    expect(await brandPage.getByText('Switchboard', { exact: true }).count()).toBe(0);
    await brandPage.getByRole('heading', { name: 'Sign in to Northwind Voice', level: 1 }).waitFor();
    await saveScreenshot(brandPage, 'white-label-sign-in');

    await signIn(brandPage, brandUrl, reseller, 'Demo Reseller');
    // The code came under the brand too.
    const mail = (await (
      await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(reseller)}&limit=1`)
    ).json()) as {
      items: { subject: string | null }[];
    };
    expect(mail.items[0]?.subject).toMatch(/^Your Northwind Voice sign-in code: \d{6}$/);
    await brandPage.getByRole('banner').getByText('Northwind Voice').waitFor();
    const logo = brandPage.getByRole('banner').locator('img');
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(16);
    await saveScreenshot(brandPage, 'white-label-workspace');
    const [popup] = await Promise.all([
      branded.waitForEvent('page'),
      brandPage.getByRole('button', { name: 'Help' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe('https://support.northwind.test/help');
    await popup.getByRole('heading', { name: 'Northwind support' }).waitFor();

    // The contact form on this host goes to the brand's own support address.
    await openFlag(brandPage, 'form');
    const dialog = brandPage.getByRole('dialog', { name: 'Contact support' });
    await dialog.getByText('Tell the Northwind Voice support team').waitFor();
    await dialog.getByLabel('Subject').fill('Branded question');
    await dialog.getByLabel('Message').fill('Does the brand reach its own support inbox?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('care@northwind.test').waitFor();
    await branded.close();
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
