import { createHash, randomBytes } from 'node:crypto';
import bolt11 from 'bolt11';

/** A signed BOLT11 invoice with its preimage, made with a node key (the sandbox node's and the fake LND's). */
export function signBolt11Invoice(input: {
  privateKeyHex: string;
  amountSats: number;
  memo: string;
  expirySeconds: number;
  preimage?: Buffer;
}): { paymentRequest: string; paymentHash: string; preimage: string; timestamp: number } {
  const preimage = input.preimage ?? randomBytes(32);
  const paymentHash = createHash('sha256').update(preimage).digest('hex');
  const timestamp = Math.floor(Date.now() / 1000);
  const unsigned = bolt11.encode({
    satoshis: input.amountSats,
    timestamp,
    tags: [
      { tagName: 'payment_hash', data: paymentHash },
      { tagName: 'payment_secret', data: randomBytes(32).toString('hex') },
      { tagName: 'description', data: input.memo },
      { tagName: 'expire_time', data: input.expirySeconds },
    ],
  });
  const signed = bolt11.sign(unsigned, input.privateKeyHex);
  if (!signed.paymentRequest) throw new Error('bolt11 did not produce a payment request');
  return {
    paymentRequest: signed.paymentRequest,
    paymentHash,
    preimage: preimage.toString('hex'),
    timestamp,
  };
}
