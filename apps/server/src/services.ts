import type { FastifyBaseLogger } from 'fastify';
import type { Authenticator } from './http/authenticator';
import { createAuthenticator } from './features/auth/authenticator';
import { outboxRecorder } from './features/outbox/outbox.service';
import { createBackgroundWork, type BackgroundWork } from './platform/background-work';
import { createJobQueue, type JobQueue } from './jobs/queue';
import type { Config } from './platform/config';
import type { DatabaseHandle, Db, DatabaseKind } from './platform/database';
import type { MailProvider } from './providers/mail/types';
import { createMail } from './providers/mail/create';
import { carrierSms } from './providers/sms/carrier';
import { createSms } from './providers/sms/create';
import { honourOptOuts } from './features/telephony/carrier-texts.service';
import { sandboxLedger } from './features/phone-numbers/phone-numbers.repo';
import { createTelephony } from './providers/telephony/create';
import { SipOutboundSlot } from './providers/telephony/sip/outbound';
import type { TelephonyProvider } from './providers/telephony/types';
import type { SmsProvider } from './providers/sms/types';
import { createSpeechProviders } from './providers/shared/speech-providers';
import { createStorage } from './providers/storage/create';
import type { StorageProvider } from './providers/storage/types';
import type { AgentRuntimePort } from './runtime/port';
import { withSubscriptionGate } from './features/billing/index';
import { createBalanceGate } from './features/ledger/index';
import { createAgentRuntime } from './runtime/agent-runtime';
import { createKnowledgeVectors, type KnowledgeVectors } from './features/knowledge/knowledge-vectors';
import { createOpenAiEmbedder } from './providers/embeddings/openai';
import type { AgentRuntime, SpeechProviders } from './runtime/session-types';

/**
 * Everything the server does, without HTTP: the database, the providers, the agent runtime and the
 * authenticator. The web server (app.ts) binds routes to them; a worker process runs the same services with no
 * HTTP server at all (worker.ts).
 */
export interface Services {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  dbKind: DatabaseKind;
  storage: StorageProvider;
  mail: MailProvider;
  sms: SmsProvider;
  /** The phone carrier: numbers, calls and texts (the sandbox phone network unless a carrier is configured). */
  telephony: TelephonyProvider;
  /** Outbound calls by SIP for accounts with SIP settings (filled by the SIP feature where its endpoint runs). */
  sipOutbound: SipOutboundSlot;
  logger: FastifyBaseLogger;
  /** When these services started (the health answer's uptime). */
  startedAt: Date;
  /** The agent runtime: the text entry point for SMS-style channels, sessions, runPrompt. */
  runtime: AgentRuntime;
  /** Knowledge-base passages by meaning (EMBEDDINGS_PROVIDER), null when search is lexical only. */
  knowledgeVectors: KnowledgeVectors | null;
  /** How tokens become callers and whether a caller may act for an account. */
  authenticator: Authenticator;
  /**
   * Work that outlives the request or event that started it (an agent's answer to a text). It is in memory
   * until the job queue takes it over: docs/ARCHITECTURE.md lists what still relies on it.
   */
  background: BackgroundWork;
  /**
   * The durable job queue (jobs/index.ts): any process may send; handlers run where startJobWork started them
   * (worker processes, and the web server unless JOB_WORKERS=off).
   */
  jobs: JobQueue;
  /** Stops the job handlers (handing back what runs past the grace) and waits for background work; the database
   * stays open (its owner closes it). */
  close(): Promise<void>;
}

export interface ServiceOverrides {
  /** Defaults to the configured storage (STORAGE_* settings). */
  storage?: StorageProvider;
  /** Default to the configured providers (the sandbox outbox unless SMTP_URL is set). */
  mail?: MailProvider;
  sms?: SmsProvider;
  /** Defaults to the configured carrier (the sandbox phone network). */
  telephony?: TelephonyProvider;
  authenticator?: Authenticator;
  /**
   * Defaults to the real runtime on the configured model and speech providers. A test may pass only the text
   * entry point; the rest of the runtime stays real.
   */
  runtime?: AgentRuntime | AgentRuntimePort;
  /** Speech for voice sessions; defaults to the configured providers; null turns voice off. */
  speech?: SpeechProviders | null;
}

/** Builds the services on an open database; nothing here listens on a port. */
export function createServices(
  input: { config: Config; database: DatabaseHandle; logger: FastifyBaseLogger },
  overrides: ServiceOverrides = {},
): Services {
  const { config, database, logger } = input;
  const db = database.db;
  const telephony =
    overrides.telephony ??
    createTelephony(config.telephony, {
      ledger: sandboxLedger(db),
      record: outboxRecorder(db),
      sandboxOpen: config.sandboxOpen,
    });
  // The agents' texts leave from their numbers at the carrier; texts from no number (sign-in codes) go through
  // the platform's SMS provider. Either way a contact who replied STOP to a number gets nothing more from it.
  const platformSms = overrides.sms ?? createSms(config.sms, outboxRecorder(db));
  const sms = honourOptOuts(
    db,
    telephony.sandbox
      ? platformSms
      : carrierSms(telephony, platformSms, `${config.publicUrl}/api/twilio/sms-status`),
  );
  const knowledgeVectors =
    config.embeddings.provider === 'openai'
      ? createKnowledgeVectors(db, createOpenAiEmbedder(config.embeddings), logger)
      : null;
  // Said at start: hybrid search, or why it stays lexical.
  void knowledgeVectors?.ready();
  const realRuntime = (): AgentRuntime =>
    createAgentRuntime({
      config,
      db,
      sms,
      logger,
      knowledgeVectors,
      // An unpaid subscription refuses new conversations before the wallet is asked.
      balanceGate: withSubscriptionGate(
        createBalanceGate({ db, logger, graceUsd: config.billing.graceUsd }),
        db,
      ),
      speech:
        overrides.speech === undefined ? createSpeechProviders(config.speech, { logger }) : overrides.speech,
    });
  const runtime: AgentRuntime = !overrides.runtime
    ? realRuntime()
    : 'openSession' in overrides.runtime
      ? overrides.runtime
      : { ...realRuntime(), replyToText: overrides.runtime.replyToText.bind(overrides.runtime) };
  const background = createBackgroundWork(logger);
  const jobs = createJobQueue({
    db,
    kind: database.kind,
    logger,
    maintenanceIntervalSeconds: config.jobs.maintenanceIntervalSeconds,
  });
  return {
    config,
    database,
    db,
    dbKind: database.kind,
    storage: overrides.storage ?? createStorage(config.storage, config.dataDir),
    mail: overrides.mail ?? createMail(config.mail, outboxRecorder(db)),
    sms,
    telephony,
    sipOutbound: new SipOutboundSlot(),
    logger,
    startedAt: new Date(),
    runtime,
    knowledgeVectors,
    authenticator:
      overrides.authenticator ??
      createAuthenticator(db, {
        testAccountUsernames: config.accounts.testAccountUsernames,
        apiTokenRequestsPerMinute: config.apiTokens.requestsPerMinute,
      }),
    background,
    jobs,
    close: async () => {
      await jobs.stop({ graceMs: 5000 });
      await background.drain();
    },
  };
}
