import { AppError } from '../../platform/app-error';
import {
  ProviderUnreachable,
  type PayoutOutcome,
  type PayPalPayoutRequest,
} from '../../providers/payouts/types';
import { payRequestUrl } from '../../providers/payouts/lnurl';
import { unitsToUsd } from '../ledger';
import {
  findConnectedAccount,
  findPayoutByKey,
  listPayouts,
  notePending,
  pendingPayouts,
  saveConnectedAccount,
  stalePendingPayouts,
  type PayoutRow,
} from './payouts.repo';
import {
  applyOutcome,
  payoutView,
  refuseClosedSandbox,
  startPayout,
  withdrawableOf,
  type PayoutDeps,
} from './payouts.service';

const unitsPerCent = 10_000_000n;
const unitsOfUsd = (usd: number): bigint => BigInt(Math.round(usd * 100)) * unitsPerCent;
const answer = (row: PayoutRow) => ({ success: true as const, payout: payoutView(row) });

/** A Lightning address or LNURL, paid by LNURL-pay; without an amount, everything withdrawable goes. */
export async function requestWithdrawal(
  deps: PayoutDeps,
  accountId: number,
  body: { address: string; amountUsd?: number | undefined },
  requestKey: string | undefined,
) {
  const provider = deps.providers.lightning;
  refuseClosedSandbox(deps, provider, 'Lightning');
  // A malformed address is refused before anything is held; what its service answers is the payout's fate.
  payRequestUrl(body.address, { loopbackHttp: true });
  const replay = requestKey ? await findPayoutByKey(deps.db, `payout:${accountId}:${requestKey}`) : null;
  if (replay) return answer(replay);
  let amountUnits = body.amountUsd === undefined ? null : unitsOfUsd(body.amountUsd);
  if (amountUnits === null) {
    amountUnits = (await withdrawableOf(deps, accountId)).withdrawable;
    if (amountUnits <= 0n) {
      throw new AppError('VALIDATION_FAILED', 'amountUsd: nothing is withdrawable yet', {
        field: 'amountUsd',
      });
    }
  }
  const rate = await deps.rates.current();
  const amountMsat = Math.floor((Number(amountUnits) / 1e9 / rate.satToUsd) * 1000);
  const maxFeeSats = Math.max(10, Math.ceil(amountMsat / 1000 / 100));
  const row = await startPayout(
    deps,
    {
      accountId,
      channel: 'lightning',
      destination: body.address.trim(),
      amountUnits,
      requestKey,
      provider,
      details: { amountMsat, satToUsd: rate.satToUsd, maxFeeSats },
    },
    (payout) => resolveAndPay(deps, payout, body.address, { amountMsat, maxFeeSats }),
  );
  return answer(row);
}

/**
 * Inside the held payout: the address's service issues the invoice (LNURL-pay, checked against the amount), which
 * is kept with the payout before the node pays it, so asking again pays the same invoice. An address that cannot
 * be resolved, or answers an amount it does not take or an invoice that does not match, voids the hold.
 */
async function resolveAndPay(
  deps: PayoutDeps,
  payout: PayoutRow,
  address: string,
  amount: { amountMsat: number; maxFeeSats: number },
): Promise<PayoutOutcome> {
  const provider = deps.providers.lightning;
  let invoice;
  try {
    invoice = await provider.requestInvoice(address, amount.amountMsat);
  } catch (error) {
    if (!(error instanceof AppError) && !(error instanceof ProviderUnreachable)) throw error;
    return { state: 'failed', ref: null, reason: `Lightning address ${address.trim()}: ${error.message}` };
  }
  await notePending(deps.db, payout.id, { providerRef: invoice.paymentHash, details: { ...invoice } });
  return provider.pay(invoice, { maxFeeSats: amount.maxFeeSats });
}

function paypalRequest(row: PayoutRow): PayPalPayoutRequest {
  const details = row.details as { recipientType?: PayPalPayoutRequest['recipientType']; receiver?: string };
  return {
    batchId: row.id,
    wallet: row.channel === 'venmo' ? 'VENMO' : 'PAYPAL',
    receiver: details.receiver ?? row.destination,
    recipientType: details.recipientType ?? 'EMAIL',
    amountUsd: unitsToUsd(row.amountUnits),
    note: 'Your withdrawal from Switchboard',
  };
}

/** PayPal (an email) or Venmo (a handle or US mobile number) through PayPal Payouts. */
export async function payoutPaypal(
  deps: PayoutDeps,
  accountId: number,
  wallet: 'paypal' | 'venmo',
  body: { address: string; amountUsd: number },
  requestKey: string | undefined,
) {
  const provider = deps.providers.paypal;
  refuseClosedSandbox(deps, provider, wallet === 'venmo' ? 'Venmo' : 'PayPal');
  const address = body.address.trim();
  const digits = address.replace(/\D/g, '');
  const isPhone =
    wallet === 'venmo' && !/[A-Za-z_]/.test(address) && (digits.length === 10 || digits.length === 11);
  const receiver =
    wallet === 'paypal' ? address.toLowerCase() : isPhone ? digits.slice(-10) : address.replace(/^@/, '');
  const recipientType = wallet === 'paypal' ? 'EMAIL' : isPhone ? 'PHONE' : 'USER_HANDLE';
  const row = await startPayout(
    deps,
    {
      accountId,
      channel: wallet,
      destination: wallet === 'venmo' && !isPhone ? `@${receiver}` : receiver,
      amountUnits: unitsOfUsd(body.amountUsd),
      requestKey,
      provider,
      details: { receiver, recipientType },
    },
    (payout) => provider.send(paypalRequest(payout)),
  );
  return answer(row);
}

export async function connectStripeAccount(
  deps: PayoutDeps,
  accountId: number,
  email: string | null,
  body: { failureUrl: string; successUrl: string },
) {
  const provider = deps.providers.connect;
  refuseClosedSandbox(deps, provider, 'Stripe');
  let connected = await findConnectedAccount(deps.db, accountId);
  if (connected && connected.sandbox !== provider.sandbox) connected = null;
  if (!connected) {
    const stripeAccountId = await provider.createAccount({
      accountId,
      email,
      idempotencyKey: `connect-account:${accountId}:${provider.name}`,
    });
    connected = await saveConnectedAccount(deps.db, {
      accountId,
      stripeAccountId,
      sandbox: provider.sandbox,
    });
  }
  if (!connected) throw new Error('The connected account was not saved');
  const url = await provider.onboardingLink({
    connectedAccountId: connected.stripeAccountId,
    refreshUrl: body.failureUrl,
    returnUrl: body.successUrl,
  });
  return { success: true as const, url, sandbox: provider.sandbox };
}

export async function checkConnectedAccount(deps: PayoutDeps, accountId: number) {
  const provider = deps.providers.connect;
  const connected = await findConnectedAccount(deps.db, accountId);
  if (connected?.sandbox !== provider.sandbox) {
    return {
      success: true as const,
      ok: false,
      connected: false,
      detailsSubmitted: false,
      payoutsEnabled: false,
      currentlyDue: [],
      sandbox: provider.sandbox,
    };
  }
  const state = await provider.readiness(connected.stripeAccountId);
  return {
    success: true as const,
    ok: state.payoutsEnabled,
    connected: true,
    detailsSubmitted: state.detailsSubmitted,
    payoutsEnabled: state.payoutsEnabled,
    currentlyDue: state.currentlyDue,
    sandbox: provider.sandbox,
  };
}

export async function transferFunds(
  deps: PayoutDeps,
  accountId: number,
  body: { amountUsd: number },
  requestKey: string | undefined,
) {
  const provider = deps.providers.connect;
  refuseClosedSandbox(deps, provider, 'Stripe');
  const state = await checkConnectedAccount(deps, accountId);
  if (!state.connected) {
    throw new AppError('BAD_REQUEST', 'Connect a Stripe account before transferring funds to it');
  }
  if (!state.ok) {
    const due =
      state.currentlyDue.length > 0 ? ` (Stripe still needs: ${state.currentlyDue.join(', ')})` : '';
    throw new AppError('BAD_REQUEST', `The connected Stripe account cannot receive payouts yet${due}`);
  }
  const connected = await findConnectedAccount(deps.db, accountId);
  const connectedAccountId = connected?.stripeAccountId ?? '';
  const row = await startPayout(
    deps,
    {
      accountId,
      channel: 'stripe',
      destination: connectedAccountId,
      amountUnits: unitsOfUsd(body.amountUsd),
      requestKey,
      provider,
      details: { connectedAccountId },
    },
    (payout) => stripeTransfer(deps, payout),
  );
  return answer(row);
}

const stripeTransfer = (deps: PayoutDeps, payout: PayoutRow): Promise<PayoutOutcome> =>
  deps.providers.connect.transfer({
    connectedAccountId: payout.destination,
    amountCents: Number(payout.amountUnits / unitsPerCent),
    idempotencyKey: `payout:${payout.id}`,
    description: `Withdrawal ${payout.id}`,
  });

/** Longer than resolving a Lightning address may take (two LNURL requests of at most 10 s each). */
const unresolvedAfterMs = 60_000;

/** Asks each provider again about the account's pending payouts, with the payout's own idempotency key. */
async function askAgain(deps: PayoutDeps, payout: PayoutRow): Promise<PayoutOutcome | null> {
  const { lightning, paypal, connect } = deps.providers;
  const details = payout.details as { paymentRequest?: string; paymentHash?: string; amountMsat?: number };
  if ((payout.channel === 'paypal' || payout.channel === 'venmo') && payout.provider === paypal.name) {
    if (payout.providerRef) return paypal.check(payout.providerRef);
    // Its answer was lost: sending it again (the same PayPal-Request-Id) finds the batch; then read its state.
    const sent = await paypal.send(paypalRequest(payout));
    return sent.state === 'pending' && sent.ref ? paypal.check(sent.ref) : sent;
  }
  if (payout.channel === 'stripe' && payout.provider === connect.name) return stripeTransfer(deps, payout);
  if (payout.channel === 'lightning' && payout.provider === lightning.name && !details.paymentRequest) {
    // No invoice was kept: nothing can have been paid. A young one may still be resolving in its request.
    if (Date.now() - payout.createdAt.getTime() < unresolvedAfterMs) return null;
    return { state: 'failed', ref: null, reason: 'The Lightning address was not resolved; nothing was paid' };
  }
  if (payout.channel === 'lightning' && payout.provider === lightning.name && details.paymentRequest) {
    const invoice = {
      paymentRequest: details.paymentRequest,
      paymentHash: details.paymentHash ?? '',
      amountMsat: details.amountMsat ?? 0,
    };
    return lightning.pay(invoice, { maxFeeSats: Math.max(10, Math.ceil(invoice.amountMsat / 100_000)) });
  }
  return null;
}

/** Asks the provider about one pending payout and applies its answer; what the payout is now. */
async function reconcileOne(
  deps: PayoutDeps,
  payout: PayoutRow,
): Promise<PayoutRow['status'] | 'unreachable'> {
  try {
    const outcome = await askAgain(deps, payout);
    return outcome ? (await applyOutcome(deps, payout, outcome)).status : payout.status;
  } catch (error) {
    if (!(error instanceof ProviderUnreachable)) throw error;
    await notePending(deps.db, payout.id, { details: { lastError: error.message } });
    return 'unreachable';
  }
}

export async function reconcilePending(deps: PayoutDeps, accountId: number): Promise<void> {
  for (const payout of await pendingPayouts(deps.db, accountId)) await reconcileOne(deps, payout);
}

/**
 * The background pass over every account: payouts still pending `minAgeMs` after they started (the server
 * stopped while the provider was asked, a webhook never came) are asked about again with their own idempotency
 * key and posted or voided by the answer. Younger ones are left to the request still sending them.
 */
export async function reconcileStalePayouts(
  deps: PayoutDeps,
  options: { now?: Date; minAgeMs: number; limit?: number },
) {
  const startedBefore = new Date((options.now ?? new Date()).getTime() - options.minAgeMs);
  const result = { checked: 0, paid: 0, failed: 0, pending: 0, unreachable: 0, errors: 0 };
  for (const payout of await stalePendingPayouts(deps.db, startedBefore, options.limit ?? 200)) {
    result.checked += 1;
    try {
      const status = await reconcileOne(deps, payout);
      if (status === 'paid' || status === 'returned') result.paid += 1;
      else if (status === 'failed') result.failed += 1;
      else if (status === 'unreachable') result.unreachable += 1;
      else result.pending += 1;
    } catch (error) {
      // One payout's unexpected failure does not hold up the others; it is asked again next time.
      result.errors += 1;
      await notePending(deps.db, payout.id, { details: { lastError: (error as Error).message } });
    }
  }
  return result;
}

export async function payoutsOverview(deps: PayoutDeps, accountId: number) {
  await reconcilePending(deps, accountId);
  const balance = await withdrawableOf(deps, accountId);
  return {
    success: true as const,
    availableUsd: unitsToUsd(balance.available),
    withdrawableUsd: unitsToUsd(balance.withdrawable),
    heldUsd: unitsToUsd(balance.held),
    holdDays: deps.holdDays,
    heldUntil: balance.heldUntil?.toISOString() ?? null,
    channels: {
      lightning: { sandbox: deps.providers.lightning.sandbox },
      paypal: { sandbox: deps.providers.paypal.sandbox },
      stripe: { sandbox: deps.providers.connect.sandbox },
    },
    payouts: (await listPayouts(deps.db, accountId)).map(payoutView),
  };
}
