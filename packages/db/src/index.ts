export * from './database';
export * from './migrate';
export * from './seed/index';
export * from './schema/index';
// One copy of drizzle-orm in the tree: repos take their operators from here.
export {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  not,
  or,
  sql,
} from 'drizzle-orm';
export type { SQL } from 'drizzle-orm';
export { demoAccounts, demoEmailDomain } from './seed/accounts';
export * from './listen';
export { builtInAgentTemplates } from './seed/agent-templates/index';
export { demoAgents } from './seed/agents';
export { demoPricePlan } from './seed/ledger';
