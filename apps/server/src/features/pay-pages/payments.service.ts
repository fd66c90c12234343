import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/database';
import type { MailProvider } from '../../providers/mail/types';
import { createLedger, unitsToUsd, type PlatformAccountName } from '../ledger';
import { splitPayment } from './fee';
import { markPaymentPaid, markReceiptSent, type PayPagePaymentRow } from './pay-pages.repo';

export interface PaymentCreditDeps {
  db: Db;
  mail: MailProvider;
  logger: FastifyBaseLogger;
  /** PAYMENT_FEE_PERCENT. */
  feePercent: string;
  /** Called after an account's first money in, whatever paid it (the referral reward). */
  afterMoneyIn?: (accountId: number) => Promise<void>;
}

const usd = (units: bigint) => `$${Number(unitsToUsd(units)).toFixed(2)}`;

/**
 * Credits a pay-page payment once: in one database transaction, the clearing account pays the account the amount
 * less the fee and the platform's revenue the fee, each under a key derived from `key` (the checkout session or
 * the payment hash), and the payment row turns paid. A replay finds both transfers and the row already paid and
 * changes nothing. The receipt is mailed after the transaction, once.
 */
export async function creditPayment(
  deps: PaymentCreditDeps,
  payment: PayPagePaymentRow,
  source: { clearing: PlatformAccountName; key: string; metadata: Record<string, unknown> },
  payee: string,
): Promise<{ credited: boolean; replayed: boolean }> {
  const { net, fee } = splitPayment(payment.amountUnits, deps.feePercent);
  const method = payment.method === 'card' ? 'card' : 'Lightning';
  const paid = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const ledger = createLedger(tx);
    const credit = await ledger.transfer({
      idempotencyKey: source.key,
      from: { kind: 'platform', name: source.clearing },
      to: { kind: 'wallet', accountId: payment.accountId },
      amount: net,
      kind: 'payment',
      reason: `Payment received by ${method}${payment.payerName ? ` from ${payment.payerName}` : ''} (${usd(payment.amountUnits)} less ${usd(fee)} fee)`,
      metadata: {
        ...source.metadata,
        payPagePaymentId: payment.id,
        grossUnits: payment.amountUnits.toString(),
      },
    });
    if (fee > 0n) {
      await ledger.transfer({
        idempotencyKey: `${source.key}:fee`,
        from: { kind: 'platform', name: source.clearing },
        to: { kind: 'platform', name: 'revenue' },
        amount: fee,
        kind: 'fee',
        reason: `Fee on a payment to @${payee}`,
        metadata: { ...source.metadata, payPagePaymentId: payment.id, accountId: payment.accountId },
      });
    }
    const row = await markPaymentPaid(tx, payment.id, fee);
    return { row, replayed: credit.replayed };
  });
  if (paid.row) {
    await sendReceipt(deps, paid.row, payee, net);
    await deps.afterMoneyIn?.(payment.accountId).catch((error: unknown) => {
      deps.logger.warn({ err: error, accountId: payment.accountId }, 'the referral reward was not checked');
    });
  }
  return { credited: true, replayed: paid.row === null || paid.replayed };
}

/** The payer's receipt, when they gave an address; a mail that fails is logged, never un-credits the payment. */
async function sendReceipt(deps: PaymentCreditDeps, payment: PayPagePaymentRow, payee: string, net: bigint) {
  if (!payment.payerEmail) return;
  const lines = [
    payment.payerName ? `Hello ${payment.payerName},` : 'Hello,',
    '',
    `You paid ${usd(payment.amountUnits)} to @${payee} by ${payment.method === 'card' ? 'card' : 'Lightning'}.`,
    ...(payment.method === 'lightning' && payment.amountSats
      ? [`Amount in sats: ${payment.amountSats.toLocaleString('en-US')}`]
      : []),
    `Payment number: ${payment.id}`,
    `Date: ${(payment.paidAt ?? new Date()).toISOString().replace('T', ' ').slice(0, 16)} UTC`,
    ...(payment.note ? [`Note: ${payment.note}`] : []),
    '',
    `@${payee} receives ${usd(net)} after the platform fee.`,
    'Keep this mail as your receipt.',
  ];
  try {
    await deps.mail.send({
      to: payment.payerEmail,
      subject: `Receipt: ${usd(payment.amountUnits)} paid to @${payee}`,
      text: lines.join('\n'),
    });
    await markReceiptSent(deps.db, payment.id);
  } catch (error) {
    deps.logger.warn({ err: error, paymentId: payment.id }, 'a payment receipt was not sent');
  }
}
