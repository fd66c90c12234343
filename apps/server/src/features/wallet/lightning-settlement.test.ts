import { startApp, startFakeLndServer, type DemoApp, type FakeLndServer } from '@switchboard/testing';
import { eq, walletInvoices } from '@switchboard/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LndLightning } from '../../providers/lightning/lnd';
import { SandboxLightning } from '../../providers/lightning/sandbox';
import type { LightningProvider } from '../../providers/lightning/types';
import { createLedger, usdToUnits, type Ledger } from '../ledger';
import { settleLightningInvoices } from './lightning-settlement';
import { replacePendingInvoice } from './wallet.repo';

describe('Lightning invoices settled in the background', () => {
  let t: DemoApp;
  let lnd: FakeLndServer;
  let ledger: Ledger;
  beforeAll(async () => {
    [t, lnd] = await Promise.all([startApp(), startFakeLndServer()]);
    ledger = createLedger(t.db);
  });
  afterAll(async () => {
    await Promise.all([t.close(), lnd.close()]);
  });

  const balance = (accountId: number) => ledger.balance({ kind: 'wallet', accountId });

  async function issue(node: LightningProvider, accountId: number, amountSats: number, usd: string) {
    const made = await node.createInvoice({
      amountSats,
      memo: 'Switchboard wallet top-up',
      expirySeconds: 900,
    });
    return replacePendingInvoice(t.db, {
      accountId,
      provider: node.name,
      paymentRequest: made.paymentRequest,
      paymentHash: made.paymentHash,
      amountSats,
      amountUnits: usdToUnits(usd),
      satToUsd: '0.0005',
      expiresAt: made.expiresAt,
    });
  }
  const statusOf = async (id: number) =>
    (await t.db.select().from(walletInvoices).where(eq(walletInvoices.id, id)))[0]?.status;

  it('credits an invoice LND reports settled exactly once, and leaves an open one pending', async () => {
    const node = new LndLightning({ restUrl: lnd.url, macaroon: lnd.macaroon });
    const deps = { db: t.db, ledger, lightning: node, logger: t.services.logger };
    const paid = await issue(node, t.ids.acme, 20_000, '10');
    const open = await issue(node, t.ids.globex, 4_000, '2');
    const before = await balance(t.ids.acme);
    lnd.settle(paid.paymentHash);

    const [first, second] = await Promise.all([settleLightningInvoices(deps), settleLightningInvoices(deps)]);
    expect(first.credited + second.credited).toBeGreaterThanOrEqual(1);
    expect(await settleLightningInvoices(deps)).toMatchObject({ credited: 0, expired: 0 });
    expect((await balance(t.ids.acme)) - before).toBe(usdToUnits('10'));
    expect(await statusOf(paid.id)).toBe('paid');
    expect(await statusOf(open.id)).toBe('pending');
    const [line] = await ledger.history(t.ids.acme, { limit: 1, kinds: ['top_up'] });
    expect(line).toMatchObject({ reason: 'Top-up by Lightning (20,000 sats)', metadata: { proof: 'node' } });

    // Past its expiry and still unpaid at the node: given up, never credited.
    const later = new Date(open.expiresAt.getTime() + 5 * 60_000);
    const expiredRun = await settleLightningInvoices(deps, later);
    expect(expiredRun.expired).toBe(1);
    expect(await statusOf(open.id)).toBe('expired');
    expect(await settleLightningInvoices(deps, later)).toMatchObject({ checked: 0 });
  });

  it('keeps an invoice pending while the node cannot be reached', async () => {
    const down = new LndLightning({ restUrl: 'http://127.0.0.1:9', macaroon: 'ab', timeoutMs: 2000 });
    const deps = { db: t.db, ledger, lightning: down, logger: t.services.logger };
    const stuck = await issue(
      new LndLightning({ restUrl: lnd.url, macaroon: lnd.macaroon }),
      t.ids.agent1,
      100,
      '0.05',
    );
    const result = await settleLightningInvoices(deps);
    expect(result.failed).toBeGreaterThanOrEqual(1);
    expect(result.credited).toBe(0);
    expect(await statusOf(stuck.id)).toBe('pending');
  });

  it('credits an invoice paid from the sandbox node', async () => {
    const node = new SandboxLightning();
    const deps = { db: t.db, ledger, lightning: node, logger: t.services.logger };
    const invoice = await issue(node, t.ids.globex, 6_000, '3');
    const before = await balance(t.ids.globex);
    expect(await settleLightningInvoices(deps)).toMatchObject({ checked: 1, credited: 0 });
    node.pay(invoice.paymentRequest);
    expect(await settleLightningInvoices(deps)).toMatchObject({ checked: 1, credited: 1 });
    expect((await balance(t.ids.globex)) - before).toBe(usdToUnits('3'));
    expect(await statusOf(invoice.id)).toBe('paid');
  });
});
