import { describe, expect, it } from 'vitest';
import { SandboxPayments } from './sandbox';

type Line = { amount: number; parent?: { invoice_item_details: { invoice_item: string } } };
type Invoice = { amount_due: number; lines: { data: Line[] } };
const invoiceOf = (payload: string | undefined) =>
  (JSON.parse(payload ?? '{}') as { data: { object: Invoice } }).data.object;

describe('invoice items at the sandbox card processor', () => {
  it('adds an item once per key and bills it on the next paid renewal only', async () => {
    const sandbox = new SandboxPayments('http://127.0.0.1:1');
    const session = await sandbox.createSubscriptionCheckout({
      idempotencyKey: 'subscribe:1',
      accountId: 7,
      productPlanId: 'pplan-basic-monthly',
      description: 'Basic plan, monthly',
      term: 'month',
      amountCents: 4900,
      customerId: null,
      email: null,
      successUrl: 'http://127.0.0.1:1/s',
      cancelUrl: 'http://127.0.0.1:1/c',
    });
    sandbox.payCheckout(session.id, { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' });
    const paid = (await sandbox.getCheckout(session.id))!;
    const item = {
      idempotencyKey: 'overage:7:period:2026-11-05',
      customerId: paid.customerId ?? '',
      subscriptionId: paid.subscriptionId ?? '',
      amountCents: 1350,
      currency: 'usd' as const,
      description: 'Usage beyond the plan',
      metadata: { accountId: '7', periodKey: 'period:2026-11-05' },
    };
    const first = await sandbox.addInvoiceItem(item);
    expect(await sandbox.addInvoiceItem(item)).toEqual(first);
    await expect(
      sandbox.addInvoiceItem({ ...item, idempotencyKey: 'other', customerId: 'cus_x' }),
    ).rejects.toThrow(/no subscription/);

    const delivered = sandbox.renew(item.subscriptionId, 'paid')[0];
    const renewed = invoiceOf(delivered?.payload);
    expect(renewed.amount_due).toBe(4900 + 1350);
    expect(renewed.lines.data.map((line) => line.parent?.invoice_item_details.invoice_item ?? null)).toEqual([
      null,
      first.id,
    ]);
    // The paid invoice's event names the item with its metadata: what settles the card receivable.
    const event = sandbox.verifyWebhook(Buffer.from(delivered?.payload ?? ''), delivered?.signature);
    expect(event.invoice?.items).toEqual([
      { invoiceItemId: first.id, amountCents: 1350, metadata: item.metadata },
    ]);
    expect(invoiceOf(sandbox.renew(item.subscriptionId, 'paid')[0]?.payload).amount_due).toBe(4900);
  });
});
