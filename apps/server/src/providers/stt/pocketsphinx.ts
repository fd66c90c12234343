import { execFile, spawn, type ChildProcessByStdio } from 'node:child_process';
import { createHash } from 'node:crypto';
import { constants, existsSync, mkdirSync, openSync, renameSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { pcm16ToBuffer } from '../../media/pcm';
import { Resampler } from '../../media/resample';
import { findCommand } from '../shared/system-command';
import { agentLanguageModel, unknownWords } from './agent-language-model';
import { guessPronunciations } from './letter-to-sound';
import { featureParamsWithMean, lastCepstralMean } from './cepstral-mean';
import { IDLE_MESSAGE, IdleTimer } from './idle-timer';
import type { SpeechStream, SpeechStreamOptions, SpeechToText, Transcript } from './types';

const run = promisify(execFile);
const COMMAND = 'pocketsphinx_continuous';
const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
const INSTALL = 'apt-get install pocketsphinx pocketsphinx-en-us';
/** Decoding runs at a fraction of real time; this only catches a wedged process. */
const FINISH_TIMEOUT_MS = 60_000;

/**
 * Offline speech recognition with CMU PocketSphinx from the Debian packages (US English, 16 kHz). Each stream
 * runs a decoder process that reads raw audio from a named pipe as it is written, so the model loads and decoding
 * proceeds while the caller is still speaking; finishing closes the pipe, and a second decoder goes over the audio
 * again with the caller's cepstral mean from the first (cepstral-mean.ts) to give the transcript.
 */
export class PocketsphinxStt implements SpeechToText {
  readonly name = 'pocketsphinx';
  readonly sandbox = true;

  constructor(private readonly modelDir = MODEL_DIR) {}

  async unavailableReason(): Promise<string | null> {
    if (!(await findCommand(COMMAND))) return `Speech recognition needs the pocketsphinx package: ${INSTALL}`;
    if (!existsSync(path.join(this.modelDir, 'en-us', 'mdef'))) {
      return `Speech recognition needs the US English model of pocketsphinx: ${INSTALL}`;
    }
    return null;
  }

  openStream(options: SpeechStreamOptions): SpeechStream {
    return new PocketsphinxStream(options, this.modelDir, this.languageModel(options.hints));
  }

  /**
   * The language model a stream decodes with: built from the agent's prompt and knowledge with common phone
   * phrases (agent-language-model.ts) when the stream has them, else the general US English model. Built once per
   * distinct text and kept in the temporary directory; a model being built is shared by the streams asking for it.
   */
  languageModel(hints: readonly string[] | undefined): Promise<LanguageModelFiles> {
    const general = {
      lm: path.join(this.modelDir, 'en-us.lm.bin'),
      dict: path.join(this.modelDir, 'cmudict-en-us.dict'),
    };
    const texts = (hints ?? []).filter((text) => text.trim() !== '');
    if (texts.length === 0 || !existsSync(general.dict)) return Promise.resolve(general);
    const key = createHash('sha256')
      .update(JSON.stringify([MODEL_VERSION, general.dict, texts]))
      .digest('hex');
    const dir = path.join(os.tmpdir(), 'switchboard-pocketsphinx');
    const files = {
      lm: path.join(dir, `${key.slice(0, 24)}.lm`),
      dict: path.join(dir, `${key.slice(0, 24)}.dict`),
    };
    if (existsSync(files.lm) && existsSync(files.dict)) return Promise.resolve(files);
    const building = this.building.get(key);
    if (building) return building;
    const built = this.buildModel(texts, general.dict, dir, files).finally(() => this.building.delete(key));
    this.building.set(key, built);
    return built;
  }

  private readonly building = new Map<string, Promise<LanguageModelFiles>>();

  private async buildModel(
    texts: readonly string[],
    dictionary: string,
    dir: string,
    files: LanguageModelFiles,
  ): Promise<LanguageModelFiles> {
    const guessed = await guessPronunciations(unknownWords(texts, dictionary));
    const { arpa, dict } = agentLanguageModel(texts, dictionary, guessed);
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed, so a stream opened meanwhile never reads half a file.
    for (const [file, content] of [
      [files.dict, dict],
      [files.lm, arpa],
    ] as const) {
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, content);
      renameSync(partial, file);
    }
    return files;
  }
}

interface LanguageModelFiles {
  lm: string;
  dict: string;
}

interface DecoderResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Search and front-end settings measured on callers' questions in voices the general model hears badly
 * (pocketsphinx-agent-model.test.ts; espeak-ng, flite slt and kal). Spectral noise subtraction is off: on clean
 * or codec audio it estimates "noise" from the quiet parts of speech itself and subtracts it from the words
 * (espeak-ng 41% → 38% word errors). The second, flat-lexicon search pass is skipped: about even in accuracy over
 * the voices (better for espeak-ng, a little worse for kal) and it halves the search time the second decode adds
 * to the end of the caller's turn.
 */
const DECODER_FLAGS = ['-remove_noise', 'no', '-fwdflat', 'no'];

/** Past 30 s of audio (16 kHz, 16-bit) an utterance is not kept for a second pass: its first pass is the transcript. */
const secondPassMaxBytes = 30 * 16000 * 2;

/** Changes when the way agent models are built changes, so cached ones are rebuilt. */
const MODEL_VERSION = 3;

class PocketsphinxStream implements SpeechStream {
  private readonly resampler: Resampler | null;
  private readonly decoded: Promise<DecoderResult>;
  private decoder: ChildProcessByStdio<null, Readable, Readable> | null = null;
  private audio: net.Socket | null = null;
  private pending: Buffer[] = [];
  /** All the 16 kHz audio so far, for the second pass (null past `secondPassMaxBytes`: no second pass). */
  private heard: Buffer[] | null = [];
  private heardBytes = 0;
  /** The finish timeout fired: no second pass starts after it. */
  private timedOut = false;
  /** Settles when everything written so far is in the pipe. */
  private written: Promise<void> = Promise.resolve();
  private failure: Error | null = null;
  private samples = 0;
  private state: 'open' | 'finishing' | 'aborted' = 'open';
  private abortMessage = 'The speech stream was aborted';
  private readonly idle = new IdleTimer(() => {
    this.abortMessage = IDLE_MESSAGE;
    this.abort();
  });

  constructor(
    private readonly options: SpeechStreamOptions,
    modelDir: string,
    languageModel: Promise<LanguageModelFiles>,
  ) {
    this.resampler = options.sampleRate === 16000 ? null : new Resampler(options.sampleRate, 16000);
    this.decoded = this.decode(modelDir, languageModel);
  }

  write(pcm: Int16Array): void {
    if (this.state !== 'open') return;
    this.idle.touch();
    this.samples += pcm.length;
    this.send(this.resampler ? this.resampler.push(pcm) : pcm);
  }

  async finish(): Promise<Transcript> {
    if (this.state === 'aborted') throw new Error(this.abortMessage);
    if (this.state === 'finishing') throw new Error('The speech stream is already finished');
    this.state = 'finishing';
    this.idle.stop();
    const began = performance.now();
    if (this.resampler) this.send(this.resampler.flush());
    this.endAudio();
    const timer = setTimeout(() => {
      this.timedOut = true;
      this.decoder?.kill('SIGKILL');
    }, FINISH_TIMEOUT_MS);
    const { code, stdout, stderr } = await this.decoded.finally(() => clearTimeout(timer));
    if (this.aborted()) throw new Error(this.abortMessage);
    if (this.failure) throw this.failure;
    if (code !== 0) {
      throw new Error(
        `pocketsphinx failed (exit ${String(code)}): ${stderr.trim().split('\n').at(-1) ?? ''}`,
      );
    }
    return {
      text: stdout
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .join(' '),
      audioSeconds: this.samples / this.options.sampleRate,
      processingMs: performance.now() - began,
    };
  }

  abort(): void {
    if (this.state === 'aborted') return;
    this.state = 'aborted';
    this.idle.stop();
    this.pending = [];
    this.audio?.destroy();
    this.decoder?.kill('SIGKILL');
  }

  /** A method, not a field read, so TypeScript does not narrow it across awaits. */
  private aborted(): boolean {
    return this.state === 'aborted';
  }

  /**
   * Two passes (cepstral-mean.ts): the first decodes the audio as it arrives and learns the caller's cepstral
   * mean; once the audio has ended, the second decodes it again from a file with that mean as its starting point,
   * and its words are the transcript. Audio in which the first pass found no speech is not decoded again.
   */
  private async decode(modelDir: string, model: Promise<LanguageModelFiles>): Promise<DecoderResult> {
    const languageModel = await model.catch((error: unknown) => {
      this.failure = new Error(`The agent's speech model could not be built: ${String(error)}`);
      return null;
    });
    if (!languageModel) return { code: null, stdout: '', stderr: '' };
    if (!(await findCommand(COMMAND))) {
      this.failure = new Error(`Speech recognition needs the pocketsphinx package: ${INSTALL}`);
      return { code: null, stdout: '', stderr: '' };
    }
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pocketsphinx-'));
    try {
      const hmm = path.join(modelDir, 'en-us');
      const args = (infile: string, logfn: string) => [
        ...['-infile', infile, '-logfn', logfn],
        ...['-hmm', hmm, '-lm', languageModel.lm, '-dict', languageModel.dict],
        ...DECODER_FLAGS,
      ];
      const log = path.join(dir, 'first-pass.log');
      const first = await this.firstPass(dir, (fifo) => args(fifo, log));
      if (first.code !== 0 || this.aborted()) return first;
      const mean = lastCepstralMean(await readFile(log, 'utf8').catch(() => ''));
      const heard = this.heard;
      this.heard = null;
      if (!mean || !heard) return first;
      const audio = path.join(dir, 'audio.raw');
      const params = path.join(dir, 'feat.params');
      await writeFile(audio, Buffer.concat(heard));
      await writeFile(params, featureParamsWithMean(path.join(hmm, 'feat.params'), mean));
      // Aborted or out of time while the files were written: no second decoder to start.
      if (this.aborted() || this.timedOut) return first;
      const second = await this.startDecoder([...args(audio, '/dev/null'), '-featparams', params]).result;
      if (second.code === 0 || this.aborted()) return second;
      // The second pass failed or ran out of time: the first pass's words are the transcript.
      this.failure = null;
      return first;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * The first pass reads a named pipe: its -infile must be a file it can open, which a socketpair stdin is not.
   * The writing end opens (non-blocking) only once the decoder has opened the reading end, so closing it is
   * always the decoder's end of file; audio written before that waits in memory.
   */
  private async firstPass(dir: string, args: (fifo: string) => string[]): Promise<DecoderResult> {
    const fifo = path.join(dir, 'live.raw');
    await run('mkfifo', [fifo]);
    if (this.state === 'aborted') return { code: null, stdout: '', stderr: '' };
    const decoder = this.startDecoder(args(fifo));
    const fd = await openWriterWhenRead(fifo, () => decoder.running() && this.state !== 'aborted').catch(
      (error: unknown) => {
        decoder.process.kill('SIGKILL');
        throw error;
      },
    );
    if (fd !== null) {
      const audio = new net.Socket({ fd, readable: false, writable: true });
      audio.on('error', () => undefined);
      this.audio = audio;
      for (const chunk of this.pending.splice(0)) this.send(chunk, false);
      if (this.state === 'finishing') this.endAudio();
    }
    const result = await decoder.result;
    this.audio?.destroy();
    return result;
  }

  /** Runs a decoder process (the one finish's timeout and abort kill), collecting its output. */
  private startDecoder(args: string[]): {
    process: ChildProcessByStdio<null, Readable, Readable>;
    result: Promise<DecoderResult>;
    running: () => boolean;
  } {
    const decoder = spawn(COMMAND, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.decoder = decoder;
    let stdout = '';
    let stderr = '';
    decoder.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    decoder.stderr.setEncoding('utf8').on('data', (text: string) => (stderr = (stderr + text).slice(-2000)));
    let running = true;
    const result = new Promise<number | null>((resolve) => {
      decoder.on('error', (error: NodeJS.ErrnoException) => {
        this.failure = new Error(`pocketsphinx could not start: ${error.message}`);
        resolve(null);
      });
      decoder.on('close', resolve);
    })
      .finally(() => (running = false))
      .then((code) => ({ code, stdout, stderr }));
    return { process: decoder, result, running: () => running };
  }

  /** Audio to the first pass; `keep` also keeps a copy for the second (false for audio kept already). */
  private send(pcm: Int16Array | Buffer, keep = true): void {
    if (pcm.length === 0) return;
    const bytes = Buffer.isBuffer(pcm) ? pcm : Buffer.from(pcm16ToBuffer(pcm));
    if (keep && this.heard) {
      this.heardBytes += bytes.length;
      if (this.heardBytes > secondPassMaxBytes) this.heard = null;
      else this.heard.push(Buffer.from(bytes));
    }
    const audio = this.audio;
    if (!audio) {
      this.pending.push(bytes);
      return;
    }
    this.written = new Promise((resolve) => audio.write(bytes, () => resolve()));
  }

  /** Closing the only writer of the pipe is the decoder's end of file. */
  private endAudio(): void {
    const audio = this.audio;
    if (!audio) return;
    void this.written.then(() => audio.destroy());
  }
}

/** Opens a named pipe for writing once a reader has it open (ENXIO until then); null if `waiting` turns false. */
async function openWriterWhenRead(fifo: string, waiting: () => boolean): Promise<number | null> {
  while (waiting()) {
    try {
      return openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENXIO') throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return null;
}
