import bolt11 from 'bolt11';
import { AppError } from '../../platform/app-error';

export interface DecodedInvoice {
  paymentRequest: string;
  network: 'bitcoin' | 'testnet' | 'signet' | 'regtest' | 'unknown';
  /** Null for an "any amount" invoice. */
  amountSats: number | null;
  paymentHash: string;
  description: string | null;
  payeeNodeKey: string | null;
  createdAt: Date;
  expiresAt: Date;
}

/** Decodes and verifies (the signature recovers the payee's key) a BOLT11 invoice, or says why it is not one. */
export function decodeInvoice(input: string): DecodedInvoice {
  const paymentRequest = input
    .trim()
    .replace(/^lightning:/i, '')
    .toLowerCase();
  if (!/^ln(bc|tb|tbs|bcrt)[0-9a-z]+$/.test(paymentRequest) || paymentRequest.length > 2000) {
    throw new AppError('VALIDATION_FAILED', 'invoice: must be a BOLT11 Lightning invoice (lnbc…)', {
      field: 'invoice',
    });
  }
  let decoded: ReturnType<typeof bolt11.decode>;
  try {
    decoded = bolt11.decode(paymentRequest);
  } catch (error) {
    throw new AppError(
      'VALIDATION_FAILED',
      `invoice: is not a valid BOLT11 invoice (${(error as Error).message})`,
      {
        field: 'invoice',
      },
    );
  }
  const hash = decoded.tagsObject.payment_hash;
  if (!hash) {
    throw new AppError('VALIDATION_FAILED', 'invoice: has no payment hash', { field: 'invoice' });
  }
  const timestamp = decoded.timestamp ?? 0;
  const prefix = decoded.prefix ?? '';
  return {
    paymentRequest,
    network: prefix.startsWith('lnbcrt')
      ? 'regtest'
      : prefix.startsWith('lntbs')
        ? 'signet'
        : prefix.startsWith('lntb')
          ? 'testnet'
          : prefix.startsWith('lnbc')
            ? 'bitcoin'
            : 'unknown',
    amountSats:
      decoded.millisatoshis === null || decoded.millisatoshis === undefined
        ? null
        : Math.floor(Number(decoded.millisatoshis) / 1000),
    paymentHash: hash,
    description: decoded.tagsObject.description ?? null,
    payeeNodeKey: decoded.payeeNodeKey ?? null,
    createdAt: new Date(timestamp * 1000),
    expiresAt: new Date((decoded.timeExpireDate ?? timestamp + 3600) * 1000),
  };
}
