import type { Endpoint } from './endpoint';
import { accountsEndpoints } from './accounts';
import { adminEndpoints } from './admin';
import { agentsEndpoints } from './agents';
import { appsEndpoints } from './apps';
import { authEndpoints } from './auth';
import { billingEndpoints } from './billing';
import { usageEndpoints } from './usage';
import { calendarEndpoints } from './calendar';
import { googleCalendarEndpoints } from './calendar-google';
import { jobNimbusEndpoints } from './calendar-jobnimbus';
import { teamCallEndpoints } from './calendar-team';
import { contactsEndpoints } from './contacts';
import { developerEndpoints } from './developer';
import { directoryEndpoints } from './directory';
import { domainsEndpoints } from './domains';
import { helpEndpoints } from './help';
import { inboxEndpoints } from './inbox';
import { knowledgeEndpoints } from './knowledge';
import { logsEndpoints } from './logs';
import { metricsEndpoints } from './metrics';
import { outboxEndpoints } from './outbox';
import { phoneNumbersEndpoints } from './phone-numbers';
import { platformEndpoints } from './platform';
import { runtimeEndpoints } from './runtime';
import { sandboxPhoneEndpoints } from './sandbox-phone';
import { sipEndpoints } from './sip';
import { tasksEndpoints } from './tasks';
import { walletEndpoints } from './wallet';
import { payoutsEndpoints } from './payouts';
import { payPagesEndpoints } from './pay-pages';
import { referralsEndpoints } from './referrals';

export * from './endpoint';
export * from './errors';
export * from './fields';
export * from './pages';
export * from './agent-config';
export * from './agent-session';
export * from './accounts';
export * from './admin';
export * from './agents';
export * from './apps';
export * from './auth';
export * from './billing';
export * from './usage';
export * from './calendar';
export * from './calendar-google';
export * from './calendar-jobnimbus';
export * from './calendar-team';
export * from './contacts';
export * from './developer';
export * from './directory';
export * from './domains';
export * from './wallet';
export * from './payouts';
export * from './help';
export * from './pay-pages';
export * from './referrals';
export * from './inbox';
export * from './knowledge';
export * from './realtime';
export * from './logs';
export * from './metrics';
export * from './outbox';
export * from './phone-numbers';
export * from './platform';
export * from './runtime';
export * from './sandbox-phone';
export * from './sip';
export * from './tasks';
export { buildOpenApiDocument } from './openapi';
export { sampleFor, sampleValue, type SampleOptions } from './sample-value';

/** Every endpoint, collected from the area files; one entry per area keeps parallel work from colliding. */
export const endpoints = {
  ...platformEndpoints,
  ...outboxEndpoints,
  ...authEndpoints,
  ...accountsEndpoints,
  ...directoryEndpoints,
  ...inboxEndpoints,
  ...contactsEndpoints,
  ...agentsEndpoints,
  ...logsEndpoints,
  ...metricsEndpoints,
  ...runtimeEndpoints,
  ...appsEndpoints,
  ...domainsEndpoints,
  ...helpEndpoints,
  ...phoneNumbersEndpoints,
  ...tasksEndpoints,
  ...sandboxPhoneEndpoints,
  ...sipEndpoints,
  ...walletEndpoints,
  ...payoutsEndpoints,
  ...payPagesEndpoints,
  ...referralsEndpoints,
  ...adminEndpoints,
  ...billingEndpoints,
  ...usageEndpoints,
  ...developerEndpoints,
  ...knowledgeEndpoints,
  ...calendarEndpoints,
  ...googleCalendarEndpoints,
  ...jobNimbusEndpoints,
  ...teamCallEndpoints,
} as const;

export const allEndpoints: readonly Endpoint[] = Object.values(endpoints);
