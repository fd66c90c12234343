import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/app-error';
import { SandboxPayments } from '../../providers/payments/sandbox';
import type { CheckoutSession, PaymentEvent } from '../../providers/payments/types';
import { unitsToUsd } from '../ledger';
import { centsOf, unitsOfCents } from './money';
import { findAccountByUsername, findAccountName } from './wallet.repo';
import type { WalletDeps } from './wallet-deps';
import { earnReferralReward } from '../referrals';

export const stripeWebhookPath = '/api/stripe/webhook';

/** The ledger's idempotency key of a card payment: the checkout session, whatever event reports it. */
const cardTransferKey = (sessionId: string) => `stripe:checkout:${sessionId}`;

const amountUsdOf = (session: CheckoutSession) => unitsToUsd(unitsOfCents(session.amountCents));

/**
 * Opens a card checkout: signed in, it tops up the acting account's wallet; without a session, a slug names the
 * account a payment link pays. The idempotency key is derived from the request so a double click opens one session.
 */
export async function startCardCheckout(
  deps: WalletDeps,
  accountId: number | null,
  body: {
    amount: number;
    currency: 'usd';
    cancelUrl: string;
    successUrl: string;
    slug?: string | undefined;
    email?: string | undefined;
    name?: string | undefined;
    note?: string | undefined;
  },
) {
  let target: { accountId: number; purpose: 'wallet_top_up' | 'payment_link'; description: string };
  // A slug pays that account whoever is signed in; without one a session tops up its own wallet.
  if (body.slug) {
    const payee = await findAccountByUsername(deps.db, body.slug);
    if (!payee)
      throw new AppError('NOT_FOUND', `slug: no account takes payments at "${body.slug}"`, { field: 'slug' });
    target = {
      accountId: payee.id,
      purpose: 'payment_link',
      description: `Payment to ${payee.name ?? payee.username}`,
    };
  } else if (accountId !== null) {
    target = { accountId, purpose: 'wallet_top_up', description: 'Switchboard wallet top-up' };
  } else {
    throw new AppError(
      'UNAUTHENTICATED',
      'Sign in to top up your wallet, or give the slug of the account to pay',
    );
  }
  const cents = centsOf(body.amount);
  // One session per account, amount and minute: a retried click reuses it, a later top-up opens a new one.
  const minute = Math.floor(Date.now() / 60_000);
  const session = await deps.payments.createCheckout({
    idempotencyKey: `checkout:${target.purpose}:${target.accountId}:${cents}:${minute}`,
    amountCents: cents,
    currency: body.currency,
    description: target.description,
    accountId: target.accountId,
    purpose: target.purpose,
    successUrl: withSessionId(body.successUrl),
    cancelUrl: body.cancelUrl,
  });
  if (target.purpose === 'payment_link') {
    await deps.cardPayments.recordCheckout({
      accountId: target.accountId,
      sessionId: session.id,
      amountCents: session.amountCents,
      provider: deps.payments.name,
      email: body.email,
      name: body.name,
      note: body.note,
    });
  }
  return {
    success: true as const,
    sessionId: session.id,
    url: session.url,
    amountUsd: amountUsdOf(session),
    cancelUrl: session.cancelUrl,
    successUrl: session.successUrl,
  };
}

function withSessionId(url: string): string {
  if (url.includes('{CHECKOUT_SESSION_ID}')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`;
}

/** Credits a completed, paid checkout once: card clearing → the wallet the session names. */
export async function fulfilPaymentEvent(
  deps: Pick<WalletDeps, 'db' | 'ledger' | 'cardPayments'>,
  logger: FastifyBaseLogger,
  event: PaymentEvent,
): Promise<{ credited: boolean; replayed: boolean }> {
  const session = event.session;
  const completes =
    event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded';
  // A plan's checkout (mode subscription) starts a subscription; only payment-mode checkouts credit wallets.
  if (!completes || session?.paymentStatus !== 'paid' || session.mode !== 'payment')
    return { credited: false, replayed: false };
  if (
    session.accountId === null ||
    session.purpose === null ||
    session.currency !== 'usd' ||
    session.amountCents <= 0
  ) {
    logger.warn(
      { eventId: event.id, sessionId: session.id },
      'a paid checkout names no account or amount we issued',
    );
    return { credited: false, replayed: false };
  }
  // A payment to an account by its pay page: credited less the platform's fee, with the payer's receipt.
  if (session.purpose === 'payment_link') {
    return deps.cardPayments.creditCheckout(
      { id: session.id, accountId: session.accountId, amountCents: session.amountCents },
      event.id,
      logger,
    );
  }
  const result = await deps.ledger.transfer({
    idempotencyKey: cardTransferKey(session.id),
    from: { kind: 'platform', name: 'card_clearing' },
    to: { kind: 'wallet', accountId: session.accountId },
    amount: unitsOfCents(session.amountCents),
    kind: 'top_up',
    reason: 'Top-up by card',
    metadata: { provider: 'stripe', checkoutSessionId: session.id, eventId: event.id },
  });
  if (!result.replayed) await earnReferralReward(deps.db, session.accountId);
  return { credited: true, replayed: result.replayed };
}

/** The success page's question: is this checkout of the acting account paid, and is the wallet credited. */
export async function describeCheckout(
  deps: WalletDeps,
  sessionId: string,
  mayActFor: (accountId: number) => Promise<boolean>,
) {
  const session = await deps.payments.getCheckout(sessionId);
  // Another tenant's checkout answers like an unknown one.
  if (session?.accountId == null || !(await mayActFor(session.accountId))) {
    throw new AppError('NOT_FOUND', 'No checkout of this account has this id');
  }
  const history = await deps.ledger.history(session.accountId, { limit: 50, kinds: ['top_up', 'payment'] });
  const credited = history.some((line) => line.metadata.checkoutSessionId === session.id);
  return {
    success: true as const,
    session: {
      id: session.id,
      status: session.status,
      paymentStatus: session.paymentStatus,
      amountUsd: amountUsdOf(session),
      purpose: session.purpose,
      credited,
    },
  };
}

function sandboxPayments(deps: WalletDeps): SandboxPayments {
  if (!(deps.payments instanceof SandboxPayments)) {
    throw new AppError(
      'NOT_FOUND',
      'Card payments go through Stripe on this server; there is no sandbox checkout',
    );
  }
  return deps.payments;
}

export async function viewSandboxCheckout(deps: WalletDeps, sessionId: string) {
  const session = await sandboxPayments(deps).getCheckout(sessionId);
  if (!session) throw new AppError('NOT_FOUND', 'No sandbox checkout session has this id');
  return {
    success: true as const,
    session: {
      id: session.id,
      amountUsd: amountUsdOf(session),
      description: session.description,
      payee: session.accountId === null ? '' : ((await findAccountName(deps.db, session.accountId)) ?? ''),
      status: session.status,
      cancelUrl: session.cancelUrl,
      successUrl: session.successUrl,
    },
  };
}

/** Charges a test card, then posts the signed completion event to the payments webhook over HTTP, as Stripe does. */
export async function paySandboxCheckout(
  deps: WalletDeps,
  sessionId: string,
  card: { number: string; expiry: string; cvc: string },
) {
  const sandbox = sandboxPayments(deps);
  for (const delivery of sandbox.payCheckout(sessionId, card)) {
    const response = await deps.app.inject({
      method: 'POST',
      url: stripeWebhookPath,
      headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
      payload: delivery.payload,
    });
    if (response.statusCode !== 200) {
      throw new AppError(
        'UNAVAILABLE',
        `The payment went through but the webhook answered ${response.statusCode}`,
      );
    }
  }
  const session = await sandbox.getCheckout(sessionId);
  return { success: true as const, redirectUrl: session?.successUrl ?? '' };
}
