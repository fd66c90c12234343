import { createHash, randomBytes, randomInt } from 'node:crypto';
import dgram from 'node:dgram';
import {
  header,
  isResponse,
  parseMessage,
  type RtpIn,
  type SipRequestIn,
  type SipResponse,
} from './fake-sip-wire';

/**
 * The far end of a call the server places, on loopback UDP (a PBX or trunk and the phone behind it, written
 * apart from the server's SIP stack): it answers INVITEs as told per number called (answer at once, ring first,
 * refuse with a status such as 486, or ring until CANCELed), challenges with Digest MD5 when given users,
 * answers with PCMU (or PCMA when that is all that is offered) and telephone-event, sends μ-law from a
 * recording (or silence) once ACKed, records the RTP it gets, answers BYE and can send its own.
 */
export type CalleeBehaviour =
  /** `headers`: more header lines in the 200, e.g. `Session-Expires: 90;refresher=uac` (RFC 4028). */
  | { kind: 'answer'; ringMs?: number; headers?: string[] }
  | { kind: 'refuse'; status: number; reason: string }
  | { kind: 'ring' };

export interface FakeSipCalleeOptions {
  /** How the number called (the Request-URI's user) is met; answered at once by default. */
  behaviour?: (user: string) => CalleeBehaviour;
  /** Challenge each INVITE without valid credentials: 401 (407 with `asProxy`), MD5, qop=auth. */
  digest?: { realm: string; users: Record<string, string>; asProxy?: boolean };
  /** μ-law played (20 ms frames, real time) once the answer is ACKed; silence frames after it. */
  audio?: Uint8Array;
}

export interface CalleeCall {
  callId: string;
  user: string;
  /** Every request of the call as it came (each INVITE, the ACK, CANCEL, BYE…). */
  requests: SipRequestIn[];
  /** The final status we sent to the INVITE, when sent. */
  finalStatus: number | null;
  rtp: RtpIn[];
  ended: boolean;
  /** Responses to the callee's own requests (its re-INVITEs and BYE). */
  responses: SipResponse[];
  /** Hangs up from the callee's side with a BYE. */
  bye(): void;
  /** A new offer in the call (a re-INVITE): the direction and payload types given, on the callee's RTP port. */
  reinvite(direction: string, payloadTypes?: number[]): void;
}

export interface FakeSipCallee {
  host: string;
  port: number;
  calls: CalleeCall[];
  /** Resolves once `predicate` holds (checked on each message and packet), or rejects after `timeoutMs`. */
  until(predicate: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

function digestParams(value: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const pair of value.replace(/^\s*Digest\s+/i, '').matchAll(/([\w-]+)\s*=\s*("([^"]*)"|[^\s,]+)/g)) {
    params.set((pair[1] ?? '').toLowerCase(), pair[3] ?? pair[2] ?? '');
  }
  return params;
}

const userOf = (uri: string) => /^sips?:([^@;>]+)@/.exec(uri)?.[1] ?? '';
const uriOf = (nameAddr: string) => /<([^>]+)>/.exec(nameAddr)?.[1] ?? nameAddr.split(';')[0]?.trim() ?? '';

export async function startFakeSipCallee(options: FakeSipCalleeOptions = {}): Promise<FakeSipCallee> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const port = socket.address().port;
  const calls: (CalleeCall & { state: InternalState })[] = [];
  const waiters: (() => void)[] = [];
  const nonces = new Set<string>();
  const wake = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };

  interface InternalState {
    tag: string;
    invite: SipRequestIn;
    from: { address: string; port: number };
    rtpSocket: dgram.Socket | null;
    media: { address: string; port: number } | null;
    payloadType: number;
    timers: NodeJS.Timeout[];
    cseq: number;
    streaming: boolean;
  }

  const send = (text: string, to: { address: string; port: number }) =>
    socket.send(Buffer.from(text, 'utf8'), to.port, to.address);

  const respond = (
    request: SipRequestIn,
    to: { address: string; port: number },
    status: number,
    reason: string,
    tag: string | null,
    extra: string[] = [],
    body = '',
  ) => {
    const copied = ['via', 'from', 'call-id', 'cseq'].flatMap((name) =>
      (request.headers.get(name) ?? []).map((value) => `${name}: ${value}`),
    );
    const toHeader = header(request.headers, 'to');
    const lines = [
      `SIP/2.0 ${status} ${reason}`,
      ...copied,
      `To: ${toHeader}${tag && !/;\s*tag=/i.test(toHeader) ? `;tag=${tag}` : ''}`,
      ...extra,
      ...(body ? ['Content-Type: application/sdp'] : []),
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ];
    send(lines.join('\r\n'), to);
  };

  const sendRtp = (call: CalleeCall & { state: InternalState }) => {
    const { state } = call;
    const audio = options.audio ?? new Uint8Array(0);
    let sequence = randomInt(0, 0xffff);
    let timestamp = randomInt(0, 0xffffffff);
    const ssrc = randomInt(1, 0xffffffff);
    let offset = 0;
    const timer = setInterval(() => {
      if (call.ended || !state.media || !state.rtpSocket) return;
      const frame = Buffer.alloc(160, state.payloadType === 8 ? 0xd5 : 0xff);
      if (offset < audio.length) frame.set(audio.subarray(offset, Math.min(offset + 160, audio.length)));
      offset += 160;
      const packet = Buffer.alloc(172);
      packet[0] = 0x80;
      packet[1] = state.payloadType;
      sequence = (sequence + 1) & 0xffff;
      timestamp = (timestamp + 160) >>> 0;
      packet.writeUInt16BE(sequence, 2);
      packet.writeUInt32BE(timestamp, 4);
      packet.writeUInt32BE(ssrc, 8);
      frame.copy(packet, 12);
      state.rtpSocket.send(packet, state.media.port, state.media.address);
    }, 20);
    state.timers.push(timer);
  };

  const answer = async (call: CalleeCall & { state: InternalState }, headers: string[] = []) => {
    const { state } = call;
    if (call.ended || call.finalStatus !== null) return;
    const rtpSocket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => rtpSocket.bind(0, '127.0.0.1', resolve));
    state.rtpSocket = rtpSocket;
    rtpSocket.on('message', (data) => {
      if (data.length < 12) return;
      call.rtp.push({
        payloadType: (data[1] ?? 0) & 0x7f,
        marker: ((data[1] ?? 0) & 0x80) !== 0,
        sequence: data.readUInt16BE(2),
        timestamp: data.readUInt32BE(4),
        ssrc: data.readUInt32BE(8),
        payload: data.subarray(12),
      });
      wake();
    });
    const offer = state.invite.raw.slice(state.invite.raw.indexOf('\r\n\r\n') + 4);
    const offered = (/m=audio \d+ RTP\/AVP ([\d ]+)/.exec(offer)?.[1] ?? '').trim().split(' ').map(Number);
    state.payloadType = offered.includes(0) ? 0 : 8;
    const address = /c=IN IP4 (\S+)/.exec(offer)?.[1];
    const mediaPort = Number(/m=audio (\d+)/.exec(offer)?.[1]);
    if (address && mediaPort) state.media = { address, port: mediaPort };
    const sdp = [
      'v=0',
      'o=callee 1 1 IN IP4 127.0.0.1',
      's=callee',
      'c=IN IP4 127.0.0.1',
      't=0 0',
      `m=audio ${rtpSocket.address().port} RTP/AVP ${state.payloadType} 101`,
      state.payloadType === 0 ? 'a=rtpmap:0 PCMU/8000' : 'a=rtpmap:8 PCMA/8000',
      'a=rtpmap:101 telephone-event/8000',
      'a=fmtp:101 0-16',
      'a=sendrecv',
      '',
    ].join('\r\n');
    call.finalStatus = 200;
    const extra = [`Contact: <sip:callee@127.0.0.1:${port}>`, ...headers];
    respond(state.invite, state.from, 200, 'OK', state.tag, extra, sdp);
    wake();
  };

  const onInvite = (request: SipRequestIn, from: dgram.RemoteInfo) => {
    const callId = header(request.headers, 'call-id');
    const existing = calls.find((call) => call.callId === callId);
    if (existing && existing.finalStatus !== 401 && existing.finalStatus !== 407) {
      existing.requests.push(request);
      return; // a retransmission or a re-INVITE: nothing more here
    }
    const user = decodeURIComponent(userOf(request.uri));
    if (options.digest) {
      const { realm, users, asProxy } = options.digest;
      const params = digestParams(header(request.headers, asProxy ? 'proxy-authorization' : 'authorization'));
      const name = params.get('username') ?? '';
      const password = users[name];
      const nonce = params.get('nonce') ?? '';
      const ha1 = md5(`${name}:${realm}:${password ?? ''}`);
      const ha2 = md5(`INVITE:${params.get('uri') ?? ''}`);
      const expected = md5(
        `${ha1}:${nonce}:${params.get('nc') ?? ''}:${params.get('cnonce') ?? ''}:${params.get('qop') ?? ''}:${ha2}`,
      );
      if (password === undefined || !nonces.has(nonce) || params.get('response') !== expected) {
        const fresh = randomBytes(12).toString('hex');
        nonces.add(fresh);
        const challenged = existing ?? newCall(callId, user, request, from);
        if (existing) existing.requests.push(request);
        challenged.finalStatus = asProxy ? 407 : 401;
        respond(
          request,
          from,
          challenged.finalStatus,
          asProxy ? 'Proxy Authentication Required' : 'Unauthorized',
          challenged.state.tag,
          [
            `${asProxy ? 'Proxy-Authenticate' : 'WWW-Authenticate'}: Digest realm="${realm}", nonce="${fresh}", qop="auth", algorithm=MD5`,
          ],
        );
        wake();
        return;
      }
    }
    const call = existing ?? newCall(callId, user, request, from);
    if (existing) {
      existing.requests.push(request);
      existing.finalStatus = null;
      existing.state.invite = request;
    }
    const behaviour = options.behaviour?.(user) ?? { kind: 'answer' };
    respond(request, from, 100, 'Trying', null);
    if (behaviour.kind === 'refuse') {
      call.finalStatus = behaviour.status;
      respond(request, from, behaviour.status, behaviour.reason, call.state.tag);
      wake();
      return;
    }
    respond(request, from, 180, 'Ringing', call.state.tag);
    if (behaviour.kind === 'answer') {
      const timer = setTimeout(() => void answer(call, behaviour.headers), behaviour.ringMs ?? 0);
      call.state.timers.push(timer);
    }
    wake();
  };

  const newCall = (callId: string, user: string, invite: SipRequestIn, from: dgram.RemoteInfo) => {
    const call: CalleeCall & { state: InternalState } = {
      callId,
      user,
      requests: [invite],
      finalStatus: null,
      rtp: [],
      ended: false,
      state: {
        tag: randomBytes(4).toString('hex'),
        invite,
        from: { address: from.address, port: from.port },
        rtpSocket: null,
        media: null,
        payloadType: 0,
        timers: [],
        cseq: randomInt(1, 1000),
        streaming: false,
      },
      responses: [],
      bye: () => {
        end(call);
        sendInDialog(call, 'BYE', '');
      },
      reinvite: (direction, payloadTypes = [call.state.payloadType]) => {
        const rtpPort = call.state.rtpSocket?.address().port ?? 9;
        const sdp = ['v=0', 'o=callee 1 2 IN IP4 127.0.0.1', 's=callee', 'c=IN IP4 127.0.0.1', 't=0 0']
          .concat([`m=audio ${rtpPort} RTP/AVP ${payloadTypes.join(' ')}`, `a=${direction}`, ''])
          .join('\r\n');
        sendInDialog(call, 'INVITE', sdp);
      },
    };
    calls.push(call);
    return call;
  };

  /** A request of the callee's within the call: to the server's Contact, our To tag as From. */
  const sendInDialog = (call: CalleeCall & { state: InternalState }, method: string, body: string) => {
    const { state } = call;
    state.cseq += 1;
    const ourTo = header(state.invite.headers, 'to');
    const lines = [
      `${method} ${uriOf(header(state.invite.headers, 'contact'))} SIP/2.0`,
      `Via: SIP/2.0/UDP 127.0.0.1:${port};branch=z9hG4bK${randomBytes(6).toString('hex')};rport`,
      'Max-Forwards: 70',
      `From: ${ourTo}${/;\s*tag=/i.test(ourTo) ? '' : `;tag=${state.tag}`}`,
      `To: ${header(state.invite.headers, 'from')}`,
      `Call-ID: ${call.callId}`,
      `CSeq: ${state.cseq} ${method}`,
      `Contact: <sip:callee@127.0.0.1:${port}>`,
      ...(body ? ['Content-Type: application/sdp'] : []),
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ];
    send(lines.join('\r\n'), state.from);
  };

  const end = (call: CalleeCall & { state: InternalState }) => {
    call.ended = true;
    for (const timer of call.state.timers) clearTimeout(timer);
    call.state.timers = [];
    wake();
  };

  socket.on('message', (data, from) => {
    const message = parseMessage(data.toString('utf8'));
    if (!message || isResponse(message)) {
      if (message)
        calls.find((one) => one.callId === header(message.headers, 'call-id'))?.responses.push(message);
      wake();
      return;
    }
    if (message.method === 'INVITE') {
      onInvite(message, from);
      return;
    }
    if (message.method === 'REGISTER') {
      // A PBX takes the server's registration as it is (the digest of REGISTER is fake-sip-registrar's part).
      respond(message, from, 200, 'OK', randomBytes(4).toString('hex'), ['Expires: 3600']);
      return;
    }
    const call = calls.find((one) => one.callId === header(message.headers, 'call-id'));
    if (!call) {
      respond(message, from, 481, 'Call/Transaction Does Not Exist', null);
      return;
    }
    call.requests.push(message);
    if (message.method === 'ACK' && call.finalStatus === 200 && !call.ended && !call.state.streaming) {
      call.state.streaming = true;
      sendRtp(call);
    } else if (message.method === 'CANCEL') {
      respond(message, from, 200, 'OK', call.state.tag);
      if (call.finalStatus === null) {
        call.finalStatus = 487;
        respond(call.state.invite, call.state.from, 487, 'Request Terminated', call.state.tag);
        end(call);
      }
    } else if (message.method === 'BYE') {
      respond(message, from, 200, 'OK', null);
      end(call);
    } else if (message.method !== 'ACK') {
      // A session refresh (an UPDATE with Session-Expires, RFC 4028 §9) is granted the interval it asks for.
      const expires = message.headers.get('session-expires')?.[0];
      const granted = expires
        ? [`Session-Expires: ${expires}`, ...(/refresher=uac/i.test(expires) ? ['Require: timer'] : [])]
        : [];
      respond(message, from, 200, 'OK', null, granted);
    }
    wake();
  });

  return {
    host: '127.0.0.1',
    port,
    calls,
    until: async (predicate, what, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!predicate()) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`the fake SIP callee waited ${timeoutMs} ms for ${what}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: async () => {
      for (const call of calls) {
        end(call);
        await new Promise<void>((resolve) =>
          call.state.rtpSocket ? call.state.rtpSocket.close(() => resolve()) : resolve(),
        );
      }
      await new Promise<void>((resolve) => socket.close(() => resolve()));
    },
  };
}
