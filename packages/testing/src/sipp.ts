import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createSocket } from 'node:dgram';
import os from 'node:os';
import path from 'node:path';

/**
 * SIPp (Debian's sip-tester) as an independent SIP peer for tests: it runs an XML scenario against the endpoint (or
 * serves as a registrar), and its exit code says whether every step of the scenario happened as written. RTP comes
 * from pcap files SIPp replays at their recorded pace; `rtpPcap` writes one from 8 kHz samples and keypad digits.
 */
export const sippPath = process.env.SIPP_PATH ?? '/usr/bin/sipp';
export const hasSipp = () => existsSync(sippPath);

export interface SippRun {
  code: number | null;
  /** SIPp's message trace: every SIP message it sent and received. */
  messages: string;
  /** SIPp's error trace: why a step failed. */
  errors: string;
}

export interface SippOptions {
  /** The scenario's XML. */
  scenario: string;
  /** host:port to call; omitted for a server (UAS) scenario, which waits on `localPort`. */
  target?: string;
  /** The Request-URI's user part ([service]). */
  service?: string;
  /** Custom keywords, used in the scenario as [name]. */
  keys?: Record<string, string>;
  localPort?: number;
  mediaPort?: number;
  transport?: 'u1' | 't1';
  timeoutSeconds?: number;
}

/** A UDP port free right now (SIPp binds it itself a moment later). */
export async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/** Runs one SIPp call (`-m 1`) to its end and answers what happened. */
export async function runSipp(options: SippOptions): Promise<SippRun & { dir: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sipp-'));
  const scenarioFile = path.join(dir, 'scenario.xml');
  await writeFile(scenarioFile, options.scenario);
  const localPort = options.localPort ?? (await freeUdpPort());
  const args = [
    ...(options.target ? [options.target] : []),
    '-sf',
    scenarioFile,
    '-m',
    '1',
    '-l',
    '1',
    '-i',
    '127.0.0.1',
    '-p',
    String(localPort),
    '-mi',
    '127.0.0.1',
    '-mp',
    String(options.mediaPort ?? (await freeUdpPort())),
    '-t',
    options.transport ?? 'u1',
    '-nostdin',
    '-timeout',
    `${options.timeoutSeconds ?? 90}s`,
    '-timeout_error',
    '-trace_msg',
    '-message_file',
    path.join(dir, 'messages.log'),
    '-trace_err',
    '-error_file',
    path.join(dir, 'errors.log'),
    ...(options.service ? ['-s', options.service] : []),
    ...Object.entries(options.keys ?? {}).flatMap(([name, value]) => ['-key', name, value]),
  ];
  const child = spawn(sippPath, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const read = (file: string) => readFile(path.join(dir, file), 'utf8').catch(() => '');
  return { code, messages: await read('messages.log'), errors: (await read('errors.log')) + stderr, dir };
}

/** Deletes a run's folder (its scenario and traces). */
export async function removeSippRun(run: { dir: string }): Promise<void> {
  await rm(run.dir, { recursive: true, force: true });
}

/** True once something (a SIPp server scenario) has bound the UDP port on loopback. */
export async function portTaken(port: number): Promise<boolean> {
  const socket = createSocket('udp4');
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(port, '127.0.0.1', resolve);
    });
    return false;
  } catch {
    return true;
  } finally {
    socket.close();
  }
}

export interface RtpPart {
  /** 8 kHz G.711 bytes, sent in 20 ms frames. */
  audio?: Uint8Array;
  /** Keypad digits sent as RFC 4733 events, each 100 ms long. */
  digits?: string;
}

const eventCode = (digit: string) => '0123456789*#'.indexOf(digit);

/**
 * A pcap file (Ethernet, IPv4, UDP) of one RTP stream: the parts in order, one SSRC, sequence numbers and timestamps
 * running on, 20 ms apart. SIPp rewrites the addresses and ports to the call's and keeps the timing.
 */
export function rtpPcap(parts: RtpPart[], payloadType: number, eventPayloadType = 101): Buffer {
  const packets: { at: number; rtp: Buffer }[] = [];
  const ssrc = 0x5a17c0de;
  let sequence = 1;
  let frame = 0;
  const push = (type: number, payload: Buffer, timestamp: number, marker = false) => {
    const header = Buffer.alloc(12);
    header[0] = 0x80;
    header[1] = (marker ? 0x80 : 0) | type;
    header.writeUInt16BE(sequence++ & 0xffff, 2);
    header.writeUInt32BE(timestamp >>> 0, 4);
    header.writeUInt32BE(ssrc, 8);
    packets.push({ at: frame * 20, rtp: Buffer.concat([header, payload]) });
  };
  for (const part of parts) {
    const audio = part.audio ?? new Uint8Array();
    for (let offset = 0; offset + 160 <= audio.length; offset += 160, frame++) {
      push(payloadType, Buffer.from(audio.subarray(offset, offset + 160)), frame * 160);
    }
    for (const digit of part.digits ?? '') {
      const code = eventCode(digit);
      if (code < 0) throw new Error(`No RFC 4733 event for "${digit}"`);
      const start = frame * 160;
      for (let step = 1; step <= 5; step++, frame++) {
        const end = step === 5;
        const payload = Buffer.from([code, (end ? 0x80 : 0) | 10, 0, 0]);
        payload.writeUInt16BE(step * 160, 2);
        push(eventPayloadType, payload, start, step === 1);
        if (end) for (let repeat = 0; repeat < 2; repeat++) push(eventPayloadType, payload, start);
      }
      // A short gap of silence between digits, as a keypad leaves.
      for (let gap = 0; gap < 5; gap++, frame++) {
        push(payloadType, Buffer.alloc(160, payloadType === 8 ? 0xd5 : 0xff), frame * 160);
      }
    }
  }
  const header = Buffer.alloc(24);
  header.writeUInt32LE(0xa1b2c3d4, 0);
  header.writeUInt16LE(2, 4);
  header.writeUInt16LE(4, 6);
  header.writeUInt32LE(65535, 16);
  header.writeUInt32LE(1, 20);
  return Buffer.concat([header, ...packets.map(({ at, rtp }) => pcapRecord(at, rtp))]);
}

function pcapRecord(atMs: number, rtp: Buffer): Buffer {
  const udp = Buffer.alloc(8);
  udp.writeUInt16BE(40000, 0);
  udp.writeUInt16BE(40002, 2);
  udp.writeUInt16BE(8 + rtp.length, 4);
  const ip = Buffer.alloc(20);
  ip[0] = 0x45;
  ip.writeUInt16BE(20 + 8 + rtp.length, 2);
  ip[8] = 64;
  ip[9] = 17;
  Buffer.from([127, 0, 0, 1]).copy(ip, 12);
  Buffer.from([127, 0, 0, 1]).copy(ip, 16);
  let sum = 0;
  for (let i = 0; i < 20; i += 2) sum += ip.readUInt16BE(i);
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
  ip.writeUInt16BE(~sum & 0xffff, 10);
  const ethernet = Buffer.from('0200000000020200000000010800', 'hex');
  const frame = Buffer.concat([ethernet, ip, udp, rtp]);
  const record = Buffer.alloc(16);
  record.writeUInt32LE(Math.floor(atMs / 1000), 0);
  record.writeUInt32LE((atMs % 1000) * 1000, 4);
  record.writeUInt32LE(frame.length, 8);
  record.writeUInt32LE(frame.length, 12);
  return Buffer.concat([record, frame]);
}
