import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@switchboard/testing';

const indexHtml = '<!doctype html><title>Switchboard</title><div id="root"></div>';

let t: TestApp;
let distDir: string;
beforeAll(async () => {
  // A stand-in for the built web app: the server only needs index.html and hashed assets.
  distDir = await mkdtemp(path.join(os.tmpdir(), 'switchboard-web-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), indexHtml);
  await writeFile(path.join(distDir, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await createTestApp({ env: { WEB_DIST_DIR: distDir } });
});
afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('serving the web app', () => {
  it.each([
    '/app',
    '/app/',
    '/app/partner/5/org/9/settings',
    '/mobile/start',
    '/payment/success',
    '/payment/cancel',
    '/payout/connect/success',
    '/payout/connect/failure',
    '/install',
    '/schedule',
    '/inbox',
    '/pay/my-agent',
  ])('answers %s with the single-page app', async (url) => {
    const response = await page(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(indexHtml);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends / to /app', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/app');
  });

  it('serves hashed assets with long caching', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('lets the app show its not-found page for an unknown page, with a 404 status', async () => {
    const response = await page('/no/such/page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(indexHtml);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await page('/api/v9/nothing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'There is no GET /api/v9/nothing',
    });
  });
});

describe('without a build', () => {
  it('explains how to build instead of failing', async () => {
    const bare = await createTestApp();
    const response = await bare.app.inject({ method: 'GET', url: '/app' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
    await bare.close();
  });
});
