import path from 'node:path';
import { z } from 'zod';
import { checkLlmEnv, llmConfigFromEnv, llmEnvShape, type LlmConfig } from '../providers/llm/config';
import {
  checkEmbeddingsEnv,
  embeddingsConfigFromEnv,
  embeddingsEnvShape,
  type EmbeddingsConfig,
} from '../providers/embeddings/config';
import { mailConfigFromEnv, mailEnvShape, type MailConfig } from '../providers/mail/config';
import type { SpeechConfig } from '../providers/shared/speech-providers';
import { smsConfigFromEnv, smsEnvShape, type SmsConfig } from '../providers/sms/config';
import {
  checkPaymentsEnv,
  paymentsConfigFromEnv,
  paymentsEnvShape,
  type PaymentsConfig,
} from '../providers/payments/config';
import {
  checkLightningEnv,
  lightningConfigFromEnv,
  lightningEnvShape,
  type LightningConfig,
} from '../providers/lightning/config';
import { calendarConfigFromEnv, calendarEnvShape, type CalendarConfig } from '../providers/calendar/config';
import {
  checkStorageEnv,
  storageConfigFromEnv,
  storageEnvShape,
  type StorageConfig,
} from '../providers/storage/config';
import { checkSttEnv, sttConfigFromEnv, sttEnvShape } from '../providers/stt/config';
import {
  checkTelephonyEnv,
  telephonyConfigFromEnv,
  telephonyEnvShape,
  type TelephonyConfig,
} from '../providers/telephony/config';
import {
  checkSipEnv,
  sipConfigFromEnv,
  sipEnvShape,
  type SipConfig,
} from '../providers/telephony/sip/config';
import { checkTtsEnv, ttsConfigFromEnv, ttsEnvShape } from '../providers/tts/config';
import { vadConfigFromEnv, vadEnvShape } from '../providers/vad/config';
import { payPagesConfigFromEnv, payPagesEnvShape, type PayPagesConfig } from './pay-pages-config';
import { parseTrustProxy } from './trust-proxy';
import { payoutsConfigFromEnv, payoutsEnvShape, type PayoutsConfig } from '../providers/payouts/config';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = z
  .string()
  .regex(/^\d+$/, {
    error: (issue) => `must be a whole number from 0 to 65535 (got "${String(issue.input)}")`,
  })
  .transform(Number)
  .pipe(z.number().max(65535, { error: (issue) => `must be from 0 to 65535 (got ${String(issue.input)})` }));

const url = (what: string, protocols: readonly string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: (issue) => `must be ${what} (got "${String(issue.input)}")` },
  );
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port.default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: url('a postgres:// or postgresql:// URL', ['postgres:', 'postgresql:']).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    PUBLIC_URL: url('an http:// or https:// URL', ['http:', 'https:']).optional(),
    LOG_LEVEL: z.enum(logLevels, { error: () => `must be one of ${logLevels.join(', ')}` }).default('info'),
    WEB_DIST_DIR: z.string().min(1).optional(),
    TEST_ACCOUNT_USERNAMES: z.string().default(''),
    SPECIAL_ORGANIZATION_ID: z
      .string()
      .regex(/^\d+$/, { error: (issue) => `must be an account id (got "${String(issue.input)}")` })
      .transform(Number)
      .optional(),
    SALES_ACCOUNT_USERNAME: z.string().trim().toLowerCase().min(1).optional(),
    SIGNIN_CODES_PER_IDENTIFIER: z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .default(5),
    SIGNIN_CODES_PER_IP: z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).default(30),
    SIGNIN_WRONG_CODES_PER_IP: z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .default(30),
    SIGNIN_WRONG_CODES_WINDOW_MINUTES: z
      .string()
      .regex(/^\d+$/, 'must be a whole number of minutes')
      .transform(Number)
      .pipe(z.number().min(1, 'must be at least 1'))
      .default(15),
    SECRETS_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    APP_REQUESTS_PRIVATE_NETWORK: z
      .enum(['allow', 'deny'], { error: () => 'must be allow or deny' })
      .optional(),
    APP_REQUEST_TIMEOUT_MS: z
      .string()
      .regex(/^\d+$/, 'must be a whole number of milliseconds')
      .transform(Number)
      .pipe(z.number().min(100, 'must be at least 100').max(60_000, 'must be at most 60000'))
      .default(8000),
    WEBHOOK_RETRY_BASE_MS: z
      .string()
      .regex(/^\d+$/, 'must be a whole number of milliseconds')
      .transform(Number)
      .pipe(z.number().min(100, 'must be at least 100').max(3_600_000, 'must be at most 3600000'))
      .default(30_000),
    API_TOKEN_REQUESTS_PER_MINUTE: z
      .string()
      .regex(/^\d+$/, 'must be a whole number of requests')
      .transform(Number)
      .pipe(z.number().min(1, 'must be at least 1').max(1_000_000, 'must be at most 1000000'))
      .default(600),
    BALANCE_GRACE_USD: z
      .string()
      .regex(/^\d{1,6}(\.\d{1,9})?$/, 'must be a USD amount like 0.50')
      .default('0.50'),
    ...payPagesEnvShape,
    BILLING_MINUTE_MS: z
      .string()
      .regex(/^\d+$/, 'must be a whole number of milliseconds')
      .transform(Number)
      .pipe(z.number().min(20, 'must be at least 20').max(60_000, 'must be at most 60000'))
      .default(60_000),
    DEMO_MODE: z
      .enum(['true', 'false'], { error: () => 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    TRUST_PROXY: z
      .string()
      .transform((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if (typeof parsed === 'string') {
          ctx.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      })
      .optional(),
    STOP_WITH_PARENT: z
      .enum(['true', 'false'], { error: () => 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    JOB_WORKERS: z.enum(['server', 'off'], { error: () => 'must be server or off' }).default('server'),
    JOB_MAINTENANCE_INTERVAL_SECONDS: z
      .string()
      .regex(/^\d+$/, 'must be a whole number of seconds')
      .transform(Number)
      .pipe(z.number().min(1, 'must be at least 1').max(3600, 'must be at most 3600'))
      .default(30),
    DIALER_SWEEP_SECONDS: z
      .string()
      .regex(/^\d+$/, 'must be a whole number of seconds')
      .transform(Number)
      .pipe(z.number().min(1, 'must be at least 1').max(300, 'must be at most 300'))
      .default(30),
    ...storageEnvShape,
    ...mailEnvShape,
    ...smsEnvShape,
    ...paymentsEnvShape,
    ...lightningEnvShape,
    ...payoutsEnvShape,
    ...telephonyEnvShape,
    ...sipEnvShape,
    ...llmEnvShape,
    ...embeddingsEnvShape,
    ...sttEnvShape,
    ...ttsEnvShape,
    ...vadEnvShape,
    ...calendarEnvShape,
  })
  .superRefine(checkStorageEnv)
  .superRefine(checkLlmEnv)
  .superRefine(checkEmbeddingsEnv)
  .superRefine(checkSttEnv)
  .superRefine(checkTtsEnv)
  .superRefine(checkTelephonyEnv)
  .superRefine(checkSipEnv)
  .superRefine(checkPaymentsEnv)
  .superRefine(checkLightningEnv)
  .superRefine(checkProductionEnv);

/**
 * A production server must be able to deliver sign-in codes (mail through SMTP_URL; no phone provider signs
 * people in yet), build links that reach it (PUBLIC_URL) and open its sealed secrets on every host (SECRETS_KEY).
 */
function checkProductionEnv(
  env: {
    NODE_ENV: string;
    SMTP_URL?: string | undefined;
    PUBLIC_URL?: string | undefined;
    SECRETS_KEY?: string | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  if (env.NODE_ENV !== 'production') return;
  const required: [keyof typeof env, string][] = [
    [
      'SMTP_URL',
      'is required in production: sign-in codes are sent by mail and nothing else can deliver them',
    ],
    ['PUBLIC_URL', 'is required in production: links in mail and webhooks must reach this server'],
    ['SECRETS_KEY', 'is required in production: stored credentials are sealed with it'],
  ];
  for (const [name, message] of required) {
    if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message });
  }
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  /** Absolute path of the data directory (PGlite files, local storage, the lock). */
  dataDir: string;
  publicUrl: string;
  logLevel: (typeof logLevels)[number];
  webDistDir: string;
  storage: StorageConfig;
  mail: MailConfig;
  sms: SmsConfig;
  /** Card payments: Stripe, or the offline sandbox card processor. */
  payments: PaymentsConfig;
  /** Lightning top-ups (LND or the sandbox node) and where the sats-to-USD rate is read. */
  lightning: LightningConfig;
  payouts: PayoutsConfig;
  /** Where connected calendars are reached (Calendly's API). */
  calendar: CalendarConfig;
  /** The carrier of phone numbers, calls and texts: the offline sandbox network or Twilio. */
  telephony: TelephonyConfig;
  /** The SIP endpoint (port null: none), its public host and RTP ports. */
  sip: SipConfig;
  /** The default model provider of the agent runtime. */
  llm: LlmConfig;
  /** Embeddings of knowledge-base passages for hybrid search (EMBEDDINGS_PROVIDER); none keeps search lexical. */
  embeddings: EmbeddingsConfig;
  /** Speech recognition, synthesis and voice activity detection of voice calls. */
  speech: SpeechConfig;
  accounts: {
    /** Usernames of test accounts: they may view and edit an organization, nothing more. */
    testAccountUsernames: readonly string[];
    /** The organization with SMS messaging and embeds forced on. */
    specialOrganizationId: number | null;
    /** The username of the platform's sales account: its team takes the calls booked on the schedule page. */
    salesAccountUsername: string | null;
    /** Sign-in and verification codes sent per email/phone and per IP address within 10 minutes. */
    codesPerIdentifier: number;
    codesPerIp: number;
    /** Wrong codes tried per client address within the window (whatever address or number they were for). */
    wrongCodesPerIp: number;
    wrongCodesWindowMs: number;
  };
  /** Encrypts secrets kept in the database; null keeps a generated key in DATA_DIR/secrets.key. */
  secretsKey: string | null;
  /** How app functions' HTTP requests leave the server. */
  apps: {
    /** Loopback and private addresses are refused unless allowed (allowed by default outside production). */
    allowPrivateNetwork: boolean;
    requestTimeoutMs: number;
  };
  /** Event webhooks: a failed delivery is tried again after 1, 4, 20, 60, … times this (about a day in all). */
  webhooks: { retryBaseMs: number };
  /** Requests one API token may make per minute in this process before it is answered 429 with Retry-After. */
  apiTokens: { requestsPerMinute: number };
  /** Payments received on pay pages (the platform's fee) and referral invitations. */
  payPages: PayPagesConfig;
  /** Usage charged as it happens: a running call may overdraw the wallet by the grace before it is ended. */
  billing: {
    /** BALANCE_GRACE_USD, a decimal USD string (the ledger converts it to units). */
    graceUsd: string;
    /** How often a running call is charged a minute: 60 s; shorter only outside production (tests). */
    minuteMs: number;
  };
  /**
   * Production with DEMO_MODE=true: demo data is seeded and the sandbox doors stay open, said plainly by the
   * banner and the web app; the outbox is then for super admins only.
   */
  demoMode: boolean;
  /** The demo seed runs and /api/dev, /api/sandbox and the sandbox pages exist (always outside production). */
  sandboxOpen: boolean;
  /**
   * Which forwarded headers to believe (Fastify's trustProxy): false unless TRUST_PROXY names the hop count or
   * the proxies' addresses, so no client picks its own address with X-Forwarded-For.
   */
  trustProxy: false | number | string[];
  /** Stop when the launching command exits (set by `npm start`, so a killed npm leaves no orphan behind). */
  stopWithParent: boolean;
  jobs: {
    /** The web server runs the job handlers too (JOB_WORKERS=server, the default); off leaves them to workers. */
    runInServer: boolean;
    /** How often expired attempts (a crashed process's) are handed back to the queue. */
    maintenanceIntervalSeconds: number;
    /** How often the dialer looks for due tasks and ended calls. */
    dialerSweepSeconds: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** Reads and validates the environment once at start; every bad value is reported, each by name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`PORT=`) means "unset", as in most .env tooling.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        return issue.message.startsWith(name) ? issue.message : `${name} ${issue.message}`;
      }),
    );
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  const displayHost = values.HOST === '0.0.0.0' || values.HOST === '::' ? '127.0.0.1' : values.HOST;
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    database: values.DATABASE_URL
      ? { kind: 'postgres', url: values.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    dataDir,
    publicUrl: (values.PUBLIC_URL ?? `http://${displayHost}:${values.PORT}`).replace(/\/+$/, ''),
    logLevel: values.LOG_LEVEL,
    webDistDir: path.resolve(values.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    storage: storageConfigFromEnv(values),
    mail: mailConfigFromEnv(values),
    sms: smsConfigFromEnv(values),
    payments: paymentsConfigFromEnv(values),
    lightning: lightningConfigFromEnv(values),
    payouts: payoutsConfigFromEnv(values),
    calendar: calendarConfigFromEnv(values),
    telephony: telephonyConfigFromEnv(values),
    sip: sipConfigFromEnv(values),
    llm: llmConfigFromEnv(values),
    embeddings: embeddingsConfigFromEnv(values),
    speech: { stt: sttConfigFromEnv(values), tts: ttsConfigFromEnv(values), vad: vadConfigFromEnv(values) },
    stopWithParent: values.STOP_WITH_PARENT,
    jobs: {
      runInServer: values.JOB_WORKERS === 'server',
      maintenanceIntervalSeconds: values.JOB_MAINTENANCE_INTERVAL_SECONDS,
      dialerSweepSeconds: values.DIALER_SWEEP_SECONDS,
    },
    demoMode: values.NODE_ENV === 'production' && values.DEMO_MODE,
    sandboxOpen: values.NODE_ENV !== 'production' || values.DEMO_MODE,
    trustProxy: values.TRUST_PROXY ?? false,
    secretsKey: values.SECRETS_KEY ?? null,
    webhooks: { retryBaseMs: values.WEBHOOK_RETRY_BASE_MS },
    apiTokens: { requestsPerMinute: values.API_TOKEN_REQUESTS_PER_MINUTE },
    payPages: payPagesConfigFromEnv(values),
    billing: {
      graceUsd: values.BALANCE_GRACE_USD,
      minuteMs: values.NODE_ENV === 'production' ? 60_000 : values.BILLING_MINUTE_MS,
    },
    apps: {
      allowPrivateNetwork:
        (values.APP_REQUESTS_PRIVATE_NETWORK ?? (values.NODE_ENV === 'production' ? 'deny' : 'allow')) ===
        'allow',
      requestTimeoutMs: values.APP_REQUEST_TIMEOUT_MS,
    },
    accounts: {
      testAccountUsernames: values.TEST_ACCOUNT_USERNAMES.split(',')
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean),
      specialOrganizationId: values.SPECIAL_ORGANIZATION_ID ?? null,
      salesAccountUsername: values.SALES_ACCOUNT_USERNAME ?? null,
      codesPerIdentifier: values.SIGNIN_CODES_PER_IDENTIFIER,
      codesPerIp: values.SIGNIN_CODES_PER_IP,
      wrongCodesPerIp: values.SIGNIN_WRONG_CODES_PER_IP,
      wrongCodesWindowMs: values.SIGNIN_WRONG_CODES_WINDOW_MINUTES * 60_000,
    },
  };
}
