import dgram from 'node:dgram';
import { FakeSipCall, type FakeSipCallOptions } from './fake-sip-phone';
import { header, parseMessage, tagOf } from './fake-sip-wire';

export interface FakeSipPhone {
  /** Starts a call (sends its INVITE). */
  call(options: FakeSipCallOptions): FakeSipCall;
  /** Sends raw bytes to the server's SIP port (garbage, floods). */
  sendRaw(server: { host: string; port: number }, data: Buffer | string): void;
  close(): Promise<void>;
}

const bind = (socket: dgram.Socket, host: string) =>
  new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, host, () => resolve());
  });

/** A phone with its own SIP socket; each call gets an RTP socket of its own. */
export async function startFakeSipPhone(host = '127.0.0.1'): Promise<FakeSipPhone> {
  const sipSocket = dgram.createSocket('udp4');
  await bind(sipSocket, host);
  const calls = new Map<string, FakeSipCall>();
  const rtpSockets: dgram.Socket[] = [];
  sipSocket.on('message', (data) => {
    const message = parseMessage(data.toString('utf8'));
    if (!message) return;
    calls.get(header(message.headers, 'call-id'))?.handle(message);
  });
  return {
    call(options) {
      const rtpSocket = dgram.createSocket('udp4');
      rtpSockets.push(rtpSocket);
      const call = new FakeSipCall(sipSocket, rtpSocket, options);
      calls.set(call.callId, call);
      rtpSocket.on('message', (data, from) => call.handleRtp(data, from));
      rtpSocket.bind(0, host, () => call.invite());
      return call;
    },
    sendRaw(server, data) {
      sipSocket.send(typeof data === 'string' ? Buffer.from(data, 'binary') : data, server.port, server.host);
    },
    async close() {
      for (const call of calls.values()) call.mute();
      for (const socket of [sipSocket, ...rtpSockets]) {
        await new Promise<void>((resolve) => {
          try {
            socket.close(() => resolve());
          } catch {
            resolve();
          }
        });
      }
    },
  };
}

export { tagOf as sipTagOf, parseMessage as parseSipMessage };
