import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');

export interface LaunchOptions {
  /**
   * A WAV file the browser's fake microphone plays once (then silence), with the microphone permission granted
   * without asking; best a 16 kHz mono recording.
   */
  fakeMicrophone?: string;
}

/** Debian's Chromium, headless, with nothing reaching outside the machine. */
export function launchBrowser({ fakeMicrophone }: LaunchOptions = {}): Promise<Browser> {
  const microphone = fakeMicrophone
    ? [
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${fakeMicrophone}%noloop`,
        '--autoplay-policy=no-user-gesture-required',
      ]
    : [];
  return chromium.launch({
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
}

/** Saves a full-page screenshot under e2e/screenshots/ (git-ignored) for a person to look at. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
