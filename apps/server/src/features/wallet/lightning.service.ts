import { createHash } from 'node:crypto';
import { AppError } from '../../platform/app-error';
import { decodeInvoice } from '../../providers/lightning/decode-invoice';
import { SandboxLightning } from '../../providers/lightning/sandbox';
import { unitsToUsd, usdToUnits } from '../ledger';
import { unitsOfSats } from './money';
import {
  cancelPendingInvoice,
  findCurrentInvoice,
  findInvoiceByHash,
  markInvoicePaid,
  replacePendingInvoice,
  type WalletInvoiceRow,
} from './wallet.repo';
import { collectOwedAfterTopUp } from './owed-charges';
import type { WalletDeps } from './wallet-deps';
import { earnReferralReward } from '../referrals';

/** A fiat-priced invoice fixes its sats at the rate of the moment, so it lives briefly. */
const invoiceExpirySeconds = 900;

function invoiceView(deps: WalletDeps, row: WalletInvoiceRow) {
  return {
    paymentRequest: row.paymentRequest,
    paymentHash: row.paymentHash,
    amountSats: row.amountSats,
    amountUsd: unitsToUsd(row.amountUnits),
    satToUsd: Number(row.satToUsd),
    status: row.status,
    expiresAt: row.expiresAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    sandbox: deps.lightning.sandbox,
  };
}

export async function requestInvoice(
  deps: WalletDeps,
  accountId: number,
  body: { amount: number; unit: 'usd' | 'sats' },
) {
  const rate = await deps.rates.current();
  const amountSats = body.unit === 'sats' ? body.amount : Math.ceil(body.amount / rate.satToUsd);
  const amountUnits =
    body.unit === 'sats' ? unitsOfSats(body.amount, rate.satToUsd) : usdToUnits(body.amount.toFixed(2));
  if (amountUnits <= 0n)
    throw new AppError('VALIDATION_FAILED', 'amount: is worth less than a nano-dollar', { field: 'amount' });
  const issued = await deps.lightning.createInvoice({
    amountSats,
    memo: `Switchboard wallet top-up (${unitsToUsd(amountUnits)} USD)`,
    expirySeconds: invoiceExpirySeconds,
  });
  const row = await replacePendingInvoice(deps.db, {
    accountId,
    provider: deps.lightning.name,
    paymentRequest: issued.paymentRequest,
    paymentHash: issued.paymentHash,
    amountSats,
    amountUnits,
    satToUsd: String(rate.satToUsd),
    expiresAt: issued.expiresAt,
  });
  return { success: true as const, invoice: invoiceView(deps, row) };
}

/** Lightning clearing → the wallet, once per payment hash; then the invoice reads paid. */
export async function creditInvoice(
  deps: Pick<WalletDeps, 'db' | 'ledger'>,
  row: WalletInvoiceRow,
  proof: 'node' | 'preimage',
): Promise<WalletInvoiceRow> {
  await deps.ledger.transfer({
    idempotencyKey: `lightning:${row.paymentHash}`,
    from: { kind: 'platform', name: 'lightning_clearing' },
    to: { kind: 'wallet', accountId: row.accountId },
    amount: row.amountUnits,
    kind: 'top_up',
    reason: `Top-up by Lightning (${row.amountSats.toLocaleString('en-US')} sats)`,
    metadata: {
      provider: row.provider,
      paymentHash: row.paymentHash,
      sats: row.amountSats,
      satToUsd: row.satToUsd,
      proof,
    },
  });
  const paid = (await markInvoicePaid(deps.db, row.id)) ?? row;
  await collectOwedAfterTopUp(deps, row.accountId);
  // An invited account's first money in earns its inviter's reward (once, however often this runs).
  await earnReferralReward(deps.db, row.accountId);
  return paid;
}

/** The current invoice; a pending one is checked with the node (polling) and credited when it has settled. */
export async function pendingInvoice(deps: WalletDeps, accountId: number) {
  let row = await findCurrentInvoice(deps.db, accountId);
  if (row?.status === 'pending') {
    const state = await deps.lightning.lookupInvoice(row.paymentHash);
    if (state?.state === 'SETTLED') row = await creditInvoice(deps, row, 'node');
  }
  return { success: true as const, invoice: row ? invoiceView(deps, row) : null };
}

export async function resetPendingInvoice(deps: WalletDeps, accountId: number) {
  return { success: true as const, cancelled: await cancelPendingInvoice(deps.db, accountId) };
}

export async function provePendingInvoicePaid(
  deps: WalletDeps,
  accountId: number,
  body: { preimage: string; invoice: string },
) {
  const decoded = decodeInvoice(body.invoice);
  const row = await findInvoiceByHash(deps.db, decoded.paymentHash);
  // Another tenant's invoice answers like an unknown one.
  if (row?.accountId !== accountId || row.paymentRequest !== decoded.paymentRequest) {
    throw new AppError('NOT_FOUND', 'invoice: this account has no such invoice', { field: 'invoice' });
  }
  const hash = createHash('sha256').update(Buffer.from(body.preimage, 'hex')).digest('hex');
  if (hash !== row.paymentHash) {
    throw new AppError('VALIDATION_FAILED', 'preimage: does not hash to the invoice’s payment hash', {
      field: 'preimage',
    });
  }
  if (row.status === 'cancelled') {
    throw new AppError('CONFLICT', 'invoice: was cancelled; request a new invoice', { field: 'invoice' });
  }
  const paid = row.status === 'paid' ? row : await creditInvoice(deps, row, 'preimage');
  const balance = await deps.ledger.balance({ kind: 'wallet', accountId });
  return { success: true as const, invoice: invoiceView(deps, paid), balanceUsd: unitsToUsd(balance) };
}

export function validateInvoice(invoice: string) {
  const decoded = decodeInvoice(invoice);
  return {
    success: true as const,
    valid: true as const,
    amountSats: decoded.amountSats,
    paymentHash: decoded.paymentHash,
    description: decoded.description,
    network: decoded.network,
    expiresAt: decoded.expiresAt.toISOString(),
    expired: decoded.expiresAt.getTime() < Date.now(),
  };
}

export function paySandboxInvoice(deps: WalletDeps, invoice: string) {
  if (!(deps.lightning instanceof SandboxLightning)) {
    throw new AppError(
      'NOT_FOUND',
      'Lightning goes through a real node on this server; there is no sandbox node',
    );
  }
  return { success: true as const, ...deps.lightning.pay(invoice) };
}
