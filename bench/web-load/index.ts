// Loading the sign-in page: JavaScript and total bytes on the wire (response headers included, as the network
// stack counts them), and Largest Contentful Paint, in Chromium against the built server (as `npm start` runs it).
// Beside it, in the same run and on the same server: the same page with compression refused
// (`Accept-Encoding: identity`), and a bare static HTML page (the floor: one request, no script). The budget is
// 150 KB of JavaScript on the wire and an LCP of 1 s.
// `npm run bench -- web-load [--runs 5]`; builds the web app first when its sources changed.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startServerProcess, repoRoot } from '@switchboard/testing';
import { ensureWebBuild } from '../../scripts/web-build';
import { intFlag, table } from '../support';

const runs = intFlag('runs', 5);

const barePage = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Switchboard</title>
<body style="font-family:system-ui;margin:4rem auto;max-width:36rem"><h1>Sign in</h1>
<p>A static page with one heading and one paragraph: what the server and the browser cost without the app.</p>`;

interface Load {
  /** Response headers and (compressed) bodies of the .js files, as the network stack counted them. */
  jsWire: number;
  jsDecoded: number;
  totalWire: number;
  requests: number;
  lcp: number;
}

// Recorded before any of the page's scripts run; the last entry is the page's LCP.
const observeLcp = `window.lcp = NaN;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.lcp = entry.startTime;
}).observe({ type: 'largest-contentful-paint', buffered: true });`;

// Text, not a function: tsx's transform would add helpers the page does not have. Resource Timing's transferSize
// counts a fixed 300 bytes for headers, so bytes come from the network events and only decoded sizes from here.
const measureScript = `(() => {
  const js = performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
  return { jsDecoded: js.reduce((total, entry) => total + entry.decodedBodySize, 0), lcp: window.lcp };
})()`;

async function loadOnce(browser: Browser, url: string, waitFor: string, identity: boolean): Promise<Load> {
  // A new context each time: an empty cache, as on a first visit.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...(identity ? { extraHTTPHeaders: { 'accept-encoding': 'identity' } } : {}),
  });
  const page = await context.newPage();
  const sizes: Promise<{ js: boolean; bytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    const js = new URL(request.url()).pathname.endsWith('.js');
    sizes.push(
      request.sizes().then((size) => ({ js, bytes: size.responseHeadersSize + size.responseBodySize })),
    );
  });
  await page.addInitScript(observeLcp);
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByText(waitFor).first().waitFor();
  // LCP entries are delivered after the frame that painted them.
  await page.waitForTimeout(300);
  const inPage = await page.evaluate<Pick<Load, 'jsDecoded' | 'lcp'>>(measureScript);
  const responses = await Promise.all(sizes);
  await context.close();
  const sum = (list: { bytes: number }[]) => list.reduce((total, item) => total + item.bytes, 0);
  return {
    ...inPage,
    jsWire: sum(responses.filter((response) => response.js)),
    totalWire: sum(responses),
    requests: responses.length,
  };
}

const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function summarize(name: string, loads: Load[]) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return {
    page: name,
    'JS on the wire': kb(middle(loads.map((load) => load.jsWire))),
    'JS decoded': kb(middle(loads.map((load) => load.jsDecoded))),
    'total on the wire': kb(middle(loads.map((load) => load.totalWire))),
    requests: middle(loads.map((load) => load.requests)),
    'LCP ms (median)': Math.round(middle(loads.map((load) => load.lcp))),
    'LCP ms (worst)': Math.round(Math.max(...loads.map((load) => load.lcp))),
  };
}

ensureWebBuild();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'switchboard-bench-web-'));
// A copy of the build with the bare page beside index.html, so one server serves both the same way.
const distDir = path.join(dataDir, 'dist');
await cp(path.join(repoRoot, 'apps/web/dist'), distDir, { recursive: true });
await writeFile(path.join(distDir, 'bare.html'), barePage);
const server = await startServerProcess({
  dataDir: path.join(dataDir, 'data'),
  env: { WEB_DIST_DIR: distDir, LOG_LEVEL: 'warn' },
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
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
try {
  await server.waitUntilHealthy();
  const scenarios = [
    { name: 'sign-in page', url: `${server.url}/app`, waitFor: 'Sign in', identity: false },
    { name: 'sign-in page, uncompressed', url: `${server.url}/app`, waitFor: 'Sign in', identity: true },
    { name: 'bare static HTML page', url: `${server.url}/bare.html`, waitFor: 'Sign in', identity: false },
  ];
  // One warm-up load each (the server's first requests read files and fill caches), then the measured runs,
  // interleaved so that a busy moment on the machine does not land on one scenario only.
  for (const scenario of scenarios)
    await loadOnce(browser, scenario.url, scenario.waitFor, scenario.identity);
  const loads = new Map<string, Load[]>(scenarios.map((scenario) => [scenario.name, []]));
  for (let run = 0; run < runs; run++) {
    for (const scenario of scenarios) {
      loads
        .get(scenario.name)
        ?.push(await loadOnce(browser, scenario.url, scenario.waitFor, scenario.identity));
    }
  }
  console.log(
    `Sign-in page load in Chromium, ${runs} cold loads each (empty cache), medians; ` +
      `load average ${os.loadavg()[0]?.toFixed(1)} on ${os.availableParallelism()} cores:`,
  );
  table(scenarios.map((scenario) => summarize(scenario.name, loads.get(scenario.name) ?? [])));
  const signIn = loads.get('sign-in page') ?? [];
  const jsKb = middle(signIn.map((load) => load.jsWire)) / 1024;
  const lcp = middle(signIn.map((load) => load.lcp));
  console.log(
    `Budget: JS on the wire ${jsKb.toFixed(1)} KB of 150 KB (${jsKb <= 150 ? 'met' : 'missed'}), ` +
      `LCP ${Math.round(lcp)} ms of 1000 ms (${lcp <= 1000 ? 'met' : 'missed'})`,
  );
} finally {
  await browser.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
