import type { Feature } from './feature';
import { adminFeature } from './admin';
import { accountsFeature } from './accounts/accounts.routes';
import { accountsDirectoryFeature } from './accounts/directory.routes';
import { agentsFeature } from './agents/agents.routes';
import { appsFeature } from './apps/apps.routes';
import { authFeature } from './auth/auth.routes';
import { billingFeature } from './billing/billing.routes';
import { calendarFeature } from './calendar/calendar.routes';
import { contactsFeature } from './contacts/contacts.routes';
import { developerFeature } from './developer/developer.routes';
import { domainsFeature } from './domains/domains.routes';
import { helpFeature } from './help/help.routes';
import { inboxFeature } from './inbox/inbox.routes';
import { knowledgeFeature } from './knowledge/knowledge.routes';
import { logsFeature } from './logs/logs.routes';
import { metricsFeature } from './metrics/metrics.routes';
import { outboxFeature } from './outbox/outbox.routes';
import { phoneNumbersFeature } from './phone-numbers/phone-numbers.routes';
import { platformFeature } from './platform/platform.routes';
import { realtimeFeature } from './realtime/realtime.routes';
import { referralsFeature } from './referrals';
import { runtimeFeature } from './runtime/runtime.routes';
import { tasksFeature } from './tasks/tasks.routes';
import { sipFeature } from './sip/sip.routes';
import { sandboxPhoneFeature } from './telephony/sandbox-phone.routes';
import { twilioFeature } from './telephony/twilio.routes';
import { walletFeature } from './wallet/wallet.routes';
import { payoutsFeature } from './payouts/payouts.routes';

/** Every server area, one line each. */
export const features: readonly Feature[] = [
  platformFeature,
  outboxFeature,
  authFeature,
  accountsFeature,
  accountsDirectoryFeature,
  inboxFeature,
  contactsFeature,
  realtimeFeature,
  agentsFeature,
  logsFeature,
  metricsFeature,
  runtimeFeature,
  appsFeature,
  domainsFeature,
  helpFeature,
  phoneNumbersFeature,
  twilioFeature,
  sandboxPhoneFeature,
  sipFeature,
  tasksFeature,
  walletFeature,
  payoutsFeature,
  referralsFeature,
  adminFeature,
  billingFeature,
  developerFeature,
  knowledgeFeature,
  calendarFeature,
];
