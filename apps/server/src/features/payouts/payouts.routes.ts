import { payoutsEndpoints } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import { SandboxConnect } from '../../providers/payments/stripe-connect';
import { createPayoutProviders } from '../../providers/payouts/create';
import type { Feature } from '../feature';
import { createLedger } from '../ledger';
import { ExchangeRates } from '../wallet/exchange-rates';
import {
  checkConnectedAccount,
  connectStripeAccount,
  payoutPaypal,
  payoutsOverview,
  requestWithdrawal,
  transferFunds,
} from './payout-channels';
import type { PayoutDeps } from './payouts.service';
import { registerPaypalWebhook } from './paypal-webhook';

const acting = (accountId: number | null): number => {
  if (accountId === null) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
  return accountId;
};

const keyOf = (headers: Record<string, unknown>): string | undefined => {
  const key = headers['idempotency-key'];
  return typeof key === 'string' && key.trim() ? key.trim().slice(0, 120) : undefined;
};

/**
 * Money out: withdrawals by Lightning address (LNURL-pay), PayPal, Venmo or a Stripe connected account. Each is a
 * two-phase ledger transfer held while the provider works (docs/decisions/040-payouts-held-then-posted.md).
 */
export const payoutsFeature: Feature = {
  name: 'payouts',
  registerRoutes({ implement, app, db, config, logger }) {
    const deps: PayoutDeps = {
      db,
      ledger: createLedger(db),
      providers: createPayoutProviders(config),
      rates: new ExchangeRates({ url: config.lightning.exchangeRateUrl }),
      holdDays: config.payouts.holdDays,
      sandboxOpen: config.sandboxOpen,
    };
    registerPaypalWebhook(app, deps, logger);
    implement(payoutsEndpoints)({
      payoutsOverview: ({ ctx }) => payoutsOverview(deps, acting(ctx.accountId)),
      requestWithdrawal: ({ body, ctx }) =>
        requestWithdrawal(deps, acting(ctx.accountId), body, keyOf(ctx.request.headers)),
      payoutPaypal: ({ body, ctx }) =>
        payoutPaypal(deps, acting(ctx.accountId), 'paypal', body, keyOf(ctx.request.headers)),
      payoutVenmo: ({ body, ctx }) =>
        payoutPaypal(deps, acting(ctx.accountId), 'venmo', body, keyOf(ctx.request.headers)),
      connectStripeAccount: ({ body, ctx }) => connectStripeAccount(deps, acting(ctx.accountId), null, body),
      checkConnectedAccount: ({ ctx }) => checkConnectedAccount(deps, acting(ctx.accountId)),
      transferFunds: ({ body, ctx }) =>
        transferFunds(deps, acting(ctx.accountId), body, keyOf(ctx.request.headers)),
      sandboxConnectOnboarding: ({ params, body }) => {
        const connect = deps.providers.connect;
        const redirectUrl =
          connect instanceof SandboxConnect
            ? connect.finishOnboarding(params.connectedAccountId, body.outcome)
            : null;
        if (redirectUrl === null) {
          throw new AppError('NOT_FOUND', 'No sandbox onboarding is open for this connected account', {
            field: 'connectedAccountId',
          });
        }
        return Promise.resolve({ success: true as const, redirectUrl });
      },
    });
  },
};
