import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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

beforeAll(async () => {
  server = await startBuiltServer();
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 }, acceptDownloads: true });
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

async function api<T>(pathAndQuery: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const separator = pathAndQuery.includes('?') ? '&' : '?';
  const response = await fetch(`${server.url}${pathAndQuery}${separator}token=${token ?? ''}`);
  return (await response.json()) as T;
}

const cardValue = (title: string) =>
  page.locator('.mantine-Card-root', { hasText: title }).getByTestId('metric-value');

describe('dashboard and call logs', () => {
  it('shows the default metrics over the demo calls', async () => {
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await cardValue('Calls Answered').waitFor();
    const { metrics } = await api<{ metrics: { title: string; value: number | null }[] }>(
      '/api/v2/metrics/values',
    );
    const answered = metrics.find((metric) => metric.title === 'Calls Answered');
    expect(answered?.value).toBeGreaterThan(100);
    expect(await cardValue('Calls Answered').innerText()).toBe(String(answered?.value));
    await page.locator('.recharts-surface').first().waitFor();
    await saveScreenshot(page, 'dashboard');
  });

  it('builds a custom metric with a formula and sees it on the dashboard', async () => {
    await page.getByRole('button', { name: 'Add metric' }).click();
    const dialog = page.getByRole('dialog', { name: 'Metric' });
    await dialog.getByLabel('Title').fill('Long inbound calls');
    const formula = dialog.getByTestId('formula-input');
    await formula.fill('count(duration $');
    await dialog.getByText('Invalid characters: $').waitFor();
    await formula.fill('count(dur');
    await dialog.getByText('duration', { exact: true }).click();
    await formula.press('End');
    await formula.pressSequentially(" > 120 and direction = 'inbound')");
    await expect.poll(() => formula.inputValue()).toBe("count(duration > 120 and direction = 'inbound')");
    await dialog.getByText('Valid formula').waitFor();
    await expect.poll(() => dialog.getByTestId('metric-preview').innerText()).toMatch(/^\d+$/);
    await saveScreenshot(page, 'edit-metric');
    await dialog.getByRole('button', { name: 'Add to dashboard' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await cardValue('Long inbound calls').waitFor();
    const { metrics } = await api<{ metrics: { name: string; value: number | null }[] }>(
      '/api/v2/metrics/values',
    );
    const custom = metrics.find((metric) => metric.name === 'longInboundCalls');
    expect(custom?.value).toBeGreaterThan(0);
    await expect.poll(() => cardValue('Long inbound calls').innerText()).toBe(String(custom?.value));
    await saveScreenshot(page, 'dashboard-custom-metric');
  });

  it('chooses columns, filters, and downloads the CSV with those columns', async () => {
    await page.getByRole('link', { name: 'Call logs' }).click();
    await page.getByRole('heading', { name: 'Call logs', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Call logs' }).getByRole('row').nth(5).waitFor();
    await saveScreenshot(page, 'call-logs');

    await page.getByRole('button', { name: 'Columns' }).click();
    const columns = page.getByRole('dialog', { name: 'Columns' });
    const checkbox = (name: string) => columns.getByRole('checkbox', { name, exact: true });
    for (const label of ['Contact', 'Outcome', 'Summary']) await checkbox(label).uncheck();
    for (const label of ['Agent', 'Direction', 'patientName']) await checkbox(label).check();
    await saveScreenshot(page, 'edit-columns');
    await columns.getByRole('button', { name: 'Show these columns' }).click();
    await columns.waitFor({ state: 'hidden' });
    const chosen = ['timestamp', 'from', 'to', 'duration', 'accountName', 'direction', 'patientName'];
    await expect.poll(() => new URL(page.url()).searchParams.get('fields')).toBe(chosen.join(','));

    await page.getByRole('button', { name: 'Filter' }).click();
    const filters = page.getByRole('dialog', { name: 'Filter calls' });
    await filters.getByLabel('Value').fill('outbound');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await filters.waitFor({ state: 'hidden' });
    await expect.poll(() => new URL(page.url()).searchParams.get('filters')).toBe('{"direction":"outbound"}');
    const totalText = await page.getByText(/^[\d,]+ calls?$/).innerText();
    const total = Number(totalText.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(5);
    await saveScreenshot(page, 'call-logs-filtered');

    await page.getByRole('button', { name: 'Download' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^conversation_logs_\d{4}-\d{2}-\d{2}\.csv$/);
    const file = path.join(os.tmpdir(), `e2e-${download.suggestedFilename()}`);
    await download.saveAs(file);
    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    expect(lines[0]).toBe(chosen.join(','));
    expect(lines).toHaveLength(total + 1);
    const direction = chosen.indexOf('direction');
    // Every data cell is quoted (so no cell can be read as a spreadsheet formula).
    expect(lines.slice(1).every((line) => line.split(',')[direction] === '"outbound"')).toBe(true);
    expect(errors).toEqual([]);
  });
});
