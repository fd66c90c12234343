import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ServerSessionMessage } from '@switchboard/contract';
import { speechWav } from '@switchboard/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility } from './support/axe';
import { launchBrowser, saveScreenshot } from './support/browser';
import { startBuiltServer } from './support/built-server';
import { latestCode } from './support/outbox';
import { encodeWavFile, ScriptedAgentSession } from './support/scripted-agent-session';

const run = promisify(execFile);

let server: Awaited<ReturnType<typeof startBuiltServer>>;
let browser: Browser;
let workDir: string;
/** The demo agent's workspace page, e.g. /app/org/4/agent/6. */
let agentPath: string;
const errors: string[] = [];

const question = 'What are your opening hours?';

async function signIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/app`);
  await page.getByLabel('Email or phone').fill('acme@demo.switchboard.test');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Enter the 6-digit code').waitFor();
  await page.keyboard.type(await latestCode(server.url, 'acme@demo.switchboard.test'));
  await page.getByRole('heading', { name: 'Acme Dental', level: 1 }).waitFor();
  return page;
}

async function newSignedInPage(
  theme: 'light' | 'dark' = 'light',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, colorScheme: theme });
  await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
  return { context, page: await signIn(context) };
}

/** Runs pocketsphinx over 16 kHz PCM and returns what it heard, lower-cased. */
async function recognise(pcm: Buffer): Promise<string> {
  const file = path.join(workDir, `heard-${Date.now()}.wav`);
  await writeFile(file, encodeWavFile(pcm, 16_000));
  const { stdout } = await run('pocketsphinx_continuous', ['-infile', file, '-logfn', '/dev/null']);
  return stdout.toLowerCase().replace(/\s+/g, ' ').trim();
}

function rms(pcm: Buffer): number {
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.length / 2));
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

const ready: Extract<ServerSessionMessage, { type: 'ready' }> = {
  type: 'ready',
  sessionId: 'scripted',
  roomId: 'room-1',
  conversationUuid: 'uuid-1',
  agentName: 'Acme Front Desk',
  model: { name: 'sandbox', label: 'Sandbox', sandbox: true },
  voice: { available: true, reason: null },
  inputSampleRate: 16_000,
  outputSampleRate: 24_000,
};

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'switchboard-agent-call-'));
  const wav = await speechWav(question, { leadingSilenceMs: 1000, trailingSilenceMs: 2000 });
  server = await startBuiltServer();
  browser = await launchBrowser({ fakeMicrophone: wav.path });
  const { context, page } = await newSignedInPage();
  await page.getByRole('cell', { name: 'Acme Front Desk', exact: true }).click();
  await page.getByRole('heading', { name: 'Acme Front Desk', level: 1 }).waitFor();
  agentPath = new URL(page.url()).pathname;
  await context.close();
});

afterAll(async () => {
  await browser.close();
  await server.dispose();
  await rm(workDir, { recursive: true, force: true });
});

describe('the browser side of a conversation, against a scripted session', () => {
  let context: BrowserContext;
  let page: Page;
  let scripted: ScriptedAgentSession;

  beforeAll(async () => {
    ({ context, page } = await newSignedInPage());
    scripted = new ScriptedAgentSession(ready);
    await scripted.attach(page);
    await page.goto(`${server.url}${agentPath}?testAgent`);
  });
  afterAll(async () => {
    await context.close();
  });

  it('opens the test panel on the staging config and shows the model', async () => {
    const start = await scripted.waitForMessage((message) => message.type === 'start');
    expect(start).toMatchObject({ type: 'start', mode: 'chat', config: 'staging' });
    expect(agentPath).toMatch(new RegExp(`/agent/${start.type === 'start' ? start.agentAccountId : 0}$`));
    const panel = page.locator('[data-overlay-flag="testAgent"]');
    await panel.getByText('Sandbox model').waitFor();
    await panel.getByText('Test', { exact: true }).waitFor();
    await page.waitForTimeout(1000);
    expect(scripted.connections).toBe(1);
    scripted.send({ type: 'state', state: 'greeting' });
    scripted.send({ type: 'agent-delta', turnId: 'g', delta: 'Thank you for calling Acme Dental, ' });
    scripted.send({ type: 'agent-delta', turnId: 'g', delta: 'how can I help?' });
    scripted.send({ type: 'state', state: 'listening' });
    await panel.getByRole('log').getByText('Thank you for calling Acme Dental, how can I help?').waitFor();
  });

  it('chats: sends typed text and shows the booking as a chip', async () => {
    const panel = page.locator('[data-overlay-flag="testAgent"]');
    await panel.getByRole('textbox', { name: 'Message' }).fill('Book me for Tuesday at 3pm, my name is Dana');
    await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
    await scripted.waitForMessage(
      (message) => message.type === 'text' && message.text === 'Book me for Tuesday at 3pm, my name is Dana',
    );
    scripted.send({ type: 'state', state: 'thinking' });
    await panel.getByText('Acme Front Desk is thinking').waitFor({ state: 'attached' });
    scripted.send({
      type: 'tool',
      name: 'bookAppointment',
      arguments: { start: '2026-03-03T15:00', name: 'Dana' },
      ok: true,
      summary: 'Booked Tue 3 Mar 15:00',
    });
    scripted.send({ type: 'agent-text', turnId: 'a1', text: 'You are booked for Tuesday at 3 pm, Dana.' });
    scripted.send({ type: 'state', state: 'listening' });
    await panel.getByTestId('tool-chip').getByText('Booked Tue 3 Mar 15:00').waitFor();
    await panel.getByText('You are booked for Tuesday at 3 pm, Dana.').waitFor();
    await saveScreenshot(page, 'test-agent-chat');
    expect(await checkAccessibility(page, { include: '[data-overlay-flag="testAgent"]' })).toEqual([]);
  });

  it('switches to voice and streams the microphone as 16 kHz frames a recogniser understands', async () => {
    const panel = page.locator('[data-overlay-flag="testAgent"]');
    await panel.getByText('Voice', { exact: true }).click();
    await scripted.waitForMessage((message) => message.type === 'mode' && message.mode === 'voice');
    await panel.locator('[data-voice-status="live"]').waitFor();
    // The file is 1 s of silence, the question, then 2 s of silence: wait for all of it.
    await expect.poll(() => scripted.frames.length, { timeout: 15_000, interval: 200 }).toBeGreaterThan(250);
    const frames = scripted.frames;
    expect(new Set(frames.map((frame) => frame.data.length))).toEqual(new Set([640]));
    const first = frames[0];
    const last = frames.at(-1);
    const seconds = ((last?.at ?? 0) - (first?.at ?? 0)) / 1000;
    const perSecond = (frames.length - 1) / seconds;
    expect(perSecond).toBeGreaterThan(40);
    expect(perSecond).toBeLessThan(60);
    const pcm = scripted.microphonePcm();
    expect(rms(pcm)).toBeGreaterThan(100);
    expect(await recognise(pcm)).toContain('opening hours');
  });

  it('shows what was recognised and plays the agent, reporting each turn played', async () => {
    const panel = page.locator('[data-overlay-flag="testAgent"]');
    scripted.send({ type: 'user-text', text: 'what are your', final: false });
    scripted.send({ type: 'user-text', text: 'what are your opening hours', final: true });
    scripted.send({ type: 'state', state: 'speaking' });
    scripted.send({
      type: 'agent-text',
      turnId: 's1',
      text: 'We are open Monday to Friday from 9 am to 6 pm.',
    });
    scripted.speakTone('s1', 0.6);
    await panel.locator('[data-agent-audible="true"]').waitFor();
    await panel.getByRole('log').getByText('what are your opening hours').waitFor();
    await saveScreenshot(page, 'test-agent-voice');
    await scripted.waitForMessage((message) => message.type === 'played' && message.turnId === 's1', 5_000);
    await panel.locator('[data-agent-audible="false"]').waitFor();
    expect(await checkAccessibility(page, { include: '[data-overlay-flag="testAgent"]' })).toEqual([]);
  });

  it('stops the agent at once on barge-in and never reports the cut turn as played', async () => {
    const panel = page.locator('[data-overlay-flag="testAgent"]');
    scripted.speakTone('s2', 4, { end: false });
    await panel.locator('[data-agent-audible="true"]').waitFor();
    const cutAt = Date.now();
    scripted.send({ type: 'barge-in' });
    scripted.send({ type: 'audio-end', turnId: 's2' });
    await panel.locator('[data-agent-audible="false"]').waitFor({ timeout: 2_000 });
    expect(Date.now() - cutAt).toBeLessThan(1_000);
    await page.waitForTimeout(500);
    expect(scripted.received.some((message) => message.type === 'played' && message.turnId === 's2')).toBe(
      false,
    );
  });

  it('mutes the microphone', async () => {
    const panel = page.locator('[data-overlay-flag="testAgent"]');
    await panel.getByRole('button', { name: 'Mute microphone' }).click();
    await panel.getByRole('button', { name: 'Unmute microphone', pressed: true }).waitFor();
    const before = scripted.frames.length;
    await page.waitForTimeout(500);
    const since = scripted.frames.slice(before);
    expect(since.length).toBeGreaterThan(10);
    expect(rms(Buffer.concat(since.map((frame) => frame.data)))).toBeLessThan(5);
    await panel.getByRole('button', { name: 'Unmute microphone' }).click();
  });

  it('hangs up with the end-call button', async () => {
    const panel = page.locator('[data-overlay-flag="testAgent"]');
    await panel.getByRole('button', { name: 'End test call' }).click();
    await scripted.waitForMessage((message) => message.type === 'end');
    await panel.getByText('This conversation has ended.').waitFor();
  });

  it('restarts, and ends the call plainly when the connection drops', async () => {
    const panel = page.locator('[data-overlay-flag="testAgent"]');
    await panel.getByRole('button', { name: 'Start a new test' }).click();
    await expect.poll(() => scripted.connections).toBe(2);
    await panel.getByText('Sandbox model').waitFor();
    scripted.close();
    await panel.getByRole('alert').getByText('The connection to the agent was lost').waitFor();
    await page.waitForTimeout(500);
    expect(scripted.connections).toBe(2);
    await saveScreenshot(page, 'test-agent-dropped');
  });

  it('places a browser call: call starts it, calling shows it, hanging up closes it', async () => {
    const calls = new ScriptedAgentSession({
      ...ready,
      model: { name: 'gpt-4o-mini', label: 'GPT-4o mini', sandbox: false },
    });
    const callPage = await context.newPage();
    await calls.attach(callPage);
    await callPage.goto(`${server.url}${agentPath}?call`);
    const dialog = callPage.getByRole('dialog', { name: 'Call the agent' });
    await dialog.getByText('Call Acme Front Desk').waitFor();
    await saveScreenshot(callPage, 'call-start');
    await dialog.getByRole('button', { name: 'Start call' }).click();
    const start = await calls.waitForMessage((message) => message.type === 'start');
    expect(start).toMatchObject({ mode: 'voice', config: 'production' });
    await expect.poll(() => new URL(callPage.url()).searchParams.has('calling')).toBe(true);
    expect(new URL(callPage.url()).searchParams.has('call')).toBe(false);
    const calling = callPage.getByRole('dialog', { name: 'Call in progress' });
    await calling.getByText('GPT-4o mini').waitFor();
    calls.send({ type: 'state', state: 'speaking' });
    calls.send({
      type: 'agent-text',
      turnId: 'g',
      text: 'Thank you for calling Acme Dental, how can I help?',
    });
    await calling.locator('[data-voice-status="live"]').waitFor();
    await saveScreenshot(callPage, 'calling');
    await calling.getByRole('button', { name: 'End call' }).click();
    await calls.waitForMessage((message) => message.type === 'end');
    await calling.waitFor({ state: 'hidden' });
    await callPage.close();
  });
});

describe('the chat widget, against a scripted session', () => {
  it('chats with the workspace agent on its published config (dark theme)', async () => {
    const { context, page } = await newSignedInPage('dark');
    const scripted = new ScriptedAgentSession({
      ...ready,
      voice: { available: false, reason: 'No speech recognition is configured.' },
    });
    await scripted.attach(page);
    await page.goto(`${server.url}${agentPath}?chat`);
    const start = await scripted.waitForMessage((message) => message.type === 'start');
    expect(start).toMatchObject({ mode: 'chat', config: 'production' });
    const panel = page.locator('[data-overlay-flag="chat"]');
    await panel.getByText('Online').waitFor();
    scripted.send({ type: 'agent-text', turnId: 'g', text: 'Hi! How can I help you today?' });
    await panel.getByRole('textbox', { name: 'Message' }).fill('Do you do teeth whitening?');
    await panel.getByRole('button', { name: 'Send message' }).click();
    await scripted.waitForMessage((message) => message.type === 'text');
    scripted.send({ type: 'agent-text', turnId: 'a1', text: 'Yes, teeth whitening costs $350.' });
    await panel.getByText('Yes, teeth whitening costs $350.').waitFor();
    await saveScreenshot(page, 'chat-dark');
    expect(await checkAccessibility(page, { include: '[data-overlay-flag="chat"]' })).toEqual([]);
    await context.close();
  });
});

/** What to say to book the next open day at 3 pm (the demo practice is open Monday to Friday, Chicago time). */
function nextOpenDayPhrase(): string {
  const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'America/Chicago' }).format(
    new Date(Date.now() + 24 * 3600_000),
  );
  return weekday === 'Saturday' || weekday === 'Sunday' ? 'on Monday' : 'tomorrow';
}

describe('a conversation with the demo agent on the server runtime', () => {
  it('hears the question by voice and speaks the opening hours from its prompt', async () => {
    const { context, page } = await newSignedInPage();
    await page.goto(`${server.url}${agentPath}?testAgent`);
    const panel = page.locator('[data-overlay-flag="testAgent"]');
    await panel.getByText('Sandbox model').waitFor({ timeout: 20_000 });
    await panel.getByText('Voice', { exact: true }).click();
    await panel.locator('[data-voice-status="live"]').waitFor({ timeout: 20_000 });
    const log = panel.getByRole('log');
    // What the offline recogniser heard, which may hold a stray word ("what are your opening how hours"): the
    // question's words are there, and the answer below shows it was understood.
    const asked = log.locator('[data-side="user"]').filter({ hasText: /\bopening\b.*\bhours\b/i });
    await asked.first().waitFor({ timeout: 30_000 });
    const answer = log.locator('[data-side="agent"]').filter({ hasText: /9 am to 6 pm/i });
    await answer.first().waitFor({ timeout: 30_000 });
    expect(await answer.first().innerText()).toMatch(/Monday to Friday from 9 am to 6 pm/i);
    await saveScreenshot(page, 'test-agent-voice-runtime');
    expect(await checkAccessibility(page, { include: '[data-overlay-flag="testAgent"]' })).toEqual([]);
    await panel.getByRole('button', { name: 'End test call' }).click();
    await panel.getByText('This conversation has ended.').waitFor();
    await context.close();
  });

  it('books an appointment in chat and shows the booking inline', async () => {
    const { context, page } = await newSignedInPage();
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
    const chip = panel.getByTestId('tool-chip');
    await chip.first().waitFor({ timeout: 20_000 });
    expect(await chip.first().getAttribute('data-ok')).toBe('true');
    await panel
      .getByRole('log')
      .locator('[data-side="agent"]')
      .filter({ hasText: /booked for Dana Reyes/i })
      .first()
      .waitFor();
    expect(await chip.first().innerText()).toMatch(/3:00 PM|15:00/);
    await saveScreenshot(page, 'test-agent-chat-runtime');
    await context.close();
  });
});

it('threw no page errors', () => {
  expect(errors).toEqual([]);
});
