import type { ForwardingView } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../lib/api-client';
import {
  checkForwarding,
  connectOwnNumber,
  forwardingCodes,
  readCode,
  readOwnNumber,
  sendOwnNumberCode,
} from './own-number-actions';

interface Sent {
  url: URL;
  method: string;
  body: unknown;
}

/** The real API client over a fetch that records each request and answers in turn from `answers`. */
function fakeApi(answers: { status: number; body: unknown }[]) {
  const sent: Sent[] = [];
  const callApi = createApiClient({
    baseUrl: 'http://app.test',
    storage: () => null,
    fetch: (url, init) => {
      sent.push({
        url: new URL(url as string),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      const answer = answers[Math.min(sent.length - 1, answers.length - 1)]!;
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    },
  });
  return { callApi, sent };
}

const forwarding = (status: ForwardingView['status'], failure: string | null = null): ForwardingView => ({
  status,
  cellNumber: '+13125550170',
  agentNumber: '+14155550101',
  failure,
  startedAt: '2026-11-25T01:00:00.000Z',
  verifiedAt: status === 'verified' ? '2026-11-25T01:00:05.000Z' : null,
  verifiedCell: status === 'verified' ? '+13125550170' : null,
});

describe('bringing your own number', () => {
  it('reads a number as people type it, and says why one is refused', () => {
    expect(readOwnNumber('(415) 555-0199')).toEqual({ number: '+14155550199' });
    expect(readOwnNumber('+1 415 555 0199')).toEqual({ number: '+14155550199' });
    expect(readOwnNumber('  ')).toEqual({ error: 'Enter the number you want to bring' });
    expect(readOwnNumber('call me')).toMatchObject({
      error: expect.stringContaining('Enter a phone number') as unknown,
    });
    expect(readOwnNumber('+44 20 7123 4567')).toMatchObject({
      error: expect.stringContaining('US and Canadian') as unknown,
    });
    expect(readCode(' 123 456 ')).toEqual({ code: '123456' });
    expect(readCode('12345')).toEqual({ error: 'Enter the 6-digit code from the text' });
  });

  it('asks for a code for the target agent, then connects with the code', async () => {
    const { callApi, sent } = fakeApi([
      {
        status: 200,
        body: { success: true, message: 'A code was texted', codeSent: true, number: null, released: null },
      },
    ]);
    expect(await sendOwnNumberCode(callApi, '+14155550199', 42)).toEqual({
      ok: true,
      message: 'A code was texted',
    });
    expect(sent[0]?.url.pathname).toBe('/api/v2/phoneNumber/byo/assign');
    expect(sent[0]?.url.searchParams.get('targetAccountId')).toBe('42');
    expect(sent[0]?.body).toEqual({ number: '+14155550199' });

    const held = {
      number: '+14155550199',
      country: 'US',
      kind: 'byo',
      carrier: 'sandbox',
      locality: null,
      region: null,
      assignedAt: '2026-11-25T01:00:00.000Z',
    };
    const connected = fakeApi([
      {
        status: 200,
        body: { success: true, message: 'done', codeSent: false, number: held, released: '+15550100001' },
      },
    ]);
    expect(await connectOwnNumber(connected.callApi, '+14155550199', '123456', null)).toEqual({
      ok: true,
      number: held,
      released: '+15550100001',
    });
    expect(connected.sent[0]?.body).toEqual({ number: '+14155550199', code: '123456' });
  });

  it("shows the server's reason when the code is wrong or the number is taken", async () => {
    const wrong = fakeApi([
      {
        status: 400,
        body: {
          success: false,
          code: 'BAD_REQUEST',
          message: 'That is not the code sent to +14155550199 (4 tries left)',
        },
      },
    ]);
    expect(await connectOwnNumber(wrong.callApi, '+14155550199', '000000', null)).toEqual({
      ok: false,
      message: 'That is not the code sent to +14155550199 (4 tries left)',
    });
    const taken = fakeApi([
      {
        status: 409,
        body: { success: false, code: 'CONFLICT', message: '+14155550199 is held by another account' },
      },
    ]);
    expect(await sendOwnNumberCode(taken.callApi, '+14155550199', null)).toEqual({
      ok: false,
      message: '+14155550199 is held by another account',
    });
  });
});

describe('forwarding calls', () => {
  it('gives each carrier its codes with the agent number, and says which cancels which', () => {
    const codes = forwardingCodes('+14155550101');
    const byCarrier = Object.fromEntries(codes.map((entry) => [entry.carrier, entry]));
    expect(byCarrier.Verizon?.all).toEqual({ on: '*724155550101', off: '*73' });
    expect(byCarrier['AT&T']?.all).toEqual({ on: '*724155550101', off: '*73' });
    expect(byCarrier['AT&T']?.conditional).toEqual({
      noAnswer: '**61*4155550101#',
      busy: '**67*4155550101#',
      unreachable: '**62*4155550101#',
      off: '##004#',
    });
    expect(byCarrier['T-Mobile']?.all).toEqual({ on: '**21*4155550101#', off: '##21#' });
  });

  it('starts the check with the cell, then listens while the test call is on its way', async () => {
    const { callApi, sent } = fakeApi([
      { status: 200, body: { success: true, verified: false, forwarding: forwarding('calling') } },
      { status: 200, body: { success: true, verified: true, forwarding: forwarding('verified') } },
    ]);
    const seen: string[] = [];
    const outcome = await checkForwarding(callApi, '+13125550170', 7, (state) => seen.push(state.status));
    expect(outcome).toEqual({ ok: true, forwarding: forwarding('verified') });
    expect(seen).toEqual(['calling']);
    expect(sent.map((request) => request.url.pathname)).toEqual([
      '/api/v1/verifyCellForwarding',
      '/api/v1/validateVerifiedNumber',
    ]);
    expect(sent[0]?.body).toEqual({ cellNumber: '+13125550170' });
    expect(sent[1]?.body).toEqual({ listen: true });
    expect(sent[1]?.url.searchParams.get('targetAccountId')).toBe('7');
  });

  it("answers a failed check with its reason, and a refused one with the server's message", async () => {
    const failed = fakeApi([
      {
        status: 200,
        body: { success: true, verified: false, forwarding: forwarding('failed', 'forwarding is not on') },
      },
    ]);
    const outcome = await checkForwarding(failed.callApi, '+13125550170', null);
    expect(outcome).toMatchObject({
      ok: true,
      forwarding: { status: 'failed', failure: 'forwarding is not on' },
    });
    const refused = fakeApi([
      {
        status: 409,
        body: {
          success: false,
          code: 'CONFLICT',
          message: 'This agent has no phone number yet: add one first',
        },
      },
    ]);
    expect(await checkForwarding(refused.callApi, '+13125550170', null)).toEqual({
      ok: false,
      message: 'This agent has no phone number yet: add one first',
    });
  });
});
