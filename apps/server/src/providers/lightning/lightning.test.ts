import { createHash } from 'node:crypto';
import { startFakeLndServer, type FakeLndServer } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeInvoice } from './decode-invoice';
import { LndLightning } from './lnd';
import { SandboxLightning } from './sandbox';

let lnd: FakeLndServer;
beforeAll(async () => {
  lnd = await startFakeLndServer();
});
afterAll(() => lnd.close());

const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

describe('LND over REST', () => {
  it('adds an invoice, decodes it, and sees it settle with the preimage', async () => {
    const node = new LndLightning({ restUrl: lnd.url, macaroon: lnd.macaroon });
    const issued = await node.createInvoice({ amountSats: 2100, memo: 'Wallet top-up', expirySeconds: 900 });
    expect(lnd.requests.at(-1)?.headers['grpc-metadata-macaroon']).toBe(lnd.macaroon);
    const decoded = decodeInvoice(issued.paymentRequest);
    expect(decoded).toMatchObject({
      amountSats: 2100,
      paymentHash: issued.paymentHash,
      description: 'Wallet top-up',
    });
    expect(decoded.expiresAt.getTime() - decoded.createdAt.getTime()).toBe(900_000);
    expect(await node.lookupInvoice(issued.paymentHash)).toMatchObject({ state: 'OPEN', preimage: null });

    const preimage = lnd.settle(issued.paymentHash);
    const settled = await node.lookupInvoice(issued.paymentHash);
    expect(settled).toEqual({ state: 'SETTLED', preimage, amountPaidSats: 2100 });
    expect(sha256(preimage)).toBe(issued.paymentHash);
    expect(await node.lookupInvoice('00'.repeat(32))).toBeNull();
  });

  it('names the refusal when the macaroon is wrong', async () => {
    const node = new LndLightning({ restUrl: lnd.url, macaroon: 'abcd' });
    await expect(node.createInvoice({ amountSats: 1, memo: '', expirySeconds: 60 })).rejects.toThrow(
      /verification failed/,
    );
  });
});

describe('the sandbox Lightning node', () => {
  it('issues signed invoices that decode, and paying one reveals the preimage of its hash', async () => {
    const node = new SandboxLightning();
    const issued = await node.createInvoice({ amountSats: 5000, memo: 'Top-up', expirySeconds: 600 });
    const decoded = decodeInvoice(`lightning:${issued.paymentRequest.toUpperCase()}`);
    expect(decoded).toMatchObject({ amountSats: 5000, network: 'bitcoin', paymentHash: issued.paymentHash });
    expect(decoded.payeeNodeKey).toMatch(/^0[23][0-9a-f]{64}$/);
    const paid = node.pay(issued.paymentRequest);
    expect(sha256(paid.preimage)).toBe(issued.paymentHash);
    expect(await node.lookupInvoice(issued.paymentHash)).toMatchObject({
      state: 'SETTLED',
      preimage: paid.preimage,
    });
    const other = await new SandboxLightning().createInvoice({ amountSats: 1, memo: '', expirySeconds: 60 });
    expect(() => node.pay(other.paymentRequest)).toThrow(/did not issue/);
  });

  it('refuses what is not a BOLT11 invoice, naming the field', () => {
    expect(() => decodeInvoice('hello')).toThrow(/^invoice: must be a BOLT11/);
    expect(() => decodeInvoice('lnbc1qqqqqq')).toThrow(/^invoice: is not a valid BOLT11/);
  });
});
