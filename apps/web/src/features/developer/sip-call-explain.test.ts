import { describe, expect, it } from 'vitest';
import { explainSipCall, statusOf, type LadderMessage } from './sip-call-explain';

const msg = (direction: 'in' | 'out', summary: string, extra = '', cseq = '1 INVITE'): LadderMessage => ({
  direction,
  summary,
  peer: 'udp:127.0.0.1:5070',
  raw: `${/^\d/.test(summary) ? `SIP/2.0 ${summary}` : `${summary} sip:x@y SIP/2.0`}\r\nCSeq: ${cseq}\r\n${extra}\r\n`,
});
const ended = (endReason: string, status = 'ended') => ({ status, endReason });
const ringing = { status: 'ringing', endReason: null };

describe('explainSipCall', () => {
  it('reads the status code of a response and none of a request', () => {
    expect(statusOf('486 Busy Here')).toBe(486);
    expect(statusOf('INVITE')).toBeNull();
  });

  it('calls a call answered and ended normally a success, and one still up pending', () => {
    const ladder = [
      msg('out', 'INVITE'),
      msg('in', '100 Trying'),
      msg('in', '180 Ringing'),
      msg('in', '200 OK'),
      msg('out', 'ACK'),
      msg('in', 'BYE', '', '2 BYE'),
      msg('out', '200 OK', '', '2 BYE'),
    ];
    expect(explainSipCall(ladder, ended('callee-bye')).kind).toBe('ok');
    expect(explainSipCall(ladder.slice(0, 5), { status: 'answered', endReason: null }).kind).toBe('pending');
    expect(explainSipCall(ladder.slice(0, 3), ringing)).toMatchObject({ kind: 'pending', title: 'Calling' });
  });

  it('explains a 403 with our whitelist Warning as a wrong IP', () => {
    const warning = 'Warning: 399 switchboard "127.0.0.1 is not on the account\'s SIP whitelist"';
    const explained = explainSipCall(
      [msg('in', 'INVITE'), msg('out', '100 Trying'), msg('out', '403 Forbidden', warning)],
      ended("403 127.0.0.1 is not on the account's SIP whitelist", 'refused'),
    );
    expect(explained.kind).toBe('problem');
    expect(explained.title).toContain('Wrong IP');
    expect(explained.text).toContain("127.0.0.1 is not on the account's SIP whitelist");
    expect(explained.text).toContain('Allowed IPs');
  });

  it('tells credentials refused (challenged twice) from a normal challenge and a missing password', () => {
    const challenged = [msg('out', 'INVITE'), msg('in', '401 Unauthorized'), msg('out', 'ACK', '', '1 ACK')];
    const retried = [...challenged, msg('out', 'INVITE', '', '2 INVITE')];
    expect(explainSipCall(challenged, ringing).kind).toBe('pending');
    expect(explainSipCall([...retried, msg('in', '200 OK', '', '2 INVITE')], ended('callee-bye')).kind).toBe(
      'ok',
    );
    const refused = explainSipCall(
      [...retried, msg('in', '407 Proxy Authentication Required', '', '2 INVITE')],
      ended('407 Proxy Authentication Required', 'failed'),
    );
    expect(refused.title).toBe('Credentials refused');
    expect(refused.text).toContain('password');
    expect(explainSipCall(challenged, ended('401 Unauthorized', 'failed')).title).toBe('Credentials needed');
  });

  it('explains 488 as a codec mismatch naming G.711', () => {
    const explained = explainSipCall(
      [msg('out', 'INVITE'), msg('in', '488 Not Acceptable Here')],
      ended('488 Not Acceptable Here', 'failed'),
    );
    expect(explained.title).toContain('Codec mismatch');
    expect(explained.text).toContain('G.711');
  });

  it.each([
    ['486 Busy Here', 'Busy'],
    ['480 Temporarily Unavailable', 'No answer'],
    ['408 Request Timeout', 'No answer'],
    ['487 Request Terminated', 'Canceled'],
    ['404 Not Found', 'Number or agent unknown'],
    ['500 Server Internal Error', 'Refused (500 Server Internal Error)'],
  ])('explains %s as %s', (line, title) => {
    const explained = explainSipCall([msg('out', 'INVITE'), msg('in', line)], ended(line, 'failed'));
    expect(explained).toMatchObject({ kind: 'problem', title });
  });

  it('explains an answered call ended for want of RTP as no audio', () => {
    const explained = explainSipCall(
      [
        msg('in', 'INVITE'),
        msg('out', '200 OK'),
        msg('in', 'ACK', '', '1 ACK'),
        msg('out', 'BYE', '', '2 BYE'),
      ],
      ended('rtp-timeout'),
    );
    expect(explained.title).toBe('No audio: RTP never arrived');
    expect(explained.text).toContain('firewall');
  });

  it('explains an INVITE that nothing answered once the call is over', () => {
    const explained = explainSipCall(
      [msg('out', 'INVITE'), msg('out', 'INVITE')],
      ended('no response', 'failed'),
    );
    expect(explained.title).toBe('No reply from the other side');
  });
});
