import { walletEndpoints } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import { createLightning } from '../../providers/lightning/create';
import { createPayments } from '../../providers/payments/create';
import type { Feature } from '../feature';
import { createLedger } from '../ledger';
import { payPageCardPayments, registerPayPages } from '../pay-pages';
import { earnReferralReward } from '../referrals';
import {
  describeCheckout,
  paySandboxCheckout,
  startCardCheckout,
  viewSandboxCheckout,
} from './card-checkout.service';
import { ExchangeRates } from './exchange-rates';
import {
  paySandboxInvoice,
  pendingInvoice,
  provePendingInvoicePaid,
  requestInvoice,
  resetPendingInvoice,
  validateInvoice,
} from './lightning.service';
import { registerStripeWebhook } from './stripe-webhook';
import { claimRewards, getWallet, issueRefundToUser, recentTransactions } from './wallet.service';
import type { WalletDeps } from './wallet-deps';

const acting = (accountId: number | null): number => {
  if (accountId === null) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
  return accountId;
};

/**
 * Money in: the wallet's balance and history, card checkouts (Stripe or the sandbox card processor) credited from
 * signed webhook events, Lightning invoices credited when the node settles them or the payer proves the preimage,
 * rewards, and the super admin's refunds. Every credit goes through the ledger with an idempotency key.
 */
export const walletFeature: Feature = {
  name: 'wallet',
  async registerRoutes({ implement, app, db, config, logger, authenticator, mail }) {
    const paymentCredit = {
      db,
      mail,
      feePercent: config.payPages.feePercent,
      afterMoneyIn: async (accountId: number) => {
        await earnReferralReward(db, accountId);
      },
    };
    const deps: WalletDeps = {
      db,
      ledger: createLedger(db),
      payments: createPayments(config.payments, config.publicUrl),
      lightning: createLightning(config.lightning),
      rates: new ExchangeRates({ url: config.lightning.exchangeRateUrl }),
      cardPayments: payPageCardPayments(paymentCredit),
      app,
    };
    registerPayPages(
      { implement },
      {
        ...paymentCredit,
        logger,
        lightning: deps.lightning,
        rates: deps.rates,
        cardSandbox: deps.payments.name === 'sandbox',
      },
    );
    await registerStripeWebhook(app, deps, logger);
    implement(walletEndpoints)({
      getWallet: ({ query, ctx }) => getWallet(deps, acting(ctx.accountId), query.days),
      recentTransactions: ({ query, ctx }) => recentTransactions(deps, acting(ctx.accountId), query),
      exchangeRates: async () => {
        const rate = await deps.rates.current();
        return { success: true, ...rate, fetchedAt: rate.fetchedAt.toISOString() };
      },
      requestInvoice: ({ body, ctx }) => requestInvoice(deps, acting(ctx.accountId), body),
      pendingInvoice: ({ ctx }) => pendingInvoice(deps, acting(ctx.accountId)),
      resetPendingInvoice: ({ ctx }) => resetPendingInvoice(deps, acting(ctx.accountId)),
      provePendingInvoicePaid: ({ body, ctx }) => provePendingInvoicePaid(deps, acting(ctx.accountId), body),
      validateInvoice: ({ query }) => Promise.resolve(validateInvoice(query.invoice)),
      claimRewards: ({ body, ctx }) => claimRewards(deps, acting(ctx.accountId), body?.claim ?? 'all'),
      checkoutVidaCredit: ({ body, ctx }) => startCardCheckout(deps, ctx.accountId, body),
      checkoutSession: ({ query, ctx }) => {
        const actor = ctx.actor;
        if (!actor) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
        return describeCheckout(deps, query.sessionId, (accountId) =>
          authenticator.canActFor(actor, accountId),
        );
      },
      issueRefundToUser: ({ body, ctx }) => {
        const key = ctx.request.headers['idempotency-key'];
        return issueRefundToUser(deps, body, typeof key === 'string' ? key.slice(0, 200) : undefined);
      },
      sandboxCheckout: ({ params }) => viewSandboxCheckout(deps, params.sessionId),
      paySandboxCheckout: ({ params, body }) => paySandboxCheckout(deps, params.sessionId, body),
      paySandboxInvoice: ({ body }) => Promise.resolve(paySandboxInvoice(deps, body.invoice)),
    });
  },
};
