import type { ClientSessionMessage, ServerSessionMessage } from '@switchboard/contract';
import type { Page, WebSocketRoute } from 'playwright-core';

/**
 * Stands in for the server's agent-session WebSocket inside the page (Playwright's WebSocket routing), so a
 * test can drive the browser side of a conversation frame by frame and see exactly what the browser sent.
 */
export class ScriptedAgentSession {
  readonly received: ClientSessionMessage[] = [];
  /** Binary frames from the browser (microphone PCM) with the time each arrived. */
  readonly frames: { at: number; data: Buffer }[] = [];
  private route: WebSocketRoute | null = null;
  connections = 0;

  constructor(private readonly ready: Extract<ServerSessionMessage, { type: 'ready' }>) {}

  async attach(page: Page): Promise<void> {
    await page.routeWebSocket(/\/api\/agent\/session/, (route) => {
      this.connections += 1;
      this.route = route;
      route.onMessage((message) => {
        if (typeof message !== 'string') {
          this.frames.push({ at: Date.now(), data: message });
          return;
        }
        const parsed = JSON.parse(message) as ClientSessionMessage;
        this.received.push(parsed);
        if (parsed.type === 'start') this.send(this.ready);
      });
    });
  }

  send(message: ServerSessionMessage): void {
    if (!this.route) throw new Error('the page has not opened an agent session');
    this.route.send(JSON.stringify(message));
  }

  sendAudio(pcm: Int16Array): void {
    if (!this.route) throw new Error('the page has not opened an agent session');
    this.route.send(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength));
  }

  /** Speaks a tone as the agent: `audio-start`, 20 ms frames, and `audio-end` unless told otherwise. */
  speakTone(turnId: string, seconds: number, { rate = 24_000, end = true } = {}): void {
    this.send({ type: 'audio-start', turnId });
    const frame = rate / 50;
    for (let start = 0; start < seconds * rate; start += frame) {
      const pcm = new Int16Array(frame);
      for (let index = 0; index < frame; index += 1) {
        pcm[index] = Math.round(8000 * Math.sin((2 * Math.PI * 440 * (start + index)) / rate));
      }
      this.sendAudio(pcm);
    }
    if (end) this.send({ type: 'audio-end', turnId });
  }

  close(): void {
    void this.route?.close({ code: 1011, reason: 'gone' });
  }

  /** Waits until the browser sent a message matching `predicate`. */
  async waitForMessage(
    predicate: (message: ClientSessionMessage) => boolean,
    timeoutMs = 10_000,
  ): Promise<ClientSessionMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) {
        throw new Error(`no such message from the browser; got ${JSON.stringify(this.received)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The microphone audio received so far as one 16-bit PCM buffer. */
  microphonePcm(): Buffer {
    return Buffer.concat(this.frames.map((frame) => frame.data));
  }
}

/** A mono 16-bit PCM WAV file's bytes. */
export function encodeWavFile(pcm: Buffer, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}
