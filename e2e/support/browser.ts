import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach } from 'vitest';

export const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');

export interface LaunchOptions {
  /**
   * A WAV file the browser's fake microphone plays once (then silence), with the microphone permission granted
   * without asking; best a 16 kHz mono recording.
   */
  fakeMicrophone?: string;
}

const policyViolations: string[] = [];

// Reported by the page as it happens (an init script runs before the page's own and CSP does not apply to it).
const reportViolations = `document.addEventListener('securitypolicyviolation', (event) => {
  window.__reportPolicyViolation?.(
    event.effectiveDirective + ' refused ' + (event.blockedURI || 'inline code') +
      ' on ' + event.documentURI + (event.sourceFile ? ' (' + event.sourceFile + ':' + event.lineNumber + ')' : ''),
  );
});`;

async function watchPolicy(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__reportPolicyViolation', (_source, text: string) => {
    policyViolations.push(text);
  });
  await context.addInitScript(reportViolations);
  const watchConsole = (page: Page) =>
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
        policyViolations.push(message.text());
      }
    });
  context.pages().forEach(watchConsole);
  context.on('page', watchConsole);
}

/** Fails the test during which any page refused something under the Content-Security-Policy. */
function failOnPolicyViolations(): void {
  const seen = policyViolations.splice(0);
  if (seen.length > 0) {
    throw new Error(`Content-Security-Policy violations:\n${[...new Set(seen)].join('\n')}`);
  }
}

// Registered for every test file that drives a browser through this module.
afterEach(failOnPolicyViolations);
afterAll(failOnPolicyViolations);

/**
 * Debian's Chromium, headless, with nothing reaching outside the machine. Every context and page it opens
 * reports Content-Security-Policy violations, and the test that saw one fails.
 */
export async function launchBrowser({ fakeMicrophone }: LaunchOptions = {}): Promise<Browser> {
  const microphone = fakeMicrophone
    ? [
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${fakeMicrophone}%noloop`,
        '--autoplay-policy=no-user-gesture-required',
      ]
    : [];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...microphone,
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // browser.newPage opens its context through newContext too.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchPolicy(context);
    return context;
  };
  return browser;
}

/** Saves a full-page screenshot under e2e/screenshots/ (git-ignored) for a person to look at. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
