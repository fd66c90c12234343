import { ledgerJobs } from '../features/ledger/jobs';
import { walletJobs } from '../features/wallet/jobs';
import { payoutJobs } from '../features/payouts/jobs';
import { dialerJobs } from '../features/tasks/dialer.jobs';
import { webhookJobs } from '../features/developer/webhooks.jobs';
import { knowledgeJobs } from '../features/knowledge/ingest-document';
import { jobMaintenance } from './maintenance';
import type { JobFeature } from './registry';

/** Every area's job handlers, started by worker processes (and the web server unless JOB_WORKERS=off). */
export const jobFeatures: readonly JobFeature[] = [
  jobMaintenance,
  ledgerJobs,
  walletJobs,
  payoutJobs,
  dialerJobs,
  webhookJobs,
  knowledgeJobs,
];
