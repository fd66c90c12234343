import { payoutsEndpoints as p } from '@switchboard/contract';
import {
  startApp,
  startFakeLndServer,
  startFakeLnurlServer,
  type DemoApp,
  type FakeLndServer,
  type FakeLnurlServer,
  type SignedInClient,
} from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger, createLedger, usdToUnits } from '../ledger';
import { startPriceSource } from '../wallet/price-source.test-helper';

let lnd: FakeLndServer;
let lnurl: FakeLnurlServer;
let prices: Awaited<ReturnType<typeof startPriceSource>>;
let kit: DemoApp;
let as: Record<'acme' | 'globex', SignedInClient>;

beforeAll(async () => {
  [lnd, lnurl, prices] = await Promise.all([
    startFakeLndServer(),
    startFakeLnurlServer({ users: ['alice'] }),
    // 100,000 USD per BTC: a dollar is 1,000 sats.
    startPriceSource({ btcUsd: '100000' }),
  ]);
  lnd.reach(lnurl);
  kit = await startApp({
    env: {
      LIGHTNING_PROVIDER: 'lnd',
      LND_REST_URL: lnd.url,
      LND_MACAROON: lnd.macaroon,
      EXCHANGE_RATE_URL: prices.url,
    },
  });
  as = await kit.signInEach('acme', 'globex');
  await createLedger(kit.db).transfer({
    idempotencyKey: 'test-fund:lightning-payouts',
    from: { kind: 'platform', name: 'lightning_clearing' },
    to: { kind: 'wallet', accountId: kit.ids.acme },
    amount: usdToUnits('2000'),
    kind: 'top_up',
    reason: 'Top-up by Lightning (test)',
  });
});
afterAll(async () => {
  await kit.close();
  await Promise.all([lnd.close(), lnurl.close(), prices.close()]);
});

const cents = (usd: string) => Math.round(Number(usd) * 100);
const overview = async () => (await as.acme.call(p.payoutsOverview)).body;
const ledgerStatus = async (payoutId: string) =>
  (await createLedger(kit.db).transferByKey(`payout:${payoutId}`))?.status;
const withdraw = (address: string, amountUsd: number, headers?: Record<string, string>) =>
  as.acme.call(p.requestWithdrawal, {
    body: { address, type: 'ln', amountUsd },
    ...(headers && { headers }),
  });

/** The last payout voided, the wallet as it was, no payment sent: the refusal names `reason`. */
async function expectVoided(
  response: Awaited<ReturnType<typeof withdraw>>,
  before: { availableUsd: string; payments: number },
  reason: string,
) {
  expect(response.status, response.text).toBe(400);
  expect(response.text).toContain(reason);
  const after = await overview();
  expect(after.availableUsd).toBe(before.availableUsd);
  const payout = after.payouts[0];
  expect(payout).toMatchObject({ channel: 'lightning', status: 'failed', sandbox: false });
  expect(payout?.failureReason).toContain(reason);
  expect(await ledgerStatus(payout?.id ?? '')).toBe('voided');
  return payout;
}

describe('Lightning-address payouts through LNURL-pay and LND against wire-level fakes', () => {
  it('resolves the address, checks the invoice, pays it through LND and posts the transfer', async () => {
    const before = await overview();
    expect(before.channels.lightning).toEqual({ sandbox: false });
    const headers = { 'idempotency-key': 'ln-once' };
    const sent = await withdraw(`alice@${lnurl.host}`, 2, headers);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.payout).toMatchObject({
      channel: 'lightning',
      destination: `alice@${lnurl.host}`,
      amountUsd: '2.00',
      status: 'paid',
      sandbox: false,
    });
    const [issued] = [...lnurl.invoices.entries()];
    expect(issued?.[1]).toMatchObject({ user: 'alice', amountMsat: 2_000_000 });
    expect(lnd.payments).toEqual([
      { paymentHash: issued?.[0], amountMsat: 2_000_000, feeLimitSats: 20, succeeded: true },
    ]);
    expect(await ledgerStatus(sent.body.payout.id)).toBe('posted');

    const again = await withdraw(`alice@${lnurl.host}`, 2, headers);
    expect(again.body.payout.id).toBe(sent.body.payout.id);
    expect(lnd.payments).toHaveLength(1);
    expect(lnurl.invoices.size).toBe(1);
    expect(cents((await overview()).availableUsd)).toBe(cents(before.availableUsd) - 200);
  });

  it('voids it when the address is unknown to its service', async () => {
    const before = { ...(await overview()), payments: lnd.payments.length };
    await expectVoided(
      await withdraw(`nobody@${lnurl.host}`, 1),
      before,
      "the Lightning address's service refused: Unable to find user nobody",
    );
    await expectVoided(await withdraw('alice@127.0.0.1:9', 1), before, 'could not be reached');
    expect(lnd.payments).toHaveLength(before.payments);
  });

  it('voids it when the amount is outside what the address takes', async () => {
    const before = { ...(await overview()), payments: lnd.payments.length };
    // 1,500 USD is 1,500,000 sats; the service takes at most 1,000,000.
    await expectVoided(
      await withdraw(`alice@${lnurl.host}`, 1500),
      before,
      'this Lightning address takes 1 to 1,000,000 sats; 1,500,000 sats is outside that',
    );
    expect(lnd.payments).toHaveLength(before.payments);
  });

  it('voids it when the service answers an invoice for another amount, or one not committing to its metadata', async () => {
    const before = { ...(await overview()), payments: lnd.payments.length };
    lnurl.misbehave('wrong-amount');
    await expectVoided(
      await withdraw(`alice@${lnurl.host}`, 1),
      before,
      'its service issued an invoice for a different amount',
    );
    lnurl.misbehave('wrong-hash');
    await expectVoided(await withdraw(`alice@${lnurl.host}`, 1), before, 'description hash mismatch');
    expect(lnd.payments).toHaveLength(before.payments);
  });

  it("pays once when LND's answer is lost: asked again, the node's record of the payment posts it", async () => {
    const before = await overview();
    lnd.dropNextPaymentAnswer();
    const sent = await withdraw(`alice@${lnurl.host}`, 3);
    expect(sent.status).toBe(503);
    expect(sent.text).toContain('stays pending');
    // Held (not yet posted) before anyone asks again.
    const wallet = { kind: 'wallet', accountId: kit.ids.acme } as const;
    const ledger = createLedger(kit.db);
    expect((await ledger.balance(wallet)) - (await ledger.available(wallet))).toBe(usdToUnits('3'));
    // The overview asked again: the same invoice, which LND refuses as already paid and then shows as paid.
    const after = await overview();
    expect(after.payouts[0]).toMatchObject({ status: 'paid', amountUsd: '3.00' });
    expect(await ledgerStatus(after.payouts[0]?.id ?? '')).toBe('posted');
    expect(lnd.payments.filter((payment) => payment.amountMsat === 3_000_000)).toHaveLength(1);
    expect(cents(after.availableUsd)).toBe(cents(before.availableUsd) - 300);
  });

  it('voids it when LND cannot pay the invoice', async () => {
    const before = { ...(await overview()), payments: lnd.payments.length };
    lnd.failNextPayment('unable to route payment to destination: TemporaryChannelFailure');
    const payout = await expectVoided(
      await withdraw(`alice@${lnurl.host}`, 1),
      before,
      'Lightning payment failed: unable to route payment to destination',
    );
    expect(lnd.payments.at(-1)).toMatchObject({ amountMsat: 1_000_000, succeeded: false });
    expect(payout?.failureReason).not.toContain('Lightning address');
    expect(await auditLedger(kit.db)).toMatchObject({ total: 0n, mismatches: 0, negativeWallets: 0 });
  });

  it('refuses a malformed address before anything is held', async () => {
    const before = await overview();
    const response = await withdraw('alice at wallet', 1);
    expect(response.status).toBe(400);
    expect(response.text).toContain('address: is not a Lightning address');
    expect((await overview()).payouts.length).toBe(before.payouts.length);
  });

  it("is refused to a sibling tenant acting for acme's wallet", async () => {
    const before = await overview();
    const response = await as.globex.call(p.requestWithdrawal, {
      targetAccountId: kit.ids.acme,
      body: { address: `alice@${lnurl.host}`, type: 'ln', amountUsd: 1 },
    });
    expect(response.status).toBe(403);
    const after = await overview();
    expect(after.availableUsd).toBe(before.availableUsd);
    expect(after.payouts.length).toBe(before.payouts.length);
  });
});
