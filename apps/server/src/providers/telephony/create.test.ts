import { describe, expect, it } from 'vitest';
import { createTelephony } from './create';
import type { SandboxNumberLedger } from './sandbox';
import { noCarrierMessage } from './unconfigured';

const ledger: SandboxNumberLedger = {
  sold: () => Promise.resolve(new Set<string>()),
  sell: () => Promise.resolve(true),
  takeBack: () => Promise.resolve(),
};
const record = () => Promise.resolve();

describe('choosing the carrier', () => {
  it('is the sandbox phone network where the sandbox is open', async () => {
    const telephony = createTelephony({ provider: 'sandbox' }, { ledger, record, sandboxOpen: true });
    expect(telephony).toMatchObject({ name: 'sandbox', sandbox: true });
    const numbers = await telephony.searchNumbers({ country: 'US', areaCode: '512', limit: 2 });
    expect(numbers).toHaveLength(2);
  });

  it('is no carrier at all in production without one: every request says what to configure', async () => {
    const telephony = createTelephony({ provider: 'sandbox' }, { ledger, record, sandboxOpen: false });
    expect(telephony).toMatchObject({ name: 'none', sandbox: false });
    await expect(telephony.searchNumbers({ country: 'US', areaCode: '512', limit: 2 })).rejects.toMatchObject(
      {
        message: noCarrierMessage,
        status: 503,
      },
    );
    await expect(
      telephony.sendText({ to: '+15557770001', from: '+15550100001', text: 'hi' }),
    ).rejects.toThrow(noCarrierMessage);
  });
});
