import { walletEndpoints as w } from '@switchboard/contract';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger, sweepMonthlyCharges, type Ledger } from '../ledger';
import { startPriceSource } from './price-source.test-helper';

let kit: DemoApp;
let ledger: Ledger;
let as: Record<'acme' | 'globex', SignedInClient>;
let prices: Awaited<ReturnType<typeof startPriceSource>>;

beforeAll(async () => {
  prices = await startPriceSource({ btcUsd: '100000' });
  kit = await startApp({ env: { EXCHANGE_RATE_URL: prices.url } });
  ledger = createLedger(kit.db);
  as = await kit.signInEach('acme', 'globex');
});
afterAll(async () => {
  await kit.close();
  await prices.close();
});

describe('monthly charges a wallet could not pay', () => {
  it('are listed on the wallet, to its own organization only, and collected by the next top-up', async () => {
    const globexWallet = { kind: 'wallet' as const, accountId: kit.ids.globex };
    await ledger.transfer({
      idempotencyKey: 'owed-test-drain-globex',
      from: globexWallet,
      to: { kind: 'platform', name: 'usage' },
      amount: await ledger.balance(globexWallet),
      kind: 'correction',
      reason: 'Emptied for the test',
    });
    const swept = await sweepMonthlyCharges(kit.db, ledger, new Date('2033-03-01T00:05:00Z'));
    expect(swept.owed).toBeGreaterThanOrEqual(1);

    const owing = (await as.globex.call(w.getWallet)).body;
    expect(Number(owing.balanceUsd)).toBe(0);
    const agentMonth = owing.owed.charges.find(
      (charge) => charge.reason === 'Agent Globex Reception, March 2033',
    );
    expect(agentMonth?.billingMonth).toBe('2033-03');
    expect(Number(agentMonth?.amountUsd)).toBe(10);
    const total = owing.owed.charges.reduce((sum, charge) => sum + Number(charge.amountUsd), 0);
    expect(Number(owing.owed.totalUsd)).toBeCloseTo(total, 6);
    // Acme pays its own months; Globex's debt is not on its wallet.
    const acme = (await as.acme.call(w.getWallet)).body;
    expect(acme.owed.charges.map((charge) => charge.reason).join()).not.toContain('Globex');
    // The empty wallet stops Globex's agents, and the wallet says so.
    expect(owing.admission).toMatchObject({ takingConversations: false, payerAccountId: kit.ids.globex });
    expect(owing.admission.reason).toMatch(/wallet is empty/);
    expect(acme.admission).toEqual({ takingConversations: true, reason: null, payerAccountId: null });

    // A Lightning top-up of 50 USD pays what is owed at once, oldest first.
    const invoice = (await as.globex.call(w.requestInvoice, { body: { amount: 50, unit: 'usd' } })).body
      .invoice;
    const paid = await kit.client().call(w.paySandboxInvoice, { body: { invoice: invoice.paymentRequest } });
    const proven = await as.globex.call(w.provePendingInvoicePaid, {
      body: { preimage: paid.body.preimage, invoice: invoice.paymentRequest },
    });
    expect(proven.status, proven.text).toBe(200);
    const after = (await as.globex.call(w.getWallet)).body;
    expect(after.owed.charges).toEqual([]);
    expect(Number(after.owed.totalUsd)).toBe(0);
    expect(Number(after.balanceUsd)).toBeCloseTo(50 - total, 6);
    expect(after.admission.takingConversations).toBe(true);
    const lines = (await as.globex.call(w.recentTransactions, { query: { kinds: 'fee' } })).body.transactions;
    expect(lines.map((line) => line.reason)).toContain('Agent Globex Reception, March 2033');
  });
});
