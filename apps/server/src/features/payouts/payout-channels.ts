import { AppError } from '../../platform/app-error';
import {
  ProviderUnreachable,
  type PayoutOutcome,
  type PayPalPayoutRequest,
} from '../../providers/payouts/types';
import { unitsToUsd } from '../ledger';
import {
  findConnectedAccount,
  findPayoutByKey,
  listPayouts,
  notePending,
  pendingPayouts,
  saveConnectedAccount,
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
  let invoice;
  try {
    invoice = await provider.requestInvoice(body.address, amountMsat);
  } catch (error) {
    if (!(error instanceof ProviderUnreachable)) throw error;
    throw new AppError('BAD_REQUEST', `address: ${error.message}`, { field: 'address' });
  }
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
      details: { ...invoice, satToUsd: rate.satToUsd, maxFeeSats },
    },
    () => provider.pay(invoice, { maxFeeSats }),
  );
  return answer(row);
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

/** Asks each provider again about the account's pending payouts, with the payout's own idempotency key. */
async function askAgain(deps: PayoutDeps, payout: PayoutRow): Promise<PayoutOutcome | null> {
  const { lightning, paypal, connect } = deps.providers;
  const details = payout.details as { paymentRequest?: string; paymentHash?: string; amountMsat?: number };
  if ((payout.channel === 'paypal' || payout.channel === 'venmo') && payout.provider === paypal.name) {
    return payout.providerRef ? paypal.check(payout.providerRef) : paypal.send(paypalRequest(payout));
  }
  if (payout.channel === 'stripe' && payout.provider === connect.name) return stripeTransfer(deps, payout);
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

export async function reconcilePending(deps: PayoutDeps, accountId: number): Promise<void> {
  for (const payout of await pendingPayouts(deps.db, accountId)) {
    try {
      const outcome = await askAgain(deps, payout);
      if (outcome) await applyOutcome(deps, payout, outcome);
    } catch (error) {
      if (!(error instanceof ProviderUnreachable)) throw error;
      await notePending(deps.db, payout.id, { details: { lastError: error.message } });
    }
  }
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
