import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SipMessage, SipRequest } from '../../providers/telephony/sip/sip-stack';
import { PlacedSession } from './sip-outbound-session';

// A placed call's RFC 4028 session timer on a fake clock, with the call's line stubbed: who refreshes, when, by
// which request, and the BYE when the callee's refresh never comes. sip-outbound-timer.test.ts runs it on the wire.
interface Sent {
  request: SipMessage;
  answer: (response: SipMessage) => void;
}

let sent: Sent[];
let hungUp: string[];
let seq: number;
const logger = { warn: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;

function placed(minimum = 90): PlacedSession {
  return new PlacedSession(
    {
      callId: 'call-1@switchboard',
      logger,
      inDialog: (method) => ({
        method,
        uri: 'sip:callee@127.0.0.1',
        headers: { cseq: { method, seq: (seq += 1) } },
      }),
      send: (request, answer) => sent.push({ request, answer }),
      offer: () => 'v=0\r\nm=audio 40000 RTP/AVP 0 8 101\r\n',
      hangUp: (reason) => hungUp.push(reason),
    },
    minimum,
  );
}

const response = (status: number, headers: Record<string, string> = {}): SipMessage => ({
  status,
  reason: status < 300 ? 'OK' : 'Refused',
  headers,
});
const methods = () => sent.map((one) => one.request.method);

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  hungUp = [];
  seq = 10;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a placed call’s session timer', () => {
  it('offers Session-Expires, Min-SE and Supported: timer, and asks again at the Min-SE of a 422', () => {
    const session = placed(90);
    expect(session.offer).toEqual({ 'session-expires': '1800', 'min-se': '90', supported: 'timer' });
    expect(session.raise(response(422, { 'min-se': '3600' }))).toBe(true);
    expect(session.offer['session-expires']).toBe('3600');
    // A 422 without a longer Min-SE gives nothing to ask again with.
    expect(session.raise(response(422, { 'min-se': '600' }))).toBe(false);
    expect(session.raise(response(422))).toBe(false);
  });

  it('refreshes with an UPDATE halfway through a 90 s interval when the callee names us (refresher=uac)', () => {
    const session = placed();
    session.answered(response(200, { 'session-expires': '90;refresher=uac', require: 'timer' }));
    vi.advanceTimersByTime(44_999);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(methods()).toEqual(['UPDATE']);
    expect(sent[0]?.request.headers).toMatchObject({
      'session-expires': '90;refresher=uac',
      'min-se': '90',
      supported: 'timer',
    });
    expect(sent[0]?.request.content).toBeUndefined();
    // Granted: the interval starts over from the answer, and the next refresh comes 45 s later.
    sent[0]?.answer(response(200, { 'session-expires': '90;refresher=uac' }));
    vi.advanceTimersByTime(44_999);
    expect(methods()).toEqual(['UPDATE']);
    vi.advanceTimersByTime(1);
    expect(methods()).toEqual(['UPDATE', 'UPDATE']);
    for (let refresh = 2; refresh < 12; refresh += 1) {
      sent.at(-1)?.answer(response(200, { 'session-expires': '90;refresher=uac' }));
      vi.advanceTimersByTime(45_000);
    }
    expect(methods()).toHaveLength(12);
    expect(hungUp).toEqual([]);
    // A refresh the callee never answers leaves the session to expire: our BYE 60 s after the last granted one.
    vi.advanceTimersByTime(14_999);
    expect(hungUp).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(hungUp).toEqual(['session-expired']);
    session.stop();
  });

  it('refreshes by re-INVITE with our description, ACKed, once the callee refuses UPDATE', () => {
    const session = placed();
    session.answered(response(200, { 'session-expires': '90;refresher=uac' }));
    vi.advanceTimersByTime(45_000);
    sent[0]?.answer(response(501));
    expect(methods()).toEqual(['UPDATE', 'INVITE']);
    const invite = sent[1]?.request;
    expect(invite?.content).toContain('m=audio 40000');
    expect(invite?.headers['session-expires']).toBe('90;refresher=uac');
    sent[1]?.answer(response(200, { 'session-expires': '90;refresher=uac' }));
    expect(methods()).toEqual(['UPDATE', 'INVITE', 'ACK']);
    expect(sent[2]?.request.headers.cseq).toEqual({ method: 'ACK', seq: invite?.headers.cseq?.seq });
    vi.advanceTimersByTime(45_000);
    expect(methods().at(-1)).toBe('INVITE');
    session.stop();
  });

  it('ends the call 30 s before a 90 s session expires when the callee, its refresher, never refreshes', () => {
    placed().answered(response(200, { 'session-expires': '90;refresher=uas' }));
    vi.advanceTimersByTime(59_999);
    expect(hungUp).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(hungUp).toEqual(['session-expired']);
    expect(sent).toHaveLength(0);
  });

  it('starts the interval again on the callee’s refresh, and answers it with the interval', () => {
    const session = placed();
    session.answered(response(200, { 'session-expires': '90;refresher=uas' }));
    vi.advanceTimersByTime(50_000);
    const refresh: SipRequest = {
      method: 'UPDATE',
      uri: 'sip:agent1@127.0.0.1',
      headers: { 'session-expires': '120;refresher=uac', supported: 'timer' },
    };
    expect(session.tooBrief(refresh)).toBeNull();
    expect(session.refreshedByPeer(refresh)).toEqual({
      'session-expires': '120;refresher=uac',
      require: 'timer',
    });
    vi.advanceTimersByTime(87_999);
    expect(hungUp).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(hungUp).toEqual(['session-expired']);
    // A refresh asking for less than our Min-SE is to be refused (422).
    expect(session.tooBrief({ ...refresh, headers: { 'session-expires': '30' } })).toBe(90);
  });

  it('runs no timer when the 2xx has no Session-Expires, and ends the call when a refresh finds no dialog', () => {
    placed().answered(response(200));
    vi.advanceTimersByTime(3_600_000);
    expect(sent).toHaveLength(0);
    expect(hungUp).toEqual([]);
    placed().answered(response(200, { 'session-expires': '90' }));
    vi.advanceTimersByTime(45_000);
    expect(methods()).toEqual(['UPDATE']);
    sent[0]?.answer(response(481));
    expect(hungUp).toEqual(['session-refresh-failed']);
  });
});
