import { payoutsEndpoints as p } from '@switchboard/contract';
import { eq, payouts, sql } from '@switchboard/db';
import {
  startApp,
  startFakePayPalServer,
  type DemoApp,
  type FakePayPalServer,
  type SignedInClient,
} from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWork } from '../../jobs/registry';
import { auditLedger, createLedger, usdToUnits, type Ledger } from '../ledger';
import { payoutJobDeps, payoutJobs, payoutRecheckAfterMs, payoutReconciliation } from './jobs';
import { reconcileStalePayouts } from './payout-channels';

let kit: DemoApp;
let paypal: FakePayPalServer;
let acme: SignedInClient;
let ledger: Ledger;

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
  ledger = createLedger(kit.db);
  await ledger.transfer({
    idempotencyKey: 'test-fund:reconcile',
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

// Read from the ledger and the table: the payouts page would itself ask PayPal again.
const available = () => ledger.available({ kind: 'wallet', accountId: kit.ids.acme });
const payoutRow = async (id: string) => (await kit.db.select().from(payouts).where(eq(payouts.id, id)))[0];
const batchFor = (receiver: string) =>
  [...paypal.batches.values()].find((batch) => batch.item.receiver === receiver);

/** A PayPal payout whose answer was lost: PayPal made the batch, the server kept it pending. */
async function lostAnswer(receiver: string, amountUsd: number) {
  paypal.dropNextCreate();
  const sent = await acme.call(p.payoutPaypal, { body: { address: receiver, amountUsd } });
  expect(sent.status, sent.text).toBe(503);
  const row = (await kit.db.select().from(payouts).where(eq(payouts.destination, receiver)))[0];
  if (!row) throw new Error(`no payout to ${receiver}`);
  expect(row.status).toBe('pending');
  return row;
}

describe('payouts left pending are settled in the background', () => {
  it('posts what PayPal paid and voids what it refused, once, leaving young payouts alone', async () => {
    const opening = await available();
    const paid = await lostAnswer('frank@example.com', 20);
    const refused = await lostAnswer('gina@example.com', 7);
    expect(opening - (await available())).toBe(usdToUnits('27'));
    paypal.setItemStatus(batchFor('frank@example.com')!.payoutBatchId, 'SUCCESS');
    paypal.setItemStatus(batchFor('gina@example.com')!.payoutBatchId, 'FAILED', {
      name: 'RECEIVER_UNREGISTERED',
      message: 'Receiver is unregistered',
    });
    const deps = payoutJobDeps(kit.services);

    // Just started: the request sending them may still be waiting for PayPal.
    const young = await reconcileStalePayouts(deps, { minAgeMs: payoutRecheckAfterMs });
    expect(young.checked).toBe(0);
    expect((await payoutRow(paid.id))?.status).toBe('pending');

    const later = new Date(Date.now() + payoutRecheckAfterMs + 1000);
    const run = await reconcileStalePayouts(deps, { now: later, minAgeMs: payoutRecheckAfterMs });
    expect(run).toMatchObject({ checked: 2, paid: 1, failed: 1, pending: 0, errors: 0 });
    expect(await payoutRow(paid.id)).toMatchObject({ status: 'paid' });
    expect(await payoutRow(refused.id)).toMatchObject({ status: 'failed' });
    expect((await payoutRow(refused.id))?.failureReason).toContain('PayPal did not pay');
    // The refused 7 USD is back in the wallet; the paid 20 USD left it.
    expect(opening - (await available())).toBe(usdToUnits('20'));
    // Asked again with the payout's own batch id: PayPal holds one batch per payout.
    expect([...paypal.batches.values()].filter((b) => b.item.receiver === 'frank@example.com')).toHaveLength(
      1,
    );

    const again = await reconcileStalePayouts(deps, { now: later, minAgeMs: payoutRecheckAfterMs });
    expect(again.checked).toBe(0);
    expect(opening - (await available())).toBe(usdToUnits('20'));
    expect(await auditLedger(kit.db)).toMatchObject({ mismatches: 0, negativeWallets: 0 });
  });

  it('keeps a payout pending while PayPal cannot be reached, and settles it on a later run', async () => {
    const stuck = await lostAnswer('hana@example.com', 5);
    const before = await available();
    const later = new Date(Date.now() + payoutRecheckAfterMs + 1000);
    const deps = payoutJobDeps(kit.services);
    paypal.failReads(true);
    try {
      const run = await reconcileStalePayouts(deps, { now: later, minAgeMs: payoutRecheckAfterMs });
      expect(run).toMatchObject({ checked: 1, unreachable: 1 });
    } finally {
      paypal.failReads(false);
    }
    expect(await payoutRow(stuck.id)).toMatchObject({ status: 'pending' });
    expect((await payoutRow(stuck.id))?.details).toHaveProperty('lastError');
    expect(await available()).toBe(before);
    paypal.setItemStatus(batchFor('hana@example.com')!.payoutBatchId, 'SUCCESS');
    expect(await reconcileStalePayouts(deps, { now: later, minAgeMs: payoutRecheckAfterMs })).toMatchObject({
      checked: 1,
      paid: 1,
    });
    expect(await available()).toBe(before);
  });

  it('runs as a durable job that settles a payout stuck since before a restart', async () => {
    const stuck = await lostAnswer('ivan@example.com', 3);
    const before = await available();
    paypal.setItemStatus(batchFor('ivan@example.com')!.payoutBatchId, 'FAILED', {
      name: 'RECEIVER_UNREGISTERED',
      message: 'Receiver is unregistered',
    });
    // Started ten minutes ago, as one the server was sending when it stopped.
    await kit.db.execute(
      sql`UPDATE payouts SET created_at = now() - interval '10 minutes' WHERE id = ${stuck.id}`,
    );
    await startJobWork(kit.services, [payoutJobs], { recoverInterrupted: false });
    const { id } = await kit.services.jobs.send(payoutReconciliation, {});
    await expect
      .poll(async () => (await kit.services.jobs.getJob(payoutReconciliation, id))?.state, {
        timeout: 30_000,
      })
      .toBe('completed');
    expect(await payoutRow(stuck.id)).toMatchObject({ status: 'failed' });
    expect((await available()) - before).toBe(usdToUnits('3'));
  });
});
