import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/database';
import type { LightningProvider } from '../../providers/lightning/types';
import type { PaymentsProvider } from '../../providers/payments/types';
import type { Ledger } from '../ledger';
import type { PayPageCardPayments } from '../pay-pages';
import type { ExchangeRates } from './exchange-rates';

/** What the wallet's services work with. */
export interface WalletDeps {
  db: Db;
  ledger: Ledger;
  payments: PaymentsProvider;
  lightning: LightningProvider;
  rates: ExchangeRates;
  /** Card payments to an account by its pay page: recorded when opened, credited less the fee when paid. */
  cardPayments: PayPageCardPayments;
  /** Delivers a sandbox payment's signed event to the payments webhook through HTTP, as Stripe would. */
  app: FastifyInstance;
}
