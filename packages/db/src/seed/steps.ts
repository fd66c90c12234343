import { accountsSeed } from './accounts';
import { agentsSeed } from './agents';
import { billingSeed } from './billing';
import { conversationLogsSeed } from './conversation-logs';
import { domainsSeed } from './domains';
import { ledgerSeed } from './ledger';
import { phoneNumbersSeed } from './phone-numbers';
import type { SeedStep } from './steps-type';

export type { SeedStep } from './steps-type';

/** Demo data steps in dependency order; each area adds its own step file and one line here. */
export const demoSeedSteps: readonly SeedStep[] = [
  accountsSeed,
  agentsSeed,
  conversationLogsSeed,
  domainsSeed,
  phoneNumbersSeed,
  ledgerSeed,
  billingSeed,
];
