import { payPagesEndpoints as p, walletEndpoints as w } from '@switchboard/contract';
import {
  count,
  eq,
  ledgerTransfers,
  outboxMessages,
  payPagePayments,
  publicPageViews,
} from '@switchboard/db';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPriceSource } from '../wallet/price-source.test-helper';

let kit: DemoApp;
let as: Record<'acme' | 'globex' | 'agent1', SignedInClient>;
let prices: Awaited<ReturnType<typeof startPriceSource>>;

beforeAll(async () => {
  // 100,000 USD per BTC: a sat is 0.001 USD.
  prices = await startPriceSource({ btcUsd: '100000' });
  kit = await startApp({ env: { EXCHANGE_RATE_URL: prices.url } });
  as = await kit.signInEach('acme', 'globex', 'agent1');
});
afterAll(async () => {
  await kit.close();
  await prices.close();
});

const urls = { cancelUrl: 'http://pay.test/pay/agent1', successUrl: 'http://pay.test/pay/agent1' };
const card = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const balanceOf = async (client: SignedInClient) => (await client.call(w.recentTransactions)).body.balanceUsd;
const transfersCount = async () => (await kit.db.select({ n: count() }).from(ledgerTransfers))[0]?.n ?? 0;
const paymentsCount = async () => (await kit.db.select({ n: count() }).from(payPagePayments))[0]?.n ?? 0;
const transferByKey = async (key: string) =>
  (await kit.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, key)))[0];
const mailsTo = (to: string) => kit.db.select().from(outboxMessages).where(eq(outboxMessages.to, to));

describe('the pay page of an account', () => {
  it('names who a slug pays, its fee and the sandbox; an unknown slug is a 404 naming it', async () => {
    const anonymous = kit.client();
    const found = await anonymous.call(p.fetchPaymentSlug, { body: { slug: 'Agent1' } });
    expect(found.status).toBe(200);
    expect(found.body.payee).toEqual({
      username: 'agent1',
      displayName: 'Acme Front Desk',
      profileImage: null,
      description: null,
      feePercent: '15',
      cardSandbox: true,
      lightningSandbox: true,
    });
    const missing = await anonymous.call(p.fetchPaymentSlug, { body: { slug: 'nobody-here' } });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('slug: no account takes payments at \\"nobody-here\\"');
    expect((await anonymous.post('/api/v1/fetchPaymentSlug', {})).status).toBe(400);
  });

  it('takes a card payment from a signed-out visitor: the account gets it less 15%, revenue the fee, the payer a receipt', async () => {
    const opening = await balanceOf(as.agent1);
    const anonymous = kit.client();
    const start = await anonymous.call(w.checkoutVidaCredit, {
      body: {
        amount: 20,
        slug: 'agent1',
        email: 'Payer@Example.com',
        name: 'Pat Payer',
        note: 'Thanks!',
        ...urls,
      },
    });
    expect(start.status).toBe(200);
    const sessionId = start.body.sessionId;
    const status = { params: { slug: 'agent1', sessionId } };
    expect((await anonymous.call(p.slugCheckoutStatus, status)).body.payment).toEqual({
      status: 'pending',
      amountUsd: '20.00',
      payee: 'Acme Front Desk',
      receiptTo: 'payer@example.com',
    });
    // Another account's slug does not answer for this payment.
    expect((await anonymous.call(p.slugCheckoutStatus, { params: { slug: 'acme', sessionId } })).status).toBe(
      404,
    );

    const paid = await anonymous.call(w.paySandboxCheckout, { params: { sessionId }, body: card });
    expect(paid.status).toBe(200);
    expect((await anonymous.call(p.slugCheckoutStatus, status)).body.payment.status).toBe('paid');

    const history = (await as.agent1.call(w.recentTransactions)).body;
    expect(Number(history.balanceUsd)).toBeCloseTo(Number(opening) + 17, 9);
    expect(history.transactions[0]).toMatchObject({
      kind: 'payment',
      amountUsd: '17.00',
      counterparty: 'card',
      reason: 'Payment received by card from Pat Payer ($20.00 less $3.00 fee)',
    });
    const fee = await transferByKey(`stripe:checkout:${sessionId}:fee`);
    expect(fee).toMatchObject({ kind: 'fee', amount: 3_000_000_000n, status: 'posted' });

    const receipts = await mailsTo('payer@example.com');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toBe('Receipt: $20.00 paid to @agent1');
    expect(receipts[0]?.text).toContain('Note: Thanks!');

    // The owner sees it among the payments received on its pay page; a sibling tenant cannot read them.
    const stats = (await as.agent1.call(p.publicPageStats)).body;
    expect(stats.payments[0]).toMatchObject({
      method: 'card',
      amountUsd: '20.00',
      feeUsd: '3.00',
      netUsd: '17.00',
      payerName: 'Pat Payer',
    });
    expect((await as.globex.actingFor(kit.ids.agent1).call(p.publicPageStats)).status).toBe(403);
    expect((await as.globex.call(p.publicPageStats)).body.payments).toEqual([]);
  });

  it('pays the slug’s account even when the visitor is signed in to another account', async () => {
    const acmeOpening = await balanceOf(as.acme);
    const agentOpening = await balanceOf(as.agent1);
    const start = await as.globex.call(w.checkoutVidaCredit, {
      body: { amount: 10, slug: 'agent1', ...urls },
    });
    await kit
      .client()
      .call(w.paySandboxCheckout, { params: { sessionId: start.body.sessionId }, body: card });
    expect(Number(await balanceOf(as.agent1))).toBeCloseTo(Number(agentOpening) + 8.5, 9);
    expect(await balanceOf(as.acme)).toBe(acmeOpening);
  });

  it('takes a Lightning payment: an invoice to the account, credited less the fee once when it settles', async () => {
    const opening = await balanceOf(as.agent1);
    const anonymous = kit.client();
    const issued = await anonymous.call(p.requestSlugInvoice, {
      params: { slug: 'agent1' },
      body: { amount: 10, unit: 'usd', email: 'sats@example.com' },
    });
    expect(issued.status).toBe(201);
    const invoice = issued.body.invoice;
    expect(invoice).toMatchObject({
      amountSats: 10_000,
      amountUsd: '10.00',
      status: 'pending',
      sandbox: true,
    });
    const poll = { params: { slug: 'agent1' }, query: { paymentHash: invoice.paymentHash } };
    expect((await anonymous.call(p.pendingSlugInvoice, poll)).body.invoice.status).toBe('pending');
    // The invoice belongs to agent1's page: another slug, or a made-up hash, does not find it.
    expect((await anonymous.call(p.pendingSlugInvoice, { ...poll, params: { slug: 'globex' } })).status).toBe(
      404,
    );
    expect(
      (await anonymous.call(p.pendingSlugInvoice, { ...poll, query: { paymentHash: 'f'.repeat(64) } }))
        .status,
    ).toBe(404);

    expect(
      (await anonymous.call(w.paySandboxInvoice, { body: { invoice: invoice.paymentRequest } })).status,
    ).toBe(200);
    const settled = await anonymous.call(p.pendingSlugInvoice, poll);
    expect(settled.body.invoice.status).toBe('paid');
    const again = await anonymous.call(p.pendingSlugInvoice, poll);
    expect(again.body.invoice.status).toBe('paid');

    expect(Number(await balanceOf(as.agent1))).toBeCloseTo(Number(opening) + 8.5, 9);
    expect(await transferByKey(`lightning:${invoice.paymentHash}:fee`)).toMatchObject({
      amount: 1_500_000_000n,
    });
    const receipt = await mailsTo('sats@example.com');
    expect(receipt).toHaveLength(1);
    expect(receipt[0]?.text).toContain('Amount in sats: 10,000');
  });

  it('refuses an unknown slug, a zero or negative amount and a bad email with a 4xx, the ledger untouched', async () => {
    const transfers = await transfersCount();
    const payments = await paymentsCount();
    const anonymous = kit.client();
    const unknown = await anonymous.call(p.requestSlugInvoice, {
      params: { slug: 'no-such-agent' },
      body: { amount: 5, unit: 'usd' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('no-such-agent');
    for (const [amount, message] of [
      [0, 'amount: must be more than zero'],
      [-3, 'amount: must be more than zero'],
      [1.001, 'amount: must be whole cents'],
    ] as const) {
      const response = await anonymous.post('/api/v1/requestInvoice/agent1', { amount });
      expect(response.status, String(amount)).toBe(400);
      expect(response.text).toContain(message);
    }
    const card0 = await anonymous.post('/api/v1/checkout/vidaCredit', { amount: 0, slug: 'agent1', ...urls });
    expect(card0.status).toBe(400);
    const noSlug = await anonymous.post('/api/v1/checkout/vidaCredit', { amount: 5, slug: 'ghost', ...urls });
    expect(noSlug.status).toBe(404);
    expect(noSlug.text).toContain('slug: no account takes payments at \\"ghost\\"');
    const badEmail = await anonymous.post('/api/v1/checkout/vidaCredit', {
      amount: 5,
      slug: 'agent1',
      email: 'not-an-email',
      ...urls,
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.text).toContain('email: must be an email address');
    expect(await transfersCount()).toBe(transfers);
    expect(await paymentsCount()).toBe(payments);
  });
});

describe('public pages and their statistics', () => {
  it('answers the profile with the agent’s number, and counts views and clicks for the owner only', async () => {
    const anonymous = kit.client();
    const page = await anonymous.call(p.publicPage, { params: { username: 'agent1' } });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ account: { username: 'agent1' }, agentNumber: '+15550100001' });
    expect((await anonymous.call(p.publicPage, { params: { username: 'ghost' } })).status).toBe(404);

    for (const view of [
      { username: 'agent1', page: 'profile' },
      { username: 'agent1', page: 'profile' },
      { username: 'agent1', page: 'pay' },
      { username: 'agent1', page: 'link', target: 'Instagram' },
      { username: 'agent1', page: 'link', target: 'call' },
      { username: 'agent1', page: 'link', target: 'call' },
    ] as const) {
      expect((await anonymous.call(p.recordPageView, { body: view })).status).toBe(200);
    }
    const noTarget = await anonymous.post('/api/v1/stats/links', { username: 'agent1', page: 'link' });
    expect(noTarget.status).toBe(400);
    expect(noTarget.text).toContain('target: names the link');
    expect(
      (await anonymous.call(p.recordPageView, { body: { username: 'ghost', page: 'profile' } })).status,
    ).toBe(404);

    const stats = (await as.agent1.call(p.publicPageStats, { query: { days: 7 } })).body;
    expect(stats.totals).toEqual({ profile: 2, pay: 1, link: 3 });
    expect(stats.links).toEqual([
      { target: 'call', clicks: 2 },
      { target: 'instagram', clicks: 1 },
    ]);
    expect(stats.byDay).toHaveLength(7);
    expect(stats.byDay.at(-1)).toMatchObject({ profile: 2, pay: 1, link: 3 });
    // The organization above the agent may read them; a sibling organization sees only its own (none).
    expect((await as.acme.actingFor(kit.ids.agent1).call(p.publicPageStats)).body.totals.link).toBe(3);
    expect((await as.globex.call(p.publicPageStats)).body.totals).toEqual({ profile: 0, pay: 0, link: 0 });
    const rows = await kit.db
      .select()
      .from(publicPageViews)
      .where(eq(publicPageViews.accountId, kit.ids.agent1));
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(6);
  });

  it('limits invoices a client address may ask for in a minute', async () => {
    const anonymous = kit.client();
    let limited = null;
    for (let i = 0; i < 12 && !limited; i += 1) {
      const response = await anonymous.post('/api/v1/requestInvoice/agent2', { amount: 1 });
      if (response.status === 429) limited = response;
      else expect(response.status).toBe(201);
    }
    expect(limited?.text).toContain('at most 10 a minute');
    expect(limited?.headers['retry-after']).toBeDefined();
  });
});
