import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type DemoApp, type KitApp } from '@switchboard/testing';

const bootstrap = "document.documentElement.dataset.theme = 'light';";
const indexHtml =
  '<!doctype html><html><head><title>Switchboard</title>' +
  `<script>${bootstrap}</script>` +
  '<script type="module" crossorigin src="/assets/app-1234.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const bootstrapHash = `'sha256-${createHash('sha256').update(bootstrap).digest('base64')}'`;
const asset = `console.log(${JSON.stringify('switchboard '.repeat(200))});`;

let t: DemoApp;
let distDir: string;
beforeAll(async () => {
  // A stand-in for the built web app: index.html, and a hashed asset with the .br and .gz the build writes.
  distDir = await mkdtemp(path.join(os.tmpdir(), 'switchboard-web-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), indexHtml);
  await writeFile(path.join(distDir, 'assets', 'app-1234.js'), asset);
  await writeFile(path.join(distDir, 'assets', 'app-1234.js.br'), brotliCompressSync(asset));
  await writeFile(path.join(distDir, 'assets', 'app-1234.js.gz'), gzipSync(asset));
  t = await startApp({ env: { WEB_DIST_DIR: distDir } });
});
afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}, app: KitApp = t) =>
  app.client().get(url, { headers: { accept: 'text/html', ...headers } });

/** The policy as a map of directive → sources. */
const policyOf = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );

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
    expect(response.status).toBe(200);
    expect(response.text).toContain('<div id="root"></div>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends / to /app', async () => {
    const response = await page('/');
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/app');
  });

  it('serves hashed assets with long caching', async () => {
    const response = await t.client().get('/assets/app-1234.js');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.text).toBe(asset);
    // Only the headers a script acts on.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  it('sends index.html only as a page, with its policy', async () => {
    const response = await page('/index.html');
    expect(response.status).toBe(404);
    expect(policyOf(response.headers['content-security-policy']).get('script-src')).toContain(bootstrapHash);
  });

  it('lets the app show its not-found page for an unknown page, with a 404 status', async () => {
    const response = await page('/no/such/page');
    expect(response.status).toBe(404);
    expect(response.text).toContain('<div id="root"></div>');
    expect(policyOf(response.headers['content-security-policy']).get('script-src')).toContain(bootstrapHash);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await page('/api/v9/nothing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'There is no GET /api/v9/nothing',
    });
  });
});

describe('security headers', () => {
  it("gives the page a policy that runs only this server's scripts and the bootstrap by its hash", async () => {
    const response = await page('/app', { host: 'localhost:3000' });
    const policy = policyOf(response.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'", bootstrapHash]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'wss://localhost:3000', 'ws://localhost:3000']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('puts the headers on API answers too, never framed', async () => {
    const response = await t.client().get('/api/health');
    const policy = policyOf(response.headers['content-security-policy']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('ignores a Host header that would add to the policy', async () => {
    const response = await page('/app', { host: "evil.example; script-src 'unsafe-inline'" });
    const policy = policyOf(response.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'", bootstrapHash]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
  });
});

describe('the brand of the host', () => {
  it("frames the product's own host as its profile allows (embeds on)", async () => {
    const response = await page('/app', { host: 'localhost:3000' });
    expect(policyOf(response.headers['content-security-policy']).get('frame-ancestors')).toEqual([
      "'self'",
      'https:',
    ]);
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('lets no one frame a brand without embeds, and starts the page with its profile', async () => {
    const response = await page('/app', { host: 'demo-reseller.localhost:3000' });
    expect(policyOf(response.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.text).toContain('<title>Demo Voice</title>');
    const block = /<script type="application\/json" id="page-brand">(.*?)<\/script>/.exec(response.text);
    expect(JSON.parse(block?.[1] ?? 'null')).toMatchObject({ name: 'Demo Voice', ownHost: false });
  });

  it('frames a brand that allows embeds from https pages, and runs its https scripts only', async () => {
    const reseller = await t.signIn('reseller');
    const saved = await reseller.post('/api/v2/domainProfile', {
      name: 'Demo </script> Voice',
      allowEmbeds: true,
      appScripts: ['https://cdn.partner.example/track.js?id=1', 'https://chat.partner.example:8443/w.js'],
    });
    expect(saved.status, saved.text).toBe(200);
    const refused = await reseller.post<{ message: string }>('/api/v2/domainProfile', {
      name: 'Demo Voice',
      appScripts: ['http://cdn.partner.example/track.js'],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('body.appScripts.0');

    const response = await page('/app', { host: 'demo-reseller.localhost:3000' });
    const policy = policyOf(response.headers['content-security-policy']);
    expect(policy.get('frame-ancestors')).toEqual(["'self'", 'https:']);
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(policy.get('script-src')).toEqual([
      "'self'",
      bootstrapHash,
      'https://cdn.partner.example',
      'https://chat.partner.example:8443',
    ]);
    // The brand's name cannot close the data block or the title.
    expect(response.text).toContain('<title>Demo &lt;/script&gt; Voice</title>');
    expect(response.text).toContain('"name":"Demo \\u003c/script> Voice"');
    // Another host keeps its own brand's policy.
    const own = policyOf((await page('/app', { host: 'localhost:3000' })).headers['content-security-policy']);
    expect(own.get('script-src')).toEqual(["'self'", bootstrapHash]);
  });
});

describe('compression', () => {
  it('sends the precompressed asset the client accepts, and says it varies', async () => {
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await t
        .client()
        .get('/assets/app-1234.js', { headers: { 'accept-encoding': accept } });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.headers['content-type']).toContain('javascript');
      expect(decode(response.raw.rawPayload).toString()).toBe(asset);
    }
    const plain = await t.client().get('/assets/app-1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(asset);
  });

  it('compresses API JSON for clients that accept it', async () => {
    const response = await t.client().get('/api/openapi.json', { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.raw.rawPayload).toString())).toHaveProperty('openapi');
  });
});

describe('over https', () => {
  it('sends HSTS and upgrades requests only when PUBLIC_URL is https', async () => {
    const secure = await startApp({
      seed: 'empty',
      env: { WEB_DIST_DIR: distDir, PUBLIC_URL: 'https://switchboard.example' },
    });
    try {
      const response = await page('/app', { host: 'switchboard.example' }, secure);
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
      const policy = policyOf(response.headers['content-security-policy']);
      expect(policy.has('upgrade-insecure-requests')).toBe(true);
      expect(policy.get('connect-src')).toEqual(["'self'", 'wss://switchboard.example']);
      const api = await secure.client().get('/api/health');
      expect(api.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await secure.close();
    }
  });
});

describe('in a demonstration', () => {
  it('marks every page, so the app shows its banner without asking the API', async () => {
    const demo = await startApp({
      seed: 'empty',
      env: {
        WEB_DIST_DIR: distDir,
        NODE_ENV: 'production',
        DEMO_MODE: 'true',
        SMTP_URL: 'smtp://mail.example.test:25',
        PUBLIC_URL: 'https://switchboard.example.test',
        SECRETS_KEY: 'a-production-secret-key-of-some-length',
      },
    });
    try {
      const response = await page('/app', { host: 'switchboard.example.test' }, demo);
      expect(response.text).toContain('<meta name="switchboard-mode" content="demonstration">');
    } finally {
      await demo.close();
    }
    expect((await page('/app')).text).not.toContain('switchboard-mode');
  });
});

describe('without a build', () => {
  it('explains how to build instead of failing', async () => {
    const bare = await startApp({ seed: 'empty' });
    const response = await bare.client().get('/app');
    expect(response.status).toBe(503);
    expect(response.text).toContain('npm run build');
    await bare.close();
  });
});
