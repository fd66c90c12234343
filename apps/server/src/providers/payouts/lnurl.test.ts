import { encodeLnurl, startFakeLnurlServer, type FakeLnurlServer } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBech32, payRequestUrl, requestLnurlInvoice } from './lnurl';

let service: FakeLnurlServer;
beforeAll(async () => {
  service = await startFakeLnurlServer();
});
afterAll(async () => {
  await service.close();
});

const loopback = { loopbackHttp: true };

describe('Lightning address resolution', () => {
  it('reads LUD-16 addresses over https, and loopback over http only when allowed', () => {
    expect(payRequestUrl('Alice@Wallet.Example', loopback).href).toBe(
      'https://wallet.example/.well-known/lnurlp/alice',
    );
    expect(payRequestUrl('alice@127.0.0.1:8080', { loopbackHttp: false }).protocol).toBe('https:');
    expect(payRequestUrl('alice@127.0.0.1:8080', loopback).href).toBe(
      'http://127.0.0.1:8080/.well-known/lnurlp/alice',
    );
  });

  it('decodes a LUD-06 lnurl and refuses what is not one', () => {
    const lnurl = encodeLnurl('https://service.example/lnurlp/abc?tag=pay');
    expect(decodeBech32(lnurl)?.bytes.toString('utf8')).toBe('https://service.example/lnurlp/abc?tag=pay');
    expect(payRequestUrl(lnurl.toUpperCase(), loopback).href).toBe(
      'https://service.example/lnurlp/abc?tag=pay',
    );
    expect(() => payRequestUrl(`${lnurl.slice(0, -1)}q`, loopback)).toThrow(
      'address: is not a Lightning address',
    );
    expect(() => payRequestUrl(encodeLnurl('http://service.example/x'), loopback)).toThrow('must use https');
    expect(() => payRequestUrl('no at sign', loopback)).toThrow('address:');
  });
});

describe('LNURL-pay against a local service', () => {
  it('gets an invoice for the amount that commits to the metadata, by address and by lnurl', async () => {
    const invoice = await requestLnurlInvoice(`alice@${service.host}`, 21_000, loopback);
    expect(invoice.amountMsat).toBe(21_000);
    expect(service.invoices.get(invoice.paymentHash)).toMatchObject({ user: 'alice', amountMsat: 21_000 });
    const byLnurl = await requestLnurlInvoice(
      encodeLnurl(`${service.url}/.well-known/lnurlp/bob`),
      5_000,
      loopback,
    );
    expect(service.invoices.get(byLnurl.paymentHash)?.user).toBe('bob');
  });

  it('refuses amounts outside min and max sendable, unknown users, errors, and invoices that do not match', async () => {
    await expect(requestLnurlInvoice(`alice@${service.host}`, 500, loopback)).rejects.toThrow(
      'takes 1 to 1,000,000 sats',
    );
    await expect(requestLnurlInvoice(`nobody@${service.host}`, 5_000, loopback)).rejects.toThrow(
      'refused: Unable to find user nobody',
    );
    service.misbehave('error');
    await expect(requestLnurlInvoice(`alice@${service.host}`, 5_000, loopback)).rejects.toThrow(
      'wallet is offline',
    );
    service.misbehave('wrong-amount');
    await expect(requestLnurlInvoice(`alice@${service.host}`, 5_000, loopback)).rejects.toThrow(
      'different amount',
    );
    service.misbehave('wrong-hash');
    await expect(requestLnurlInvoice(`alice@${service.host}`, 5_000, loopback)).rejects.toThrow(
      'description hash mismatch',
    );
    await expect(requestLnurlInvoice('alice@127.0.0.1:9', 5_000, loopback)).rejects.toThrow(
      'could not be reached',
    );
  });
});
