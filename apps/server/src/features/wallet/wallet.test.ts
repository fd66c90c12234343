import { createHash } from 'node:crypto';
import bolt11 from 'bolt11';
import { walletEndpoints as w } from '@switchboard/contract';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPriceSource } from './price-source.test-helper';
import { grantReward } from './wallet.repo';

let kit: DemoApp;
let as: Record<'superadmin' | 'acme' | 'globex' | 'agent1', SignedInClient>;
let prices: Awaited<ReturnType<typeof startPriceSource>>;

beforeAll(async () => {
  // 100,000 USD per BTC: a sat is 0.001 USD.
  prices = await startPriceSource({ btcUsd: '100000' });
  kit = await startApp({ env: { EXCHANGE_RATE_URL: prices.url } });
  as = await kit.signInEach('superadmin', 'acme', 'globex', 'agent1');
});
afterAll(async () => {
  await kit.close();
  await prices.close();
});

const urls = { cancelUrl: 'http://app.test/billing/cancel', successUrl: 'http://app.test/billing/success' };
const balanceOf = async (client: SignedInClient) => (await client.call(w.recentTransactions)).body.balanceUsd;
const cents = (usd: string) => Math.round(Number(usd) * 100);
const plus = (usd: string, add: number) => ((cents(usd) + Math.round(add * 100)) / 100).toFixed(2);
const card = (number: string) => ({ number, expiry: '12 / 34', cvc: '123' });

describe('a card top-up through the sandbox checkout', () => {
  it('declines 4000 0000 0000 0002 with the reason, then credits 4242 4242 4242 4242 once', async () => {
    const opening = await balanceOf(as.acme);
    const globexOpening = await balanceOf(as.globex);
    const start = await as.acme.call(w.checkoutVidaCredit, { body: { amount: 25, ...urls } });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ amountUsd: '25.00', cancelUrl: urls.cancelUrl });
    expect(start.body.url).toMatch(/\/app\/dev\/checkout\/cs_test_sandbox_/);
    expect(start.body.successUrl).toBe(`${urls.successUrl}?session_id=${start.body.sessionId}`);
    const params = { sessionId: start.body.sessionId };

    const page = await kit.client().call(w.sandboxCheckout, { params });
    expect(page.body.session).toMatchObject({ amountUsd: '25.00', status: 'open', payee: 'acme' });

    const declined = await kit
      .client()
      .call(w.paySandboxCheckout, { params, body: card('4000 0000 0000 0002') });
    expect(declined.status).toBe(402);
    expect(declined.text).toContain('Your card was declined.');
    const badNumber = await kit
      .client()
      .call(w.paySandboxCheckout, { params, body: card('4242 4242 4242 4241') });
    expect(badNumber.status).toBe(400);
    expect(badNumber.text).toContain('Your card number is invalid.');
    expect(await balanceOf(as.acme)).toBe(opening);

    const paid = await kit.client().call(w.paySandboxCheckout, { params, body: card('4242424242424242') });
    expect(paid.status).toBe(200);
    expect(paid.body.redirectUrl).toBe(start.body.successUrl);
    const again = await kit.client().call(w.paySandboxCheckout, { params, body: card('4242424242424242') });
    expect(again.status).toBe(409);

    const history = (await as.acme.call(w.recentTransactions)).body;
    expect(history.balanceUsd).toBe(plus(opening, 25));
    expect(history.transactions[0]).toEqual(
      expect.objectContaining({
        kind: 'top_up',
        reason: 'Top-up by card',
        amountUsd: '25.00',
        counterparty: 'card',
      }),
    );
    const status = await as.acme.call(w.checkoutSession, { query: { sessionId: params.sessionId } });
    expect(status.body.session).toMatchObject({ status: 'complete', paymentStatus: 'paid', credited: true });
    // Another tenant cannot read it, nor act for acme.
    expect((await as.globex.call(w.checkoutSession, { query: { sessionId: params.sessionId } })).status).toBe(
      404,
    );
    expect((await as.globex.actingFor(kit.ids.acme).call(w.recentTransactions)).status).toBe(403);
    expect(await balanceOf(as.globex)).toBe(globexOpening);
  });

  it('refuses zero, negative, fractional-cent, absurd and non-USD amounts, naming the field', async () => {
    const before = (await as.globex.call(w.recentTransactions)).body;
    for (const [amount, message] of [
      [0, 'amount: must be more than zero'],
      [-5, 'amount: must be more than zero'],
      [10.001, 'amount: must be whole cents'],
      [0.3, 'amount: must be at least 0.50 USD'],
      [1e9, 'amount: must be at most 10000 USD'],
      ['12', 'amount: must be a number'],
    ] as const) {
      const response = await as.globex.post('/api/v1/checkout/vidaCredit', { amount, ...urls });
      expect(response.status, String(amount)).toBe(400);
      expect(response.text).toContain(message);
    }
    const euro = await as.globex.post('/api/v1/checkout/vidaCredit', { amount: 5, currency: 'eur', ...urls });
    expect(euro.text).toContain('currency: must be usd');
    const noUrl = await as.globex.post('/api/v1/checkout/vidaCredit', {
      amount: 5,
      cancelUrl: 'javascript:x',
    });
    expect(noUrl.status).toBe(400);
    expect(noUrl.text).toContain('cancelUrl');
    expect((await as.globex.call(w.recentTransactions)).body).toEqual(before);
  });

  it('pays another account through its payment link without a session', async () => {
    const anonymous = kit.client();
    expect((await anonymous.call(w.checkoutVidaCredit, { body: { amount: 5, ...urls } })).status).toBe(401);
    expect(
      (await anonymous.call(w.checkoutVidaCredit, { body: { amount: 5, slug: 'nobody-here', ...urls } }))
        .status,
    ).toBe(404);
    const link = await anonymous.call(w.checkoutVidaCredit, {
      body: { amount: 7.5, slug: 'agent1', ...urls },
    });
    expect(link.status).toBe(200);
    await anonymous.call(w.paySandboxCheckout, {
      params: { sessionId: link.body.sessionId },
      body: card('5555 5555 5555 4444'),
    });
    const history = (await as.agent1.call(w.recentTransactions)).body;
    // The account receives the payment less the platform's 15% fee.
    expect(history.transactions[0]).toMatchObject({ kind: 'payment', amountUsd: '6.375' });
  });
});

describe('a Lightning top-up', () => {
  it('issues a decodable invoice at the live rate and credits it once when the preimage is proven', async () => {
    const opening = await balanceOf(as.globex);
    expect((await as.globex.call(w.exchangeRates)).body).toMatchObject({ satToUsd: 0.001, source: 'live' });
    const issued = await as.globex.call(w.requestInvoice, { body: { amount: 12.34, unit: 'usd' } });
    expect(issued.status).toBe(200);
    const invoice = issued.body.invoice;
    expect(invoice).toMatchObject({
      amountSats: 12340,
      amountUsd: '12.34',
      status: 'pending',
      sandbox: true,
    });
    const decoded = bolt11.decode(invoice.paymentRequest);
    expect(decoded.satoshis).toBe(12340);
    expect(decoded.tagsObject.payment_hash).toBe(invoice.paymentHash);
    const valid = await as.globex.call(w.validateInvoice, { query: { invoice: invoice.paymentRequest } });
    expect(valid.body).toMatchObject({ valid: true, amountSats: 12340, expired: false });

    const wrong = await as.globex.call(w.provePendingInvoicePaid, {
      body: { preimage: 'ab'.repeat(32), invoice: invoice.paymentRequest },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('preimage: does not hash');

    const paid = await kit.client().call(w.paySandboxInvoice, { body: { invoice: invoice.paymentRequest } });
    const preimage = paid.body.preimage;
    expect(createHash('sha256').update(Buffer.from(preimage, 'hex')).digest('hex')).toBe(invoice.paymentHash);
    // acme cannot claim globex's invoice, even with the right preimage.
    const stolen = await as.acme.call(w.provePendingInvoicePaid, {
      body: { preimage, invoice: invoice.paymentRequest },
    });
    expect(stolen.status).toBe(404);

    const proven = await as.globex.call(w.provePendingInvoicePaid, {
      body: { preimage, invoice: invoice.paymentRequest },
    });
    expect(proven.body).toMatchObject({ balanceUsd: plus(opening, 12.34), invoice: { status: 'paid' } });
    const twice = await as.globex.call(w.provePendingInvoicePaid, {
      body: { preimage, invoice: invoice.paymentRequest },
    });
    expect(twice.body.balanceUsd).toBe(plus(opening, 12.34));
    expect((await as.globex.call(w.pendingInvoice)).body.invoice).toMatchObject({ status: 'paid' });
    const lines = (await as.globex.call(w.recentTransactions, { query: { kinds: 'top_up' } })).body
      .transactions;
    expect(lines[0]).toEqual(
      expect.objectContaining({ reason: 'Top-up by Lightning (12,340 sats)', counterparty: 'lightning' }),
    );
  });

  it('credits an invoice in sats when the node reports it settled (polling), and resets a pending one', async () => {
    const invoice = (await as.agent1.call(w.requestInvoice, { body: { amount: 2500, unit: 'sats' } })).body
      .invoice;
    expect(invoice.amountUsd).toBe('2.50');
    expect((await as.agent1.call(w.pendingInvoice)).body.invoice).toMatchObject({ status: 'pending' });
    await kit.client().call(w.paySandboxInvoice, { body: { invoice: invoice.paymentRequest } });
    expect((await as.agent1.call(w.pendingInvoice)).body.invoice).toMatchObject({ status: 'paid' });
    expect((await as.agent1.call(w.pendingInvoice)).body.invoice?.status).toBe('paid');
    const before = await balanceOf(as.agent1);

    await as.agent1.call(w.requestInvoice, { body: { amount: 1 } });
    expect((await as.agent1.call(w.resetPendingInvoice)).body.cancelled).toBe(true);
    expect((await as.agent1.call(w.pendingInvoice)).body.invoice).toMatchObject({ status: 'paid' });
    expect(await balanceOf(as.agent1)).toBe(before);
  });

  it('refuses bad amounts and units, and what is not an invoice, naming the field', async () => {
    for (const body of [
      { amount: 0 },
      { amount: 0.001 },
      { amount: 1.5, unit: 'sats' },
      { amount: 1e12, unit: 'sats' },
    ]) {
      const response = await as.acme.post('/api/v1/requestInvoice', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.text).toContain('amount:');
    }
    expect((await as.acme.post('/api/v1/requestInvoice', { amount: 1, unit: 'btc' })).text).toContain(
      'unit: must be usd or sats',
    );
    const junk = await as.acme.call(w.validateInvoice, { query: { invoice: 'lnbc1notaninvoice' } });
    expect(junk.status).toBe(400);
    expect(junk.text).toContain('invoice:');
    expect((await as.acme.call(w.pendingInvoice)).body.invoice).toBeNull();
  });
});

describe('rewards and refunds', () => {
  it('claims each reward once', async () => {
    await grantReward(kit.db, {
      accountId: kit.ids.globex,
      amountUnits: 3_000_000_000n,
      reason: 'Referral reward',
    });
    expect((await as.globex.call(w.getWallet)).body.unclaimedRewardsUsd).toBe('3.00');
    const first = await as.globex.call(w.claimRewards, { body: { claim: 'all' } });
    expect(first.body).toMatchObject({ claimed: 1, claimedUsd: '3.00' });
    const second = await as.globex.call(w.claimRewards, { body: { claim: 'all' } });
    expect(second.body).toMatchObject({ claimed: 0, claimedUsd: '0.00', balanceUsd: first.body.balanceUsd });
  });

  it('lets a super admin refund up to what the account paid in', async () => {
    const refund = (body: object) =>
      as.superadmin.post<{ message: string }>('/internal/issueRefundToUser', body);
    const lines = (await as.acme.call(w.recentTransactions, { query: { kinds: 'top_up,payment,refund' } }))
      .body;
    const paidIn = lines.transactions.reduce((sum, line) => sum + cents(line.amountUsd), 0);
    const opening = lines.balanceUsd;
    const done = await refund({ username: 'acme', usdAmount: 5 });
    expect(done.body.message).toBe('The refund for the issue has been processed.');
    expect(await balanceOf(as.acme)).toBe(plus(opening, 5));
    const remaining = (paidIn - 500) / 100;
    const tooMuch = await refund({ username: 'acme', usdAmount: remaining + 0.01 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe(
      `Something went wrong. usdAmount: is more than the ${remaining.toFixed(2)} USD this account paid in and was not refunded`,
    );
    // 1 sat = 0.001 USD at the test's rate.
    expect((await refund({ username: 'acme', satsAmount: remaining * 1000 })).status).toBe(200);
    expect((await refund({ username: 'acme', usdAmount: 0.01 })).status).toBe(400);
    expect((await refund({ username: 'nobody-at-all', usdAmount: 1 })).status).toBe(404);
    expect((await refund({ username: 'acme' })).text).toContain('usdAmount: give exactly one');
    expect((await refund({ username: 'acme', usdAmount: -1 })).text).toContain(
      'usdAmount: must be more than zero',
    );
    expect(
      (await as.acme.post('/internal/issueRefundToUser', { username: 'acme', usdAmount: 1 })).status,
    ).toBe(403);
    expect(await balanceOf(as.acme)).toBe(plus(opening, remaining + 5));
  });

  it('shows the spending chart days', async () => {
    const wallet = (await as.acme.call(w.getWallet, { query: { days: 7 } })).body;
    expect(wallet.spendingByDay).toHaveLength(7);
    expect(wallet.spendingByDay.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));
  });
});
