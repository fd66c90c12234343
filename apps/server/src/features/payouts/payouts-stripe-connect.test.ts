import { payoutsEndpoints as p } from '@switchboard/contract';
import {
  startApp,
  startFakeStripeServer,
  type DemoApp,
  type FakeStripeServer,
  type SignedInClient,
} from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger, createLedger, usdToUnits } from '../ledger';

const secretKey = 'sk_test_connect_suite';

let stripe: FakeStripeServer;
let kit: DemoApp;
let as: Record<'acme' | 'globex', SignedInClient>;

beforeAll(async () => {
  stripe = await startFakeStripeServer({ apiKey: secretKey });
  kit = await startApp({
    env: {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: 'whsec_connect_suite',
      STRIPE_API_URL: stripe.url,
    },
  });
  as = await kit.signInEach('acme', 'globex');
  for (const [name, accountId] of [
    ['acme', kit.ids.acme],
    ['globex', kit.ids.globex],
  ] as const) {
    await createLedger(kit.db).transfer({
      idempotencyKey: `test-fund:connect:${name}`,
      from: { kind: 'platform', name: 'lightning_clearing' },
      to: { kind: 'wallet', accountId },
      amount: usdToUnits('100'),
      kind: 'top_up',
      reason: 'Top-up by Lightning (test)',
    });
  }
});
afterAll(async () => {
  await kit.close();
  await stripe.close();
});

const urls = {
  failureUrl: 'http://app.test/app/payout/connect/failure',
  successUrl: 'http://app.test/app/payout/connect/success',
};
const cents = (usd: string) => Math.round(Number(usd) * 100);
const available = async (client: SignedInClient) =>
  cents((await client.call(p.payoutsOverview)).body.availableUsd);
const ledgerStatus = async (payoutId: string) =>
  (await createLedger(kit.db).transferByKey(`payout:${payoutId}`))?.status;
const transfersTo = (destination: string) =>
  [...stripe.connect.transfers.values()].filter((transfer) => transfer.destination === destination);
const transferRequests = (idempotencyKey: string) =>
  stripe.requests.filter(
    (request) => request.path === '/v1/transfers' && request.headers['idempotency-key'] === idempotencyKey,
  );

let acmeStripeAccount = '';

describe('Stripe Connect Express through the stripe SDK against a wire-level Stripe', () => {
  it('creates an Express account and an onboarding link, and is not ok until Stripe says payouts are enabled', async () => {
    const overview = await as.acme.call(p.payoutsOverview);
    expect(overview.body.channels.stripe).toEqual({ sandbox: false });
    const before = await as.acme.call(p.checkConnectedAccount);
    expect(before.body).toMatchObject({ ok: false, connected: false, sandbox: false });

    const link = await as.acme.call(p.connectStripeAccount, { body: urls });
    expect(link.status, link.text).toBe(200);
    expect(link.body).toMatchObject({ success: true, sandbox: false });
    const created = stripe.requests.find((request) => request.path === '/v1/accounts');
    expect(created?.form).toMatchObject({
      type: 'express',
      'capabilities[transfers][requested]': 'true',
      'metadata[accountId]': String(kit.ids.acme),
    });
    expect(created?.headers['idempotency-key']).toBe(`connect-account:${kit.ids.acme}:stripe`);
    const [account] = [...stripe.connect.accounts.values()];
    if (!account) throw new Error('no connected account at Stripe');
    acmeStripeAccount = account.id;
    expect(link.body.url).toMatch(new RegExp(`^https://connect\\.stripe\\.com/setup/e/${account.id}/`));
    expect(stripe.requests.find((request) => request.path === '/v1/account_links')?.form).toMatchObject({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: urls.failureUrl,
      return_url: urls.successUrl,
    });

    const unfinished = await as.acme.call(p.checkConnectedAccount);
    expect(unfinished.body).toMatchObject({
      ok: false,
      connected: true,
      detailsSubmitted: false,
      payoutsEnabled: false,
    });
    expect(unfinished.body.currentlyDue).toContain('external_account');
    const refused = await as.acme.call(p.transferFunds, { body: { amountUsd: 1 } });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('cannot receive payouts yet (Stripe still needs: ');
    expect(refused.text).toContain('external_account');

    // Details submitted, but Stripe still needs a document: still not able to receive.
    stripe.connect.onboard(account.id, 'incomplete');
    const pendingDocument = await as.acme.call(p.checkConnectedAccount);
    expect(pendingDocument.body).toMatchObject({
      ok: false,
      detailsSubmitted: true,
      payoutsEnabled: false,
      currentlyDue: ['individual.verification.document'],
    });

    const again = await as.acme.call(p.connectStripeAccount, { body: urls });
    expect(again.status).toBe(200);
    expect(stripe.connect.accounts.size).toBe(1);
    stripe.connect.onboard(account.id, 'complete');
    const ready = await as.acme.call(p.checkConnectedAccount);
    expect(ready.body).toMatchObject({
      ok: true,
      connected: true,
      detailsSubmitted: true,
      payoutsEnabled: true,
      currentlyDue: [],
    });
    expect(transfersTo(account.id)).toHaveLength(0);
  });

  it('transfers to the connected account with the payout as idempotency key, and a retried request pays once', async () => {
    const before = await available(as.acme);
    const headers = { 'idempotency-key': 'connect-transfer-1' };
    const sent = await as.acme.call(p.transferFunds, { body: { amountUsd: 7 }, headers });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.payout).toMatchObject({
      channel: 'stripe',
      status: 'paid',
      amountUsd: '7.00',
      destination: acmeStripeAccount,
      sandbox: false,
    });
    expect(await ledgerStatus(sent.body.payout.id)).toBe('posted');
    expect(transfersTo(acmeStripeAccount).map((transfer) => [transfer.amount, transfer.currency])).toEqual([
      [700, 'usd'],
    ]);
    expect(transferRequests(`payout:${sent.body.payout.id}`)).toHaveLength(1);

    const retried = await as.acme.call(p.transferFunds, { body: { amountUsd: 7 }, headers });
    expect(retried.status).toBe(200);
    expect(retried.body.payout.id).toBe(sent.body.payout.id);
    expect(transfersTo(acmeStripeAccount)).toHaveLength(1);
    expect(await available(as.acme)).toBe(before - 700);
  });

  it('voids the hold when Stripe refuses the transfer, and the wallet keeps the money', async () => {
    const before = await available(as.acme);
    stripe.connect.setPlatformBalance(100);
    const refused = await as.acme.call(p.transferFunds, { body: { amountUsd: 5 } });
    stripe.connect.setPlatformBalance(10_000_000);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Stripe refused the transfer: You have insufficient available funds');
    const overview = (await as.acme.call(p.payoutsOverview)).body;
    expect(cents(overview.availableUsd)).toBe(before);
    const failed = overview.payouts[0];
    expect(failed).toMatchObject({ channel: 'stripe', status: 'failed', amountUsd: '5.00' });
    expect(failed?.failureReason).toContain('insufficient available funds');
    expect(await ledgerStatus(failed?.id ?? '')).toBe('voided');
    expect(transfersTo(acmeStripeAccount)).toHaveLength(1);
  });

  it('pays once when an answer is lost and the SDK sends the same Idempotency-Key again', async () => {
    const before = await available(as.acme);
    stripe.dropResponses('/v1/transfers', 1);
    const sent = await as.acme.call(p.transferFunds, { body: { amountUsd: 3 } });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.payout.status).toBe('paid');
    expect(transferRequests(`payout:${sent.body.payout.id}`)).toHaveLength(2);
    expect(transfersTo(acmeStripeAccount).filter((transfer) => transfer.amount === 300)).toHaveLength(1);
    expect(await available(as.acme)).toBe(before - 300);
  });

  it('keeps the transfer pending when Stripe never answers, then posts it once Stripe replays it', async () => {
    const before = await available(as.acme);
    stripe.dropResponses('/v1/transfers', 3);
    const sent = await as.acme.call(p.transferFunds, { body: { amountUsd: 4 } });
    expect(sent.status).toBe(503);
    expect(sent.text).toContain('stays pending');
    const key = String(stripe.requests.at(-1)?.headers['idempotency-key']);
    expect(key).toMatch(/^payout:/);
    expect(await ledgerStatus(key.slice('payout:'.length))).toBe('pending');
    const pending = (await as.acme.call(p.payoutsOverview)).body;
    const payout = pending.payouts[0];
    if (!payout) throw new Error('no payout');
    // The overview asked Stripe again (same key): Stripe had made the transfer, so it is posted, not paid twice.
    expect(payout).toMatchObject({ channel: 'stripe', amountUsd: '4.00', status: 'paid' });
    expect(transferRequests(`payout:${payout.id}`)).toHaveLength(4);
    expect(transfersTo(acmeStripeAccount).filter((transfer) => transfer.amount === 400)).toHaveLength(1);
    expect(await ledgerStatus(payout.id)).toBe('posted');
    expect(cents(pending.availableUsd)).toBe(before - 400);
    expect(await auditLedger(kit.db)).toMatchObject({ total: 0n, mismatches: 0, negativeWallets: 0 });
  });
});

describe("a sibling tenant and acme's connected account", () => {
  it.each([
    ['connectAccount', p.connectStripeAccount, urls],
    ['checkConnectedAccount', p.checkConnectedAccount, undefined],
    ['transferFunds', p.transferFunds, { amountUsd: 1 }],
  ] as const)('%s for acme is refused to globex', async (_name, endpoint, body) => {
    const before = stripe.requests.length;
    const response = await as.globex.call(endpoint as never, {
      targetAccountId: kit.ids.acme,
      ...(body ? { body: body as never } : {}),
    });
    expect(response.status, response.text).toBe(403);
    expect(response.text).toContain(`You cannot act for account ${kit.ids.acme}`);
    expect(stripe.requests.length).toBe(before);
  });

  it("gets its own connected account, never acme's, and cannot transfer to acme's", async () => {
    const own = await as.globex.call(p.checkConnectedAccount);
    expect(own.body).toMatchObject({ ok: false, connected: false });
    const refused = await as.globex.call(p.transferFunds, { body: { amountUsd: 1 } });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Connect a Stripe account');
    const link = await as.globex.call(p.connectStripeAccount, { body: urls });
    expect(link.status).toBe(200);
    expect(link.body.url).not.toContain(acmeStripeAccount);
    const globexAccount = [...stripe.connect.accounts.values()].find(
      (account) => account.metadata.accountId === String(kit.ids.globex),
    );
    expect(globexAccount?.id).toMatch(/^acct_/);
    expect(globexAccount?.id).not.toBe(acmeStripeAccount);
    const unready = await as.globex.call(p.transferFunds, { body: { amountUsd: 1 } });
    expect(unready.status).toBe(400);
    expect(unready.text).toContain('cannot receive payouts yet');
    expect(transfersTo(globexAccount?.id ?? '')).toHaveLength(0);
  });
});
