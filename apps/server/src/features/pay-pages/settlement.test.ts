import { eq, ledgerTransfers, payPagePayments } from '@switchboard/db';
import { startApp, type DemoApp } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxLightning } from '../../providers/lightning/sandbox';
import type { MailProvider } from '../../providers/mail/types';
import { createLedger } from '../ledger';
import { requestSlugInvoice, type PayPagesDeps } from './pay-pages.service';
import { settlePayPageInvoices } from './settlement';

let kit: DemoApp;
let deps: PayPagesDeps;
let lightning: SandboxLightning;
const sent: string[] = [];

beforeAll(async () => {
  kit = await startApp();
  lightning = new SandboxLightning();
  const mail: MailProvider = {
    name: 'sandbox',
    sandbox: true,
    send: (message) => {
      sent.push(message.to);
      return Promise.resolve();
    },
  };
  deps = {
    db: kit.db,
    mail,
    logger: kit.app.log,
    feePercent: '10',
    lightning,
    rates: { current: () => Promise.resolve({ satToUsd: 0.001 }) },
    cardSandbox: true,
  };
});
afterAll(async () => {
  await kit.close();
});

describe('pay-page invoices settled by the minute job', () => {
  it('credits an invoice paid after the payer left, once, and expires one left unpaid past its expiry', async () => {
    const ledger = createLedger(kit.db);
    const wallet = { kind: 'wallet', accountId: kit.ids.agent2 } as const;
    const opening = await ledger.balance(wallet);
    const paid = await requestSlugInvoice(deps, 'agent2', {
      amount: 2,
      unit: 'usd',
      email: 'late@example.com',
    });
    const unpaid = await requestSlugInvoice(deps, 'agent2', { amount: 3, unit: 'usd' });
    lightning.pay(paid.invoice.paymentRequest);

    expect(await settlePayPageInvoices(deps)).toMatchObject({ checked: 2, credited: 1, expired: 0 });
    expect((await ledger.balance(wallet)) - opening).toBe(1_800_000_000n);
    expect(sent).toEqual(['late@example.com']);
    // Run again: nothing more is credited.
    expect(await settlePayPageInvoices(deps)).toMatchObject({ checked: 1, credited: 0 });
    expect((await ledger.balance(wallet)) - opening).toBe(1_800_000_000n);
    const fees = await kit.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `lightning:${paid.invoice.paymentHash}:fee`));
    expect(fees.map((fee) => fee.amount)).toEqual([200_000_000n]);

    const later = new Date(Date.now() + 20 * 60_000);
    expect(await settlePayPageInvoices(deps, later)).toMatchObject({ checked: 1, expired: 1 });
    const [row] = await kit.db
      .select()
      .from(payPagePayments)
      .where(eq(payPagePayments.paymentHash, unpaid.invoice.paymentHash));
    expect(row?.status).toBe('expired');
  });
});
