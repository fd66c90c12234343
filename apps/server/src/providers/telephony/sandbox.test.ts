import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../shared/outbox-recorder';
import { areaCodes } from './sandbox-area-codes';
import { SandboxTelephony, type SandboxNumberLedger } from './sandbox';
import { TelephonyError } from './types';

/** The sandbox carrier's books in memory (the server keeps them in the database). */
function memoryLedger(): SandboxNumberLedger & { books: Map<string, string> } {
  const books = new Map<string, string>();
  return {
    books,
    sold: (numbers) => Promise.resolve(new Set(numbers.filter((number) => books.has(number)))),
    sell: (number, carrierId) => {
      if (books.has(number)) return Promise.resolve(false);
      books.set(number, carrierId);
      return Promise.resolve(true);
    },
    takeBack: (number) => {
      books.delete(number);
      return Promise.resolve();
    },
  };
}

const webhooks = {
  voiceUrl: 'http://localhost/api/twilio/voice',
  smsUrl: 'http://localhost/api/twilio/sms',
  statusUrl: 'http://localhost/api/twilio/status',
};

function sandbox() {
  const ledger = memoryLedger();
  const outbox: OutboxItem[] = [];
  const telephony = new SandboxTelephony(ledger, (item) => {
    outbox.push(item);
    return Promise.resolve();
  });
  return { ledger, outbox, telephony };
}

describe('the sandbox phone network', () => {
  it('covers a few hundred real area codes, each once, with a city and a state or province', () => {
    expect(areaCodes.length).toBeGreaterThan(250);
    expect(new Set(areaCodes.map((code) => code.areaCode)).size).toBe(areaCodes.length);
    for (const code of areaCodes) {
      expect(code.areaCode).toMatch(/^[2-9]\d\d$/);
      expect(code.region).toMatch(/^[A-Z]{2}$/);
      expect(code.city.length).toBeGreaterThan(1);
    }
  });

  it('sells a number once, and offers it again when it comes back', async () => {
    const { ledger, telephony } = sandbox();
    const owned = await telephony.buyNumber('+12125550142', webhooks);
    expect(owned.phoneNumber).toBe('+12125550142');
    expect(owned.carrierId).toMatch(/^SBPN[0-9a-f]{32}$/);
    expect(ledger.books.get('+12125550142')).toBe(owned.carrierId);
    await expect(telephony.buyNumber('+12125550142', webhooks)).rejects.toMatchObject({ status: 409 });
    const offered = async () =>
      (await telephony.searchNumbers({ country: 'US', contains: '2125550142', limit: 5 })).map(
        (number) => number.phoneNumber,
      );
    expect(await offered()).toEqual([]);
    await telephony.releaseNumber(owned);
    expect(await offered()).toEqual(['+12125550142']);
  });

  it('sells only numbers of its pool', async () => {
    const { telephony } = sandbox();
    for (const number of ['+12125550200', '+12125551234', '+15550100001', '+19995550142']) {
      const refusal = await telephony.buyNumber(number, webhooks).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(TelephonyError);
      expect(refusal).toMatchObject({ status: 404 });
    }
  });

  it('delivers a text to the sandbox outbox', async () => {
    const { outbox, telephony } = sandbox();
    const sent = await telephony.sendText({ to: '+15557770001', from: '+12125550142', text: 'Hello' });
    expect(sent.messageId).toMatch(/^SBSM[0-9a-f]{32}$/);
    expect(outbox).toEqual([{ channel: 'sms', to: '+15557770001', from: '+12125550142', text: 'Hello' }]);
  });

  it('records call requests and answers each placed call with a sandbox call id', async () => {
    const { telephony } = sandbox();
    const call = {
      to: '+15557770001',
      from: '+12125550142',
      answerUrl: webhooks.voiceUrl,
      statusUrl: webhooks.statusUrl,
    };
    const placed = await telephony.placeCall(call);
    expect(placed).toMatchObject({ status: 'queued' });
    expect(placed.callId).toMatch(/^SBCA[0-9a-f]{32}$/);
    await telephony.transferCall(placed.callId, '+15557770002', '+15557770001');
    await telephony.hangUp(placed.callId);
    expect(telephony.callRequests).toEqual([
      { kind: 'place', callId: placed.callId, call },
      { kind: 'transfer', callId: placed.callId, to: '+15557770002', callerId: '+15557770001' },
      { kind: 'hangUp', callId: placed.callId },
    ]);
  });
});
