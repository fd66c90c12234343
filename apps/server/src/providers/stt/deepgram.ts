import WebSocket from 'ws';
import { pcm16ToBuffer } from '../../media/pcm';
import { IDLE_MESSAGE, IdleTimer } from './idle-timer';
import type { SpeechStream, SpeechStreamOptions, SpeechToText, Transcript } from './types';

export interface DeepgramOptions {
  apiKey: string;
  /** Base URL of the streaming API (tests point it at a fake on loopback). */
  url?: string;
  model?: string;
}

/** Deepgram closes a stream after 10 s without audio; an idle stream says it is alive every 5 s. */
const KEEP_ALIVE_MS = 5000;
/** After CloseStream, Deepgram sends the last results and closes; this bounds the wait. */
const CLOSE_TIMEOUT_MS = 10_000;

interface DeepgramResults {
  type: 'Results';
  is_final?: boolean;
  channel?: { alternatives?: { transcript?: string }[] };
}

/** Deepgram live transcription over its WebSocket API (linear16 at the stream's own rate, interim results). */
export class DeepgramStt implements SpeechToText {
  readonly name = 'deepgram';
  readonly sandbox = false;

  constructor(private readonly options: DeepgramOptions) {}

  unavailableReason(): Promise<string | null> {
    return Promise.resolve(this.options.apiKey ? null : 'Deepgram speech recognition needs DEEPGRAM_API_KEY');
  }

  openStream(options: SpeechStreamOptions): SpeechStream {
    const base = (this.options.url ?? 'wss://api.deepgram.com').replace(/\/+$/, '');
    const query = new URLSearchParams({
      model: this.options.model ?? 'nova-3',
      encoding: 'linear16',
      sample_rate: String(options.sampleRate),
      channels: '1',
      interim_results: 'true',
      punctuate: 'true',
      smart_format: 'true',
      language: options.language,
    });
    return new DeepgramStream(`${base}/v1/listen?${query.toString()}`, this.options.apiKey, options);
  }
}

class DeepgramStream implements SpeechStream {
  private readonly socket: WebSocket;
  private readonly pending: Buffer[] = [];
  private readonly finals: string[] = [];
  private readonly closed: Promise<void>;
  private failure: Error | null = null;
  private samples = 0;
  private lastSentAt = Date.now();
  private readonly keepAlive: NodeJS.Timeout;
  private state: 'open' | 'finishing' | 'aborted' = 'open';
  private abortMessage = 'The speech stream was aborted';
  private readonly idle = new IdleTimer(() => {
    this.abortMessage = IDLE_MESSAGE;
    this.abort();
  });

  constructor(
    url: string,
    apiKey: string,
    private readonly options: SpeechStreamOptions,
  ) {
    this.socket = new WebSocket(url, { headers: { Authorization: `Token ${apiKey}` } });
    this.socket.on('open', () => {
      for (const chunk of this.pending.splice(0)) this.socket.send(chunk);
      if (this.state === 'finishing') this.sendControl('CloseStream');
    });
    this.socket.on('message', (data, isBinary) => {
      if (!isBinary) this.handleMessage(Buffer.isBuffer(data) ? data.toString('utf8') : '');
    });
    this.socket.on('unexpected-response', (_request, response) => {
      const status = response.statusCode ?? 0;
      const detail =
        status === 401 || status === 403
          ? 'Deepgram refused the API key'
          : `Deepgram refused the stream (HTTP ${status})`;
      this.failure = new Error(
        `${detail}: ${String(response.headers['dg-error'] ?? response.statusMessage ?? '')}`.trim(),
      );
      response.resume();
      this.socket.terminate();
    });
    this.socket.on('error', (error) => {
      this.failure ??= new Error(`Deepgram connection failed: ${error.message}`);
    });
    this.closed = new Promise((resolve) => this.socket.on('close', () => resolve()));
    this.keepAlive = setInterval(() => {
      if (Date.now() - this.lastSentAt >= KEEP_ALIVE_MS) this.sendControl('KeepAlive');
    }, KEEP_ALIVE_MS);
    void this.closed.then(() => clearInterval(this.keepAlive));
  }

  write(pcm: Int16Array): void {
    if (this.state !== 'open' || pcm.length === 0) return;
    this.idle.touch();
    this.samples += pcm.length;
    const bytes = Buffer.from(pcm16ToBuffer(pcm));
    if (this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(bytes);
      this.lastSentAt = Date.now();
    } else this.pending.push(bytes);
  }

  async finish(): Promise<Transcript> {
    if (this.state === 'aborted') throw new Error(this.abortMessage);
    if (this.state === 'finishing') throw new Error('The speech stream is already finished');
    this.state = 'finishing';
    this.idle.stop();
    const began = performance.now();
    if (this.socket.readyState === WebSocket.OPEN) this.sendControl('CloseStream');
    const timer = setTimeout(() => this.socket.terminate(), CLOSE_TIMEOUT_MS);
    await this.closed.finally(() => clearTimeout(timer));
    if (this.failure && this.finals.length === 0) throw this.failure;
    return {
      text: this.finals.join(' '),
      audioSeconds: this.samples / this.options.sampleRate,
      processingMs: performance.now() - began,
    };
  }

  abort(): void {
    if (this.state === 'aborted') return;
    this.state = 'aborted';
    this.idle.stop();
    clearInterval(this.keepAlive);
    this.socket.terminate();
  }

  private sendControl(type: 'CloseStream' | 'KeepAlive'): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    this.socket.send(JSON.stringify({ type }));
    this.lastSentAt = Date.now();
  }

  private handleMessage(text: string): void {
    let message: Omit<Partial<DeepgramResults>, 'type'> & { type?: string; description?: string };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (message.type === 'Error') {
      this.failure = new Error(`Deepgram reported an error: ${message.description ?? text}`);
      return;
    }
    if (message.type !== 'Results') return;
    const transcript = message.channel?.alternatives?.[0]?.transcript?.trim() ?? '';
    if (message.is_final) {
      if (transcript) this.finals.push(transcript);
      if (this.finals.length > 0) this.options.onPartial?.(this.finals.join(' '));
    } else if (transcript) {
      this.options.onPartial?.([...this.finals, transcript].join(' '));
    }
  }
}
