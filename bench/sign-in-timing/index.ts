// Whether the sign-in calls take longer for an address that has an account than for one that has none: each call
// runs for a known and an unknown address in alternation, in the same process, with the sandbox outbox and with
// mail sent over loopback SMTP; the unknown address is the reference the known one is compared with.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { seedDemoData, users } from '@switchboard/db';
import { buildApp } from '@switchboard/server/app';
import { loadConfig } from '@switchboard/server/platform/config';
import { createLogger } from '@switchboard/server/platform/logger';
import { createServices } from '@switchboard/server/services';
import {
  cloneDatabase,
  createDatabaseTemplate,
  demoEmail,
  readCodeFromOutbox,
  startFakeSmtpServer,
} from '@switchboard/testing';
import { intFlag, table } from '../support';

const calls = intFlag('calls', 150);
const unlimited = '1000000';

type App = Awaited<ReturnType<typeof buildApp>>;
interface Call {
  name: string;
  /** The request for the i-th address of a kind. */
  run: (app: App, kind: 'known' | 'unknown', i: number, run: string) => Promise<number>;
}

const post = async (app: App, url: string, payload: Record<string, unknown>) =>
  (await app.inject({ method: 'POST', url, payload })).statusCode;
const address = (kind: 'known' | 'unknown', i: number, run: string) => `${kind}-${run}-${i}@bench.test`;
let sessionToken = '';

const benchCalls: Call[] = [
  {
    name: 'POST /signin/email (ask for a code)',
    run: (app, kind, i, run) => post(app, '/api/v1/signin/email', { email: address(kind, i, run) }),
  },
  {
    name: 'POST /email/verify (wrong code)',
    run: (app, kind, i, run) =>
      post(app, '/api/v1/email/verify', { email: address(kind, i, run), verificationCode: '000000' }),
  },
  {
    name: 'POST /signup/email',
    run: (app, kind, i, run) =>
      post(app, '/api/v1/signup/email', {
        email: kind === 'known' ? address(kind, i, run) : `new-${run}-${i}@bench.test`,
        businessName: 'Bench Bakery',
      }),
  },
  {
    name: 'POST /email/requestVerificationCode',
    run: (app, kind, i, run) =>
      post(app, `/api/v1/email/requestVerificationCode?token=${sessionToken}`, {
        email: kind === 'known' ? address(kind, i, run) : `free-${run}-${i}@bench.test`,
      }),
  },
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Signs acme in (for the calls that need a session), reading the code from wherever the mail went. */
async function signInAcme(app: App, readCode: () => Promise<string>) {
  await post(app, '/api/v1/signin/email', { email: demoEmail('acme') });
  const verificationCode = await readCode();
  const verify = await app.inject({
    method: 'POST',
    url: '/api/v1/email/verify',
    payload: { email: demoEmail('acme'), verificationCode },
  });
  return verify.json<{ token: string }>().token;
}

async function measure(mode: string, env: Record<string, string>, readCode: (app: App) => Promise<string>) {
  const { template, dispose } = await createDatabaseTemplate();
  const database = await cloneDatabase(template);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'switchboard-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SIGNIN_CODES_PER_IDENTIFIER: unlimited,
    SIGNIN_CODES_PER_IP: unlimited,
    SIGNIN_WRONG_CODES_PER_IP: unlimited,
    ...env,
  });
  const app = await buildApp(createServices({ config, database, logger: createLogger({ level: 'silent' }) }));
  await app.ready();
  await seedDemoData(database.db);
  const run = mode.replace(/\W+/g, '');
  await database.db
    .insert(users)
    .values(Array.from({ length: calls + 20 }, (_, i) => ({ email: address('known', i, run) })));
  sessionToken = await signInAcme(app, () => readCode(app));

  const rows = [];
  for (const call of benchCalls) {
    const times = { known: [] as number[], unknown: [] as number[] };
    const statuses = { known: new Set<number>(), unknown: new Set<number>() };
    // A few untimed calls warm the path; then known and unknown alternate so drift falls on both alike.
    for (let i = calls; i < calls + 20; i++) {
      for (const kind of ['known', 'unknown'] as const) await call.run(app, kind, i, run);
    }
    for (let i = 0; i < calls; i++) {
      const order = i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const kind of order) {
        const began = performance.now();
        statuses[kind].add(await call.run(app, kind, i, run));
        times[kind].push(performance.now() - began);
      }
    }
    const known = median(times.known);
    const unknown = median(times.unknown);
    rows.push({
      mail: mode,
      call: call.name,
      'unknown ms (reference)': unknown,
      'known ms': known,
      'known - unknown ms': known - unknown,
      statuses: `${[...statuses.unknown].join('/')} vs ${[...statuses.known].join('/')}`,
    });
  }
  await app.close();
  await database.close();
  await dispose();
  await rm(dataDir, { recursive: true, force: true });
  return rows;
}

console.log(`sign-in-timing: median of ${calls} calls per address kind, in-process requests`);
const rows = await measure('sandbox outbox', {}, (app) => readCodeFromOutbox(app, demoEmail('acme')));
const smtp = await startFakeSmtpServer();
const lastSmtpCode = () => {
  const code = smtp.messages.at(-1)?.data.match(/code is (\d{6})/)?.[1];
  return code ? Promise.resolve(code) : Promise.reject(new Error('no code arrived over SMTP'));
};
rows.push(
  ...(await measure(
    'loopback SMTP',
    { SMTP_URL: smtp.url, MAIL_FROM: 'bench@switchboard.test' },
    lastSmtpCode,
  )),
);
await smtp.close();
table(rows);
