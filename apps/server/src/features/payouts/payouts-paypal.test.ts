import { payoutsEndpoints as p } from '@switchboard/contract';
import {
  startApp,
  startFakePayPalServer,
  type DemoApp,
  type FakePayPalServer,
  type SignedInClient,
} from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger, createLedger, usdToUnits } from '../ledger';

let kit: DemoApp;
let paypal: FakePayPalServer;
let acme: SignedInClient;
let webhookUrl: string;

beforeAll(async () => {
  paypal = await startFakePayPalServer();
  kit = await startApp({
    env: {
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_URL: paypal.url,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
    },
  });
  acme = await kit.signIn('acme');
  webhookUrl = `${await kit.app.listen({ port: 0, host: '127.0.0.1' })}/api/paypal/webhook`;
  await createLedger(kit.db).transfer({
    idempotencyKey: 'test-fund:paypal',
    from: { kind: 'platform', name: 'lightning_clearing' },
    to: { kind: 'wallet', accountId: kit.ids.acme },
    amount: usdToUnits('200'),
    kind: 'top_up',
    reason: 'Top-up by Lightning (test)',
  });
});
afterAll(async () => {
  await kit.close();
  await paypal.close();
});

const overview = async () => (await acme.call(p.payoutsOverview)).body;
const cents = (usd: string) => Math.round(Number(usd) * 100);
const batchOf = (senderBatchId: string) =>
  [...paypal.batches.values()].find((batch) => batch.senderBatchId === senderBatchId);

describe('PayPal Payouts against a wire-level PayPal', () => {
  it('holds the amount while PayPal is pending and posts it when the signed webhook says it was paid', async () => {
    const before = await overview();
    expect(before.channels.paypal.sandbox).toBe(false);
    const sent = await acme.call(p.payoutPaypal, { body: { address: 'dora@example.com', amountUsd: 20 } });
    expect(sent.status).toBe(200);
    expect(sent.body.payout).toMatchObject({ status: 'pending', sandbox: false, amountUsd: '20.00' });
    const created = paypal.requests.find((request) => request.path === '/v1/payments/payouts');
    expect(created?.headers['paypal-request-id']).toBe(sent.body.payout.id);
    expect(created?.body).toMatchObject({
      sender_batch_header: { sender_batch_id: sent.body.payout.id },
      items: [
        {
          recipient_type: 'EMAIL',
          receiver: 'dora@example.com',
          recipient_wallet: 'PAYPAL',
          amount: { value: '20.00', currency: 'USD' },
        },
      ],
    });
    const held = await overview();
    expect(cents(held.availableUsd)).toBe(cents(before.availableUsd) - 2000);

    const batch = batchOf(sent.body.payout.id);
    if (!batch) throw new Error('no batch');
    const forged = await paypal.deliverItemEvent(
      batch.payoutBatchId,
      'PAYMENT.PAYOUTS-ITEM.SUCCEEDED',
      webhookUrl,
      {
        forged: true,
      },
    );
    expect(forged.status).toBe(400);
    paypal.setItemStatus(batch.payoutBatchId, 'SUCCESS');
    const delivered = await paypal.deliverItemEvent(
      batch.payoutBatchId,
      'PAYMENT.PAYOUTS-ITEM.SUCCEEDED',
      webhookUrl,
    );
    expect(delivered.status).toBe(200);
    expect(JSON.parse(delivered.body)).toMatchObject({ matched: true, status: 'paid' });
    const after = await overview();
    expect(after.availableUsd).toBe(held.availableUsd);
    expect(after.payouts[0]).toMatchObject({ id: sent.body.payout.id, status: 'paid' });
  });

  it('voids the hold when PayPal reports the item failed, restoring the balance', async () => {
    const before = await overview();
    const sent = await acme.call(p.payoutVenmo, { body: { address: '@declined-user', amountUsd: 15 } });
    expect(sent.body.payout.status).toBe('pending');
    expect(paypal.requests.at(-1)?.body).toMatchObject({
      items: [{ recipient_type: 'USER_HANDLE', receiver: 'declined-user', recipient_wallet: 'VENMO' }],
    });
    const after = await overview();
    expect(after.availableUsd).toBe(before.availableUsd);
    expect(after.payouts[0]).toMatchObject({
      status: 'failed',
      failureReason: 'PayPal did not pay: Receiver is unregistered',
    });
  });

  it('keeps a payout pending when PayPal does not answer, and sends the same batch again later', async () => {
    const before = await overview();
    paypal.dropNextCreate();
    const sent = await acme.call(p.payoutPaypal, { body: { address: 'eve@example.com', amountUsd: 10 } });
    expect(sent.status).toBe(503);
    expect(sent.text).toContain('stays pending');
    const pending = await overview();
    expect(cents(pending.availableUsd)).toBe(cents(before.availableUsd) - 1000);
    expect(pending.payouts[0]).toMatchObject({ status: 'pending', destination: 'eve@example.com' });
    // PayPal created the batch before the connection dropped: asking again must not pay twice.
    const batches = [...paypal.batches.values()].filter((batch) => batch.item.receiver === 'eve@example.com');
    expect(batches).toHaveLength(1);
    paypal.setItemStatus(batches[0]?.payoutBatchId ?? '', 'SUCCESS');
    const settled = await overview();
    expect(settled.payouts[0]).toMatchObject({ status: 'paid', destination: 'eve@example.com' });
    expect(settled.availableUsd).toBe(pending.availableUsd);
    const sends = paypal.requests.filter(
      (request) =>
        request.path === '/v1/payments/payouts' &&
        request.headers['paypal-request-id'] === pending.payouts[0]?.id,
    );
    expect(sends.length).toBeGreaterThanOrEqual(2);
    expect(
      [...paypal.batches.values()].filter((batch) => batch.item.receiver === 'eve@example.com'),
    ).toHaveLength(1);
  });

  it('credits a paid payout back when PayPal later reverses it', async () => {
    const sent = await acme.call(p.payoutPaypal, { body: { address: 'fay@example.com', amountUsd: 5 } });
    const batch = batchOf(sent.body.payout.id);
    if (!batch) throw new Error('no batch');
    paypal.setItemStatus(batch.payoutBatchId, 'SUCCESS');
    expect((await overview()).payouts[0]).toMatchObject({ status: 'paid' });
    const paid = await overview();
    paypal.setItemStatus(batch.payoutBatchId, 'REVERSED');
    const delivered = await paypal.deliverItemEvent(
      batch.payoutBatchId,
      'PAYMENT.PAYOUTS-ITEM.REVERSED',
      webhookUrl,
    );
    expect(JSON.parse(delivered.body)).toMatchObject({ status: 'returned' });
    const again = await paypal.deliverItemEvent(
      batch.payoutBatchId,
      'PAYMENT.PAYOUTS-ITEM.REVERSED',
      webhookUrl,
    );
    expect(again.status).toBe(200);
    const after = await overview();
    expect(cents(after.availableUsd)).toBe(cents(paid.availableUsd) + 500);
    expect(after.payouts.find((payout) => payout.id === sent.body.payout.id)?.status).toBe('returned');
    expect(await auditLedger(kit.db)).toMatchObject({ total: 0n, mismatches: 0, negativeWallets: 0 });
  });
});
