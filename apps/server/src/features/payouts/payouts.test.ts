import { payoutsEndpoints as p, walletEndpoints as w } from '@switchboard/contract';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger, createLedger, usdToUnits } from '../ledger';
import { startPriceSource } from '../wallet/price-source.test-helper';

let kit: DemoApp;
let as: Record<'acme' | 'globex', SignedInClient>;
let prices: Awaited<ReturnType<typeof startPriceSource>>;

beforeAll(async () => {
  // 100,000 USD per BTC: a sat is 0.001 USD.
  prices = await startPriceSource({ btcUsd: '100000' });
  kit = await startApp({ env: { EXCHANGE_RATE_URL: prices.url } });
  as = await kit.signInEach('acme', 'globex');
});
afterAll(async () => {
  await kit.close();
  await prices.close();
});

/** Lightning-funded money: withdrawable at once. */
async function fundByLightning(accountId: number, usd: string, key: string) {
  await createLedger(kit.db).transfer({
    idempotencyKey: `test-fund:${key}`,
    from: { kind: 'platform', name: 'lightning_clearing' },
    to: { kind: 'wallet', accountId },
    amount: usdToUnits(usd),
    kind: 'top_up',
    reason: 'Top-up by Lightning (test)',
  });
}

const overview = async (client: SignedInClient) => {
  const response = await client.call(p.payoutsOverview);
  expect(response.status).toBe(200);
  return response.body;
};
const cents = (usd: string) => Math.round(Number(usd) * 100);

describe('withdrawing in the sandbox', () => {
  it('pays PayPal, Venmo and a Lightning address, each taken from the wallet once', async () => {
    await fundByLightning(kit.ids.acme, '100', 'acme-1');
    const before = await overview(as.acme);
    expect(before.channels).toEqual({
      lightning: { sandbox: true },
      paypal: { sandbox: true },
      stripe: { sandbox: true },
    });

    const headers = { 'idempotency-key': 'paypal-once' };
    const paid = await as.acme.call(p.payoutPaypal, {
      body: { address: 'Alice@Example.com', amountUsd: 12.5 },
      headers,
    });
    expect(paid.status).toBe(200);
    expect(paid.body.payout).toMatchObject({
      channel: 'paypal',
      destination: 'alice@example.com',
      amountUsd: '12.50',
      status: 'paid',
      sandbox: true,
    });
    const again = await as.acme.call(p.payoutPaypal, {
      body: { address: 'Alice@Example.com', amountUsd: 12.5 },
      headers,
    });
    expect(again.body.payout.id).toBe(paid.body.payout.id);

    const venmo = await as.acme.call(p.payoutVenmo, { body: { address: '@bob-smith', amountUsd: 2.25 } });
    expect(venmo.body.payout).toMatchObject({ channel: 'venmo', destination: '@bob-smith', status: 'paid' });

    const ln = await as.acme.call(p.requestWithdrawal, {
      body: { address: 'carol@wallet.example', type: 'ln', amountUsd: 5 },
    });
    expect(ln.status).toBe(200);
    expect(ln.body.payout).toMatchObject({ channel: 'lightning', amountUsd: '5.00', status: 'paid' });

    const after = await overview(as.acme);
    expect(cents(after.availableUsd)).toBe(cents(before.availableUsd) - 1250 - 225 - 500);
    expect(after.payouts.map((payout) => payout.channel)).toEqual(['lightning', 'venmo', 'paypal']);
    const history = (await as.acme.call(w.recentTransactions)).body.transactions;
    expect(history[0]).toMatchObject({ kind: 'payout', amountUsd: '-5.00', counterparty: 'payouts' });
    expect(await auditLedger(kit.db)).toMatchObject({ total: 0n, mismatches: 0, negativeWallets: 0 });
  });

  it('voids the hold and restores the balance when the provider refuses, saying why', async () => {
    const before = await overview(as.acme);
    const refused = await as.acme.call(p.payoutPaypal, {
      body: { address: 'will-fail@example.com', amountUsd: 3 },
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('not registered with PayPal');
    const ln = await as.acme.call(p.requestWithdrawal, {
      body: { address: 'fail@wallet.example', type: 'ln', amountUsd: 1 },
    });
    expect(ln.status).toBe(400);
    expect(ln.text).toContain('no route to the recipient');
    const after = await overview(as.acme);
    expect(after.availableUsd).toBe(before.availableUsd);
    expect(after.payouts.slice(0, 2).map((payout) => [payout.channel, payout.status])).toEqual([
      ['lightning', 'failed'],
      ['paypal', 'failed'],
    ]);
    expect(after.payouts[0]?.failureReason).toContain('no route');
  });

  it('keeps card-funded money in its hold and says how much is held', async () => {
    const opening = await overview(as.globex);
    const start = await as.globex.call(w.checkoutVidaCredit, {
      body: { amount: 40, cancelUrl: 'http://app.test/c', successUrl: 'http://app.test/s' },
    });
    const paid = await kit.client().call(w.paySandboxCheckout, {
      params: { sessionId: start.body.sessionId },
      body: { number: '4242424242424242', expiry: '12 / 34', cvc: '123' },
    });
    expect(paid.status).toBe(200);
    await fundByLightning(kit.ids.globex, '10', 'globex-1');
    const view = await overview(as.globex);
    expect(cents(view.heldUsd)).toBe(cents(opening.heldUsd) + 4000);
    expect(view.holdDays).toBe(30);
    expect(cents(view.withdrawableUsd)).toBe(cents(view.availableUsd) - cents(view.heldUsd));
    expect(new Date(view.heldUntil ?? 0).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const tooMuch = await as.globex.call(p.payoutPaypal, {
      body: { address: 'g@example.com', amountUsd: cents(view.withdrawableUsd) / 100 + 0.01 },
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.text).toContain('amountUsd: is more than the withdrawable balance');
    expect(tooMuch.text).toContain(`${view.heldUsd} USD is card-funded money still in its 30-day hold`);
    expect((await overview(as.globex)).availableUsd).toBe(view.availableUsd);
  });
});

describe('bad input leaves the ledger untouched', () => {
  it.each([
    [
      'a malformed Lightning address',
      p.requestWithdrawal,
      { address: 'not an address', type: 'ln', amountUsd: 1 },
      'address',
    ],
    ['a bad LNURL', p.requestWithdrawal, { address: 'lnurl1qqqqqq', type: 'ln', amountUsd: 1 }, 'address'],
    [
      'a type other than ln',
      p.requestWithdrawal,
      { address: 'a@b.example', type: 'btc', amountUsd: 1 },
      'type',
    ],
    ['a malformed PayPal email', p.payoutPaypal, { address: 'alice-at-example', amountUsd: 1 }, 'address'],
    ['a malformed Venmo handle', p.payoutVenmo, { address: 'x y', amountUsd: 1 }, 'address'],
    ['a zero amount', p.payoutPaypal, { address: 'a@example.com', amountUsd: 0 }, 'amountUsd'],
    ['a negative amount', p.payoutVenmo, { address: '@someone', amountUsd: -5 }, 'amountUsd'],
    ['fractions of a cent', p.payoutPaypal, { address: 'a@example.com', amountUsd: 1.005 }, 'amountUsd'],
    ['no connected account', p.transferFunds, { amountUsd: 1 }, 'Connect a Stripe account'],
  ] as const)('refuses %s with a 400 naming it', async (_name, endpoint, body, named) => {
    const before = await overview(as.acme);
    const response = await as.acme.call(endpoint, { body: body as never });
    expect(response.status).toBe(400);
    expect(response.text).toContain(named);
    const after = await overview(as.acme);
    expect(after.availableUsd).toBe(before.availableUsd);
    expect(after.payouts.length).toBe(before.payouts.length);
  });
});

describe('a Stripe connected account in the sandbox', () => {
  it('is not ok until onboarded, then receives a transfer', async () => {
    const unconnected = await as.acme.call(p.checkConnectedAccount);
    expect(unconnected.body).toMatchObject({ ok: false, connected: false, sandbox: true });
    const urls = {
      failureUrl: 'http://app.test/app/payout/connect/failure',
      successUrl: 'http://app.test/app/payout/connect/success',
    };
    const link = await as.acme.call(p.connectStripeAccount, { body: urls });
    expect(link.status).toBe(200);
    expect(link.body).toMatchObject({ success: true, sandbox: true });
    const connectedAccountId = /\/app\/dev\/connect\/(acct_sandbox_[0-9a-f]{16})$/.exec(link.body.url)?.[1];
    if (!connectedAccountId) throw new Error(`not a sandbox onboarding page: ${link.body.url}`);
    // Left unfinished on the sandbox onboarding page: back to the failure page, still not able to receive.
    const left = await kit
      .client()
      .call(p.sandboxConnectOnboarding, { params: { connectedAccountId }, body: { outcome: 'leave' } });
    expect(left.body.redirectUrl).toBe(urls.failureUrl);
    const unfinished = await as.acme.call(p.checkConnectedAccount);
    expect(unfinished.body).toMatchObject({ ok: false, connected: true, payoutsEnabled: false });
    expect(unfinished.body.currentlyDue.length).toBeGreaterThan(0);
    const refused = await as.acme.call(p.transferFunds, { body: { amountUsd: 1 } });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('cannot receive payouts yet (Stripe still needs: external_account');
    const unknown = await kit.client().call(p.sandboxConnectOnboarding, {
      params: { connectedAccountId: 'acct_sandbox_0000000000000000' },
      body: { outcome: 'complete' },
    });
    expect(unknown.status).toBe(404);
    const badOutcome = await kit
      .client()
      .post(`/api/sandbox/connect/${connectedAccountId}`, { outcome: 'maybe' });
    expect(badOutcome.status).toBe(400);
    expect(badOutcome.text).toContain('outcome: must be complete or leave');

    const again = await as.acme.call(p.connectStripeAccount, { body: urls });
    expect(again.body.url).toBe(link.body.url);
    const finished = await kit
      .client()
      .call(p.sandboxConnectOnboarding, { params: { connectedAccountId }, body: { outcome: 'complete' } });
    expect(finished.body.redirectUrl).toBe(urls.successUrl);
    const ready = await as.acme.call(p.checkConnectedAccount);
    expect(ready.body).toMatchObject({ ok: true, connected: true, payoutsEnabled: true, currentlyDue: [] });
    const before = await overview(as.acme);
    const sent = await as.acme.call(p.transferFunds, { body: { amountUsd: 7 } });
    expect(sent.status).toBe(200);
    expect(sent.body.payout).toMatchObject({ channel: 'stripe', status: 'paid', amountUsd: '7.00' });
    expect(sent.body.payout.destination).toMatch(/^acct_sandbox_/);
    expect(cents((await overview(as.acme)).availableUsd)).toBe(cents(before.availableUsd) - 700);
  });
});

describe('another tenant', () => {
  const connectUrls = {
    failureUrl: 'http://app.test/app/payout/connect/failure',
    successUrl: 'http://app.test/app/payout/connect/success',
  };
  // Every payouts route acting for acme's wallet, as globex (a sibling organization) would send it.
  const routes = [
    ['GET /api/v1/payouts', p.payoutsOverview, undefined],
    [
      'POST /api/v1/requestWithdrawal',
      p.requestWithdrawal,
      { address: 'thief@wallet.example', type: 'ln', amountUsd: 1 },
    ],
    ['POST /api/v1/payout/paypal/paypal', p.payoutPaypal, { address: 'thief@example.com', amountUsd: 1 }],
    ['POST /api/v1/payout/paypal/venmo', p.payoutVenmo, { address: '@thief', amountUsd: 1 }],
    ['POST /api/v1/payout/stripe/connectAccount', p.connectStripeAccount, connectUrls],
    ['GET /api/v1/payout/stripe/checkConnectedAccount', p.checkConnectedAccount, undefined],
    ['POST /api/v1/payout/stripe/transferFunds', p.transferFunds, { amountUsd: 1 }],
  ] as const;

  it.each(routes)('%s for acme is refused to globex, and moves nothing', async (_name, endpoint, body) => {
    const before = await overview(as.acme);
    const response = await as.globex.call(endpoint as never, {
      targetAccountId: kit.ids.acme,
      ...(body ? { body: body as never } : {}),
    });
    expect(response.status, response.text).toBe(403);
    expect(response.text).toContain(`You cannot act for account ${kit.ids.acme}`);
    const after = await overview(as.acme);
    expect(after.availableUsd).toBe(before.availableUsd);
    expect(after.payouts.map((payout) => payout.id)).toEqual(before.payouts.map((payout) => payout.id));
    expect(after.payouts.map((payout) => payout.status)).toEqual(
      before.payouts.map((payout) => payout.status),
    );
  });

  it("does not see or use acme's connected account as its own", async () => {
    // acme connected a Stripe account above; globex's own answer is about globex alone.
    const own = await as.globex.call(p.checkConnectedAccount);
    expect(own.body).toMatchObject({ ok: false, connected: false });
    const transfer = await as.globex.call(p.transferFunds, { body: { amountUsd: 1 } });
    expect(transfer.status).toBe(400);
    expect(transfer.text).toContain('Connect a Stripe account');
  });
});
