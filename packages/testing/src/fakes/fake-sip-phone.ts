import { randomBytes, randomInt } from 'node:crypto';
import dgram from 'node:dgram';
import { header, isResponse, type RtpIn, type SipRequestIn, type SipResponse } from './fake-sip-wire';

export type { RtpIn, SipRequestIn, SipResponse };

/**
 * A small SIP phone on loopback for tests (RFC 3261 UAC over UDP, written apart from the server's SIP stack so
 * each checks the other on the wire): INVITE with an SDP offer of PCMU, PCMA and telephone-event, ACK, BYE,
 * CANCEL, answering the server's BYE; RTP out (μ-law frames paced at 20 ms, RFC 4733 digits) and in.
 */

export interface FakeSipCallOptions {
  /** The server's SIP address. */
  server: { host: string; port: number };
  /** The Request-URI's user: an agent's username or `+E.164` number. */
  to: string;
  /** The caller's user part (an E.164 number for a call to be admitted). */
  from: string;
  /** Payload types offered, in order (default PCMU, PCMA, telephone-event 101). */
  payloadTypes?: number[];
  /**
   * Send no RTP between utterances (a phone that has vanished, or uses silence suppression). By default the
   * phone sends μ-law silence every 20 ms from its ACK on, as phones do.
   */
  silent?: boolean;
  /**
   * How a REFER from the server is met: `refuse` answers 403; otherwise 202, then NOTIFYs with the new leg's
   * progress as message/sipfrag (100, then `newLegStatus`, default 200).
   */
  refer?: { answer: 'accept'; newLegStatus?: number } | { answer: 'refuse' };
  /** Header lines added to the INVITE (`Session-Expires: 1800`, `Supported: timer`). */
  headers?: string[];
}

export class FakeSipCall {
  readonly callId = `${randomBytes(8).toString('hex')}@fake-sip-phone`;
  readonly responses: SipResponse[] = [];
  readonly requests: SipRequestIn[] = [];
  /** RTP packets received from the server, in arrival order. */
  readonly rtp: RtpIn[] = [];
  private readonly fromTag = randomBytes(4).toString('hex');
  private inviteBranch = '';
  private cseq = 1;
  private toHeader = '';
  private remoteMedia: { address: string; port: number } | null = null;
  private readonly waiters: (() => void)[] = [];
  private readonly ssrc = randomInt(1, 0xffffffff);
  private sequence = randomInt(0, 0xffff);
  private timestamp = randomInt(0, 0xffffffff);
  private silence: NodeJS.Timeout | null = null;
  private playing = false;

  constructor(
    private readonly sipSocket: dgram.Socket,
    readonly rtpSocket: dgram.Socket,
    private readonly options: FakeSipCallOptions,
  ) {}

  get local(): { host: string; sipPort: number; rtpPort: number } {
    return {
      host: this.sipSocket.address().address,
      sipPort: this.sipSocket.address().port,
      rtpPort: this.rtpSocket.address().port,
    };
  }

  /** Sends the INVITE with its SDP offer. */
  invite(): void {
    const { host, rtpPort } = this.local;
    const types = this.options.payloadTypes ?? [0, 8, 101];
    const sdp = [
      'v=0',
      `o=fake 1 1 IN IP4 ${host}`,
      's=fake',
      `c=IN IP4 ${host}`,
      't=0 0',
      `m=audio ${rtpPort} RTP/AVP ${types.join(' ')}`,
      ...types.map((type) =>
        type === 0
          ? 'a=rtpmap:0 PCMU/8000'
          : type === 8
            ? 'a=rtpmap:8 PCMA/8000'
            : `a=rtpmap:${type} telephone-event/8000`,
      ),
      ...(types.includes(101) ? ['a=fmtp:101 0-16'] : []),
      'a=ptime:20',
      'a=sendrecv',
      '',
    ].join('\r\n');
    this.inviteBranch = `z9hG4bK${randomBytes(6).toString('hex')}`;
    this.toHeader = `<${this.requestUri()}>`;
    this.send(this.requestText('INVITE', this.inviteBranch, this.cseq, sdp));
  }

  /**
   * A new offer within the call (a re-INVITE, or UPDATE): the stream's direction, payload types, RTP port and
   * extra header lines as given; answers the number of responses before it, to wait for its own.
   */
  reoffer(
    offer: { method?: 'INVITE' | 'UPDATE'; direction?: string; payloadTypes?: number[]; rtpPort?: number },
    headers: string[] = [],
  ): number {
    const { host } = this.local;
    const types = offer.payloadTypes ?? [0, 8, 101];
    const sdp = [
      ...['v=0', `o=fake 1 2 IN IP4 ${host}`, 's=fake', `c=IN IP4 ${host}`, 't=0 0'],
      `m=audio ${offer.rtpPort ?? this.local.rtpPort} RTP/AVP ${types.join(' ')}`,
      `a=${offer.direction ?? 'sendrecv'}`,
      '',
    ].join('\r\n');
    const method = offer.method ?? 'INVITE';
    this.cseq += 1;
    const text = this.requestText(method, `z9hG4bK${randomBytes(6).toString('hex')}`, this.cseq, sdp);
    this.send(text.replace('Content-Length:', [...headers, 'Content-Length:'].join('\r\n')));
    return this.responses.length;
  }

  /** Waits for a response to a method whose status passes `test` (a final one unless told otherwise). */
  async response(
    method: string,
    test: (status: number) => boolean = (status) => status >= 200,
    timeoutMs = 10_000,
  ) {
    return this.waitFor(
      () =>
        this.responses.find(
          (response) =>
            header(response.headers, 'cseq').toUpperCase().endsWith(method) && test(response.status),
        ),
      `a ${method} response`,
      timeoutMs,
    );
  }

  /** Waits for a request from the server (its BYE). */
  async waitForRequest(method: string, timeoutMs = 10_000): Promise<SipRequestIn> {
    return this.waitFor(
      () => this.requests.find((request) => request.method === method),
      `a ${method}`,
      timeoutMs,
    );
  }

  /** ACKs the 2xx (a new transaction; to the Contact it named). */
  ack(): void {
    const ok = this.responses.find((response) => response.status >= 200 && response.status < 300);
    if (!ok) throw new Error('no 2xx to acknowledge');
    this.toHeader = header(ok.headers, 'to');
    const sdp = ok.body;
    const address = /c=IN IP4 (\S+)/.exec(sdp)?.[1];
    const port = Number(/m=audio (\d+)/.exec(sdp)?.[1]);
    if (address && port) this.remoteMedia = { address, port };
    const cseqNumber = Number(header(ok.headers, 'cseq').split(/\s+/)[0]);
    this.send(this.requestText('ACK', `z9hG4bK${randomBytes(6).toString('hex')}`, cseqNumber));
    if (!this.options.silent && !this.silence) {
      this.silence = setInterval(() => {
        if (this.playing || !this.remoteMedia) return;
        this.sendRtp(0, Buffer.alloc(160, 0xff), false);
        this.timestamp = (this.timestamp + 160) >>> 0;
      }, 20);
    }
  }

  /** Stops sending RTP altogether (the phone vanishes without a BYE). */
  mute(): void {
    if (this.silence) clearInterval(this.silence);
    this.silence = null;
  }

  /** The SDP answer's chosen payload types. */
  answeredPayloadTypes(): number[] {
    const ok = this.responses.find(
      (response) => response.status === 200 && response.body.includes('m=audio'),
    );
    return (/m=audio \d+ RTP\/AVP ([\d ]+)/.exec(ok?.body ?? '')?.[1] ?? '').trim().split(' ').map(Number);
  }

  bye(): void {
    this.mute();
    this.cseq += 1;
    this.send(this.requestText('BYE', `z9hG4bK${randomBytes(6).toString('hex')}`, this.cseq));
  }

  /** CANCEL: same branch and CSeq number as the INVITE (RFC 3261 §9.1). */
  cancel(): void {
    this.send(this.requestText('CANCEL', this.inviteBranch, 1));
  }

  /** Plays μ-law bytes as 20 ms RTP frames at real time (the last frame padded with silence). */
  async play(mulaw: Uint8Array, payloadType = 0): Promise<void> {
    this.playing = true;
    const start = performance.now();
    for (let offset = 0, index = 0; offset < mulaw.length; offset += 160, index += 1) {
      const frame = Buffer.alloc(160, 0xff);
      frame.set(mulaw.subarray(offset, Math.min(offset + 160, mulaw.length)));
      this.sendRtp(payloadType, frame, index === 0);
      this.timestamp = (this.timestamp + 160) >>> 0;
      const due = start + (index + 1) * 20;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    }
    this.playing = false;
  }

  /** One RFC 4733 key press: start, two updates, and the end three times, all on one timestamp. */
  async pressDigit(digit: string, payloadType = 101): Promise<void> {
    this.playing = true;
    const event = '0123456789*#ABCD'.indexOf(digit);
    if (event < 0) throw new Error(`not a key: ${digit}`);
    const durations = [160, 320, 480, 640, 640, 640];
    for (const [index, duration] of durations.entries()) {
      const end = index >= 3;
      const payload = Buffer.from([event, (end ? 0x80 : 0) | 10, duration >> 8, duration & 0xff]);
      this.sendRtp(payloadType, payload, index === 0);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    this.timestamp = (this.timestamp + 800) >>> 0;
    this.playing = false;
  }

  /** The μ-law payloads received so far with payload type `payloadType`, joined. */
  receivedAudio(payloadType = 0): Buffer {
    return Buffer.concat(
      this.rtp.filter((packet) => packet.payloadType === payloadType).map((p) => p.payload),
    );
  }

  /** Waits until `test` holds of what has arrived. */
  async until(test: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    await this.waitFor(() => (test() ? true : undefined), what, timeoutMs);
  }

  /** @internal a message from the server. */
  handle(message: SipResponse | SipRequestIn): void {
    if (isResponse(message)) {
      this.responses.push(message);
      // A retransmitted 2xx (our ACK was lost or late) is acknowledged again.
      const method = header(message.headers, 'cseq').toUpperCase();
      if (
        message.status >= 200 &&
        message.status < 300 &&
        method.endsWith('INVITE') &&
        this.toHeader.includes('tag=')
      ) {
        this.ack();
      }
      if (message.status >= 300 && method.endsWith('INVITE')) {
        // A final failure is acknowledged in the INVITE's transaction (§17.1.1.3).
        this.toHeader = header(message.headers, 'to');
        this.send(this.requestText('ACK', this.inviteBranch, 1));
      }
    } else {
      this.requests.push(message);
      if (message.method === 'BYE') this.mute();
      const copy = ['via', 'from', 'to', 'call-id', 'cseq']
        .flatMap((name) => (message.headers.get(name) ?? []).map((value) => `${name}: ${value}`))
        .join('\r\n');
      if (message.method === 'BYE' || message.method === 'OPTIONS') {
        this.send(`SIP/2.0 200 OK\r\n${copy}\r\nContent-Length: 0\r\n\r\n`);
      }
      if (message.method === 'REFER') this.referred(copy);
    }
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Meets a REFER as `options.refer` says: 403, or 202 and the new leg's progress in NOTIFYs (RFC 3515). */
  private referred(copy: string): void {
    const refer = this.options.refer ?? { answer: 'accept' };
    if (refer.answer === 'refuse') {
      this.send(`SIP/2.0 403 Forbidden\r\n${copy}\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    this.send(`SIP/2.0 202 Accepted\r\n${copy}\r\nContent-Length: 0\r\n\r\n`);
    const status = refer.newLegStatus ?? 200;
    const reasons: Record<number, string> = { 100: 'Trying', 200: 'OK', 486: 'Busy Here', 404: 'Not Found' };
    for (const [frag, state] of [
      [`SIP/2.0 100 Trying`, 'active;expires=60'],
      [`SIP/2.0 ${status} ${reasons[status] ?? 'Done'}`, 'terminated;reason=noresource'],
    ] as const) {
      this.cseq += 1;
      const body = `${frag}\r\n`;
      const notify = this.requestText('NOTIFY', `z9hG4bK${randomBytes(6).toString('hex')}`, this.cseq, body)
        .replace('Content-Type: application/sdp', 'Content-Type: message/sipfrag;version=2.0')
        .replace('Content-Length:', `Event: refer\r\nSubscription-State: ${state}\r\nContent-Length:`);
      this.send(notify);
    }
  }

  /** @internal an RTP packet from the server. */
  handleRtp(data: Buffer, from: dgram.RemoteInfo): void {
    if (data.length < 12 || data[0] === undefined || data[0] >> 6 !== 2) return;
    this.remoteMedia ??= { address: from.address, port: from.port };
    this.rtp.push({
      payloadType: (data[1] ?? 0) & 0x7f,
      marker: ((data[1] ?? 0) & 0x80) !== 0,
      sequence: data.readUInt16BE(2),
      timestamp: data.readUInt32BE(4),
      ssrc: data.readUInt32BE(8),
      payload: data.subarray(12),
    });
    for (const wake of this.waiters.splice(0)) wake();
  }

  private requestUri(): string {
    return `sip:${this.options.to}@${this.options.server.host}:${this.options.server.port}`;
  }

  private requestText(method: string, branch: string, seq: number, body = ''): string {
    const { host, sipPort } = this.local;
    const inDialog = /;\s*tag=/i.test(this.toHeader);
    const lines = [
      `${method} ${this.requestUri()} SIP/2.0`,
      `Via: SIP/2.0/UDP ${host}:${sipPort};branch=${branch};rport`,
      'Max-Forwards: 70',
      `From: "Fake Phone" <sip:${this.options.from}@${host}>;tag=${this.fromTag}`,
      `To: ${method === 'CANCEL' || (method === 'INVITE' && !inDialog) ? `<${this.requestUri()}>` : this.toHeader}`,
      `Call-ID: ${this.callId}`,
      `CSeq: ${seq} ${method}`,
      `Contact: <sip:${this.options.from}@${host}:${sipPort}>`,
      'User-Agent: switchboard-fake-sip-phone',
      ...(method === 'INVITE' && !inDialog ? (this.options.headers ?? []) : []),
      ...(body ? ['Content-Type: application/sdp'] : []),
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ];
    return lines.join('\r\n');
  }

  private send(text: string): void {
    this.sipSocket.send(Buffer.from(text, 'utf8'), this.options.server.port, this.options.server.host);
  }

  private sendRtp(payloadType: number, payload: Buffer, marker: boolean): void {
    if (!this.remoteMedia) throw new Error('no media address yet: ACK the answer first');
    const packet = Buffer.alloc(12 + payload.length);
    packet[0] = 0x80;
    packet[1] = (marker ? 0x80 : 0) | payloadType;
    this.sequence = (this.sequence + 1) & 0xffff;
    packet.writeUInt16BE(this.sequence, 2);
    packet.writeUInt32BE(this.timestamp, 4);
    packet.writeUInt32BE(this.ssrc, 8);
    payload.copy(packet, 12);
    this.rtpSocket.send(packet, this.remoteMedia.port, this.remoteMedia.address);
  }

  private waitFor<T>(find: () => T | undefined, what: string, timeoutMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs);
      const check = () => {
        const found = find();
        if (found !== undefined) {
          clearTimeout(timer);
          resolve(found);
        } else this.waiters.push(check);
      };
      check();
    });
  }
}
