import { displayNameOf } from '@switchboard/core';
import { AppError } from '../../platform/app-error';
import type { LightningProvider } from '../../providers/lightning/types';
import { getPublicProfile } from '../accounts/public-profile.service';
import { unitsToUsd, usdToUnits } from '../ledger';
import { creditPayment, type PaymentCreditDeps } from './payments.service';
import {
  countView,
  findPayee,
  findPaymentByHash,
  findPaymentBySession,
  insertPayment,
  markPaymentExpired,
  type Payee,
  type PayPagePaymentRow,
} from './pay-pages.repo';

export interface PayPagesDeps extends PaymentCreditDeps {
  lightning: LightningProvider;
  rates: { current(): Promise<{ satToUsd: number }> };
  cardSandbox: boolean;
}

/** A price fixed in sats lives briefly: its rate is the moment's. */
const invoiceExpirySeconds = 900;

export async function payeeOf(deps: Pick<PayPagesDeps, 'db'>, slug: string): Promise<Payee> {
  const payee = await findPayee(deps.db, slug.trim());
  if (!payee) {
    throw new AppError('NOT_FOUND', `slug: no account takes payments at "${slug.trim()}"`, { field: 'slug' });
  }
  return payee;
}

const nameOf = (payee: Payee) => displayNameOf(payee) || payee.username;

export async function fetchPaymentSlug(deps: PayPagesDeps, slug: string) {
  const payee = await payeeOf(deps, slug);
  const description = payee.details.description;
  return {
    success: true as const,
    payee: {
      username: payee.username,
      displayName: nameOf(payee),
      profileImage: payee.profileImage,
      description: typeof description === 'string' && description.trim() !== '' ? description : null,
      feePercent: deps.feePercent,
      cardSandbox: deps.cardSandbox,
      lightningSandbox: deps.lightning.sandbox,
    },
  };
}

function invoiceView(deps: PayPagesDeps, row: PayPagePaymentRow) {
  return {
    paymentRequest: row.paymentRequest ?? '',
    paymentHash: row.paymentHash ?? '',
    amountSats: row.amountSats ?? 0,
    amountUsd: unitsToUsd(row.amountUnits),
    status: row.status,
    expiresAt: (row.expiresAt ?? row.createdAt).toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    sandbox: deps.lightning.sandbox,
  };
}

interface Payer {
  email?: string | undefined;
  name?: string | undefined;
  note?: string | undefined;
}

const payerColumns = (payer: Payer) => ({
  payerEmail: payer.email?.toLowerCase() ?? null,
  payerName: payer.name?.trim() ? payer.name.trim() : null,
  note: payer.note?.trim() ? payer.note.trim() : null,
});

export async function requestSlugInvoice(
  deps: PayPagesDeps,
  slug: string,
  body: Payer & { amount: number; unit: 'usd' | 'sats' },
) {
  const payee = await payeeOf(deps, slug);
  const rate = await deps.rates.current();
  const satToUsdUnits = usdToUnits(rate.satToUsd.toFixed(9));
  const amountSats = body.unit === 'sats' ? body.amount : Math.ceil(body.amount / rate.satToUsd);
  const amountUnits =
    body.unit === 'sats' ? BigInt(body.amount) * satToUsdUnits : usdToUnits(body.amount.toFixed(2));
  if (amountUnits <= 0n) {
    throw new AppError('VALIDATION_FAILED', 'amount: is worth less than a nano-dollar', { field: 'amount' });
  }
  const issued = await deps.lightning.createInvoice({
    amountSats,
    memo: `Payment to @${payee.username} (${unitsToUsd(amountUnits)} USD)`,
    expirySeconds: invoiceExpirySeconds,
  });
  const row = await insertPayment(deps.db, {
    accountId: payee.id,
    method: 'lightning',
    amountUnits,
    provider: deps.lightning.name,
    paymentRequest: issued.paymentRequest,
    paymentHash: issued.paymentHash,
    amountSats,
    satToUsd: String(rate.satToUsd),
    expiresAt: issued.expiresAt,
    ...payerColumns(body),
  });
  return { success: true as const, invoice: invoiceView(deps, row) };
}

/** Credits a settled pay-page invoice once (the payment hash keys the transfers). */
export async function settlePayPageInvoice(
  deps: Omit<PayPagesDeps, 'rates' | 'cardSandbox'>,
  row: PayPagePaymentRow,
  payee: string,
) {
  await creditPayment(
    deps,
    row,
    {
      clearing: 'lightning_clearing',
      key: `lightning:${row.paymentHash ?? ''}`,
      metadata: {
        provider: row.provider,
        paymentHash: row.paymentHash,
        sats: row.amountSats,
        satToUsd: row.satToUsd,
      },
    },
    payee,
  );
  return (await findPaymentByHash(deps.db, row.paymentHash ?? '')) ?? row;
}

/** The payer's page polls this: a pending invoice is checked with the node and credited once it has settled. */
export async function pendingSlugInvoice(deps: PayPagesDeps, slug: string, paymentHash: string) {
  const payee = await payeeOf(deps, slug);
  let row = await findPaymentByHash(deps.db, paymentHash);
  if (row?.accountId !== payee.id || row.method !== 'lightning') {
    throw new AppError('NOT_FOUND', `paymentHash: @${payee.username} has no invoice with this hash`, {
      field: 'paymentHash',
    });
  }
  if (row.status === 'pending') {
    const state = await deps.lightning.lookupInvoice(paymentHash);
    if (state?.state === 'SETTLED') row = await settlePayPageInvoice(deps, row, payee.username);
    else if (
      state?.state === 'CANCELED' ||
      (row.expiresAt && row.expiresAt.getTime() + 60_000 < Date.now())
    ) {
      await markPaymentExpired(deps.db, row.id);
      row = { ...row, status: 'expired' };
    }
  }
  return { success: true as const, invoice: invoiceView(deps, row) };
}

export async function slugCheckoutStatus(deps: PayPagesDeps, slug: string, sessionId: string) {
  const payee = await payeeOf(deps, slug);
  const row = await findPaymentBySession(deps.db, sessionId);
  if (row?.accountId !== payee.id) {
    throw new AppError('NOT_FOUND', `sessionId: @${payee.username} has no card payment with this id`, {
      field: 'sessionId',
    });
  }
  return {
    success: true as const,
    payment: {
      status: row.status,
      amountUsd: unitsToUsd(row.amountUnits),
      payee: nameOf(payee),
      receiptTo: row.payerEmail,
    },
  };
}

export async function publicPage(deps: PayPagesDeps, username: string) {
  const profile = await getPublicProfile(deps.db, username);
  const payee = await findPayee(deps.db, profile.account.username);
  return { success: true as const, account: profile.account, agentNumber: payee?.vidaPhoneNumber ?? null };
}

export async function recordPageView(
  deps: PayPagesDeps,
  view: { username: string; page: 'profile' | 'pay' | 'link'; target: string },
) {
  const payee = await findPayee(deps.db, view.username.trim());
  if (!payee) {
    throw new AppError('NOT_FOUND', `username: no public page is called "${view.username.trim()}"`, {
      field: 'username',
    });
  }
  await countView(deps.db, {
    accountId: payee.id,
    page: view.page,
    target: view.page === 'link' ? view.target.toLowerCase() : '',
  });
  return { success: true as const };
}
