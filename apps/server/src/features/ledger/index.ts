// The ledger's public surface: other features (wallet, payments, usage rating) use only what is exported here.
export { UNITS_PER_USD, usdToUnits, unitsToUsd } from './units';
export { createLedger, type LedgerOptions } from './ledger.repo';
export { auditLedger } from './ledger-audit.repo';
export {
  InsufficientFunds,
  IdempotencyConflict,
  platformAccountNames,
  transferKinds,
  type HistoryOptions,
  type Ledger,
  type LedgerAccountRef,
  type LedgerLine,
  type PlatformAccountName,
  type TransferInput,
  type TransferKind,
  type TransferResult,
} from './types';
export {
  chargeUsage,
  createBalanceGate,
  type BalanceGateDeps,
  type UsageChargeResult,
  type WalletStanding,
  walletStanding,
} from './usage-charges.service';
export { conversationsMoney, type ConversationMoney } from './usage-charges.repo';
export { resolvePlan } from './pricing/plans.repo';
export {
  parseProductItems,
  type PriceTier,
  type ProductItem,
  type ProductItems,
  type ResolvedPlan,
} from './pricing/catalogue';
export { priceBeyondIncluded, priceUnits, tierFor } from './pricing/rating';
export { resaleChain, type ResaleStep } from './pricing/resale';
export {
  billingPeriod,
  chargeFirstMonth,
  chargeMonthlyItem,
  collectOwedCharges,
  describeMonthlyItem,
  owedMonthlyCharges,
  sweepMonthlyCharges,
  type MonthlyChargeOutcome,
  type MonthlySweepResult,
  type OwedMonthlyCharge,
} from './monthly-charges.service';
export { itemsDue, monthlyEventKey, type MonthlyItem } from './monthly-charges.repo';
