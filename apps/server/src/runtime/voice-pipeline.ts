import type { FastifyBaseLogger } from 'fastify';
import type { SpeechStream } from '../providers/stt/types';
import type { VadEvent, VoiceActivityDetector } from '../providers/vad/types';
import type { AgentSession, SpeechProviders } from './session-types';
import { resample } from '../media/resample';
import { CallerSilence } from './voice-silence';
import { sentenceEnd, wordCount, type Hearing, type SpokenTurn } from './voice-turns';

/**
 * The voice side of a session, whatever carries the audio (the browser socket now, phone media streams later):
 * caller audio → VAD → speech-to-text → the conversation; the agent's reply → sentence by sentence
 * text-to-speech → audio out. Barge-in: the caller starting to speak stops synthesis and playback at once.
 * Measures the greeting latency (answer → first agent audio) and each turn's latency (the VAD's end of
 * utterance → the first audio frame out).
 */

export const pipelineInputRate = 16_000;

export interface VoiceOutput {
  /**
   * Agent audio, 16-bit PCM at `outputSampleRate`. A promise answered means the line has enough queued: the
   * next audio waits for it, so a turn is prepared as it plays rather than all at once.
   */
  audio(pcm: Int16Array): void | Promise<void>;
  audioStart(turnId: string): void;
  audioEnd(turnId: string): void;
  /** Stop playing now and drop what is queued. */
  bargeIn(): void;
  userText(text: string, final: boolean): void;
}

export interface VoicePipelineOptions {
  session: AgentSession;
  speech: SpeechProviders;
  outputSampleRate: number;
  output: VoiceOutput;
  logger: FastifyBaseLogger;
  now?: () => number;
  /** More of what the caller is likely to say, for the recogniser (an outbound call's answering lines). */
  hints?: readonly string[];
  /**
   * Hears the caller's side before the conversation does: each utterance's start, and each recognised
   * utterance (empty when it was noise); `heard` answering true keeps it from the conversation.
   */
  listener?: { speechStarted?(): void; heard?(text: string): boolean };
}

export class VoicePipeline {
  private vad: VoiceActivityDetector | null = null;
  private turn: SpokenTurn | null = null;
  private endOfUtteranceAt: number | null = null;
  private readonly answeredAt: number;
  private greeted = false;
  private deliveryTimer: NodeJS.Timeout | null = null;
  private pending: Promise<void> = Promise.resolve();
  /** Input handling queued on `pending` and not yet done. */
  private queued = 0;
  private closed = false;
  /** Checks in when the caller has been silent for callerResponseTimeout seconds while the agent listens. */
  private readonly silence: CallerSilence;
  /** The utterance being heard since the VAD's speech-start, and what it may do to the agent's turn. */
  private hearing: Hearing | null = null;
  /** What the caller said while the agent could not be interrupted, answered after its turn. */
  private heldText: string | null = null;

  constructor(private readonly options: VoicePipelineOptions) {
    this.answeredAt = this.now();
    this.silence = new CallerSilence(options.session, () => this.closed);
  }

  private now(): number {
    return this.options.now?.() ?? performance.now();
  }

  async start(): Promise<void> {
    this.vad = await this.options.speech.vad.create({
      sampleRate: 16000,
      silenceMs: this.options.session.config.speakingTimeout,
      // Recognition opens at speech-start and is given every later push (`callerStarted`, `pushAudio`).
      followsSpeech: true,
    });
  }

  /** Caller audio at 16 kHz, any length; events are handled in order. */
  pushAudio(pcm: Int16Array): void {
    if (this.closed || !this.vad) return;
    const vad = this.vad;
    // The common case, 50 times a second on every call: nothing is queued and the detector decides at once.
    if (this.queued === 0) {
      const hearing = this.hearing;
      const events = vad.pushNow?.(pcm) ?? null;
      if (events) {
        hearing?.stream?.write(pcm);
        if (events.length > 0) this.enqueue(() => this.handleVad(events));
        return;
      }
    }
    this.enqueue(async () => {
      // An utterance already being recognised gets this audio too (a speech-start in this push includes it).
      const hearing = this.hearing;
      const events = await vad.push(pcm);
      hearing?.stream?.write(pcm);
      await this.handleVad(events);
    });
  }

  /** Runs `work` after the input queued before it. */
  private enqueue(work: () => Promise<void>): void {
    this.queued++;
    this.pending = this.pending
      .then(work)
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'voice input failed'))
      .finally(() => this.queued--);
  }

  /** Resolves when the audio pushed so far has been processed (tests, benchmarks). */
  async drain(): Promise<void> {
    await this.pending;
  }

  private async handleVad(events: VadEvent[]): Promise<void> {
    for (const event of events) {
      if (event.type === 'speech-start') this.callerStarted(event.audio);
      else if (event.type === 'speech-end') await this.utterance(event.audio);
      else this.dropHearing();
    }
  }

  /** How long the agent's current turn has been audible, ms (null when nothing of it has played yet). */
  private agentAudibleMs(): number | null {
    const firstAudioAt = this.turn?.firstAudioAt ?? null;
    return firstAudioAt === null ? null : this.now() - firstAudioAt;
  }

  private agentBusy(): boolean {
    const state = this.options.session.conversation.state;
    return state === 'speaking' || state === 'thinking' || state === 'greeting' || this.turn !== null;
  }

  private openRecognition(): SpeechStream {
    const { session, speech, output } = this.options;
    return speech.stt.openStream({
      sampleRate: pipelineInputRate,
      language: session.config.agentLang,
      hints: [session.config.agentInstructions, session.config.knowledge, ...(this.options.hints ?? [])],
      onPartial: (text) => {
        output.userText(text, false);
        const hearing = this.hearing;
        // A streaming recogniser's interim words can make the caller's speech an interruption before they stop.
        if (hearing?.mode === 'words' && wordCount(text) >= session.config.interruptionWordCount) {
          hearing.mode = 'barged';
          this.interrupt();
        }
      },
    });
  }

  /**
   * The caller starts speaking. While the agent is thinking (nothing audible yet) that is a barge-in at once.
   * While it talks, the call settings decide: within its first interruptionMinimumSpeakingTime seconds the
   * agent cannot be interrupted (what the caller says is answered after the turn); after that it stops at once,
   * or, when interruptionWordCount asks for more than one word, once the caller has said that many.
   */
  private callerStarted(audio: Int16Array | undefined): void {
    this.silence.heard();
    this.options.listener?.speechStarted?.();
    this.dropHearing();
    const config = this.options.session.config;
    let mode: Hearing['mode'] = 'listening';
    if (this.agentBusy()) {
      const audibleMs = this.agentAudibleMs();
      if (audibleMs === null) mode = 'barged';
      else if (audibleMs < config.interruptionMinimumSpeakingTime * 1000) mode = 'held';
      else mode = config.interruptionWordCount <= 1 ? 'barged' : 'words';
    }
    if (mode === 'barged') this.interrupt();
    const hearing: Hearing = { mode, stream: null };
    if (audio) {
      // Recognition starts now and follows the speech (the VAD's audio so far, then every later push).
      hearing.stream = this.openRecognition();
      hearing.stream.write(audio);
    }
    this.hearing = hearing;
  }

  /** Stops the agent: synthesis, playback and the model turn. */
  interrupt(): void {
    this.stopSpeaking();
    this.options.output.bargeIn();
    void this.options.session.conversation.bargeIn();
  }

  private dropHearing(): void {
    this.hearing?.stream?.abort();
    this.hearing = null;
  }

  private async utterance(audio: Int16Array): Promise<void> {
    const endOfUtterance = this.now();
    const session = this.options.session;
    const hearing = this.hearing ?? { mode: this.agentBusy() ? 'barged' : 'listening', stream: null };
    this.hearing = null;
    let stream = hearing.stream;
    if (!stream) {
      stream = this.openRecognition();
      stream.write(audio);
    }
    const transcript = await stream.finish();
    session.usage['stt-seconds'] = (session.usage['stt-seconds'] ?? 0) + transcript.audioSeconds;
    const text = transcript.text.trim();
    if (this.options.listener?.heard?.(text) && text !== '') {
      this.options.output.userText(text, true);
      return;
    }
    if (text === '') {
      // Noise, not words: still waiting for the caller.
      this.silence.arm();
      return;
    }
    const stillTalking = this.agentBusy();
    if (stillTalking && hearing.mode === 'held') {
      // Said while the agent could not be interrupted: answered once its turn has been heard.
      this.heldText = this.heldText ? `${this.heldText} ${text}` : text;
      this.options.output.userText(text, true);
      return;
    }
    if (stillTalking && hearing.mode === 'words') {
      if (wordCount(text) < session.config.interruptionWordCount) {
        // A short acknowledgement ("okay", "uh-huh") over the agent is not an interruption.
        this.options.logger.debug({ text }, 'caller speech below the interruption word count');
        return;
      }
      this.interrupt();
    }
    // The turn's latency runs from the end of the caller's speech, minus nothing: STT time is part of it.
    this.endOfUtteranceAt = endOfUtterance;
    this.options.output.userText(text, true);
    void session.conversation.userSaid(text);
  }

  /** The agent's reply streaming in: speak it sentence by sentence. */
  onDelta(turnId: string, delta: string): void {
    if (this.closed) return;
    let turn = this.turn;
    if (turn?.turnId !== turnId) {
      this.stopSpeaking();
      turn = {
        turnId,
        queue: [],
        buffer: '',
        complete: false,
        abort: new AbortController(),
        firstAudioAt: null,
        samplesOut: 0,
        running: null,
        ahead: null,
        playedAt: 0,
      };
      this.turn = turn;
    }
    turn.buffer += delta;
    let match: RegExpExecArray | null;
    while ((match = sentenceEnd.exec(turn.buffer)) !== null) {
      const cut = match.index + (match[1]?.length ?? 0);
      const sentence = turn.buffer.slice(0, cut).trim();
      turn.buffer = turn.buffer.slice(cut).trimStart();
      if (sentence !== '') turn.queue.push(sentence);
    }
    this.pump(turn);
  }

  /** The whole reply is known: speak the rest, then the turn is delivered once it has been heard. */
  onReply(turnId: string): void {
    const turn = this.turn;
    if (turn?.turnId !== turnId) {
      // Nothing was spoken in this turn (an empty reply): deliver at once.
      this.options.session.conversation.delivered(turnId);
      return;
    }
    const rest = turn.buffer.trim();
    turn.buffer = '';
    if (rest !== '') turn.queue.push(rest);
    turn.complete = true;
    this.pump(turn);
  }

  /** The listener reported the turn's audio played out. */
  played(turnId: string): void {
    if (this.turn?.turnId === turnId && this.turn.complete && this.turn.queue.length === 0)
      this.finishTurn(this.turn);
  }

  private pump(turn: SpokenTurn): void {
    if (turn.running || turn.abort.signal.aborted) return;
    if (turn.queue.length === 0) {
      if (turn.complete) this.afterSpeech(turn);
      return;
    }
    const run = async () => {
      while (turn.queue.length > 0 && !turn.abort.signal.aborted) {
        const sentence = turn.queue.shift() ?? '';
        await this.speak(turn, sentence);
      }
    };
    turn.running = run()
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'speech synthesis failed'))
      .finally(() => {
        turn.running = null;
        if (turn.abort.signal.aborted) return;
        // More text may have arrived while speaking; the reply may have completed meanwhile.
        this.pump(turn);
      });
  }

  private async speak(turn: SpokenTurn, sentence: string): Promise<void> {
    const { speech, session, output, outputSampleRate } = this.options;
    session.usage['tts-characters'] = (session.usage['tts-characters'] ?? 0) + sentence.length;
    for await (const chunk of speech.tts.synthesize(sentence, {
      voice: session.config.agentVoice,
      language: session.config.agentLang,
      sampleRate: outputSampleRate,
      signal: turn.abort.signal,
    })) {
      if (chunk.length === 0) continue;
      // The line had enough queued after the last chunk: this one waits until it has played down. The wait is
      // here, once the next chunk is in hand, so the next sentence is asked for without waiting.
      if (turn.ahead) {
        await turn.ahead;
        turn.ahead = null;
      }
      if (turn.abort.signal.aborted) return;
      if (turn.firstAudioAt === null) {
        turn.firstAudioAt = this.now();
        output.audioStart(turn.turnId);
        this.recordLatency(turn.firstAudioAt);
      }
      turn.samplesOut += chunk.length;
      turn.ahead = output.audio(chunk) ?? null;
    }
  }

  private recordLatency(firstAudioAt: number): void {
    const latencies = this.options.session.latencies;
    if (!this.greeted) {
      this.greeted = true;
      latencies.greetingMs = Math.round(firstAudioAt - this.answeredAt);
      return;
    }
    if (this.endOfUtteranceAt !== null) {
      latencies.turnsMs.push(Math.round(firstAudioAt - this.endOfUtteranceAt));
      this.endOfUtteranceAt = null;
    }
  }

  private afterSpeech(turn: SpokenTurn): void {
    if (turn.firstAudioAt !== null) this.options.output.audioEnd(turn.turnId);
    const durationMs = (turn.samplesOut / this.options.outputSampleRate) * 1000;
    turn.playedAt = (turn.firstAudioAt ?? this.now()) + durationMs;
    // Delivered when the listener says it played out, or when it must have (plus a margin).
    const wait = Math.max(0, turn.playedAt - this.now()) + 400;
    this.deliveryTimer = setTimeout(() => this.finishTurn(turn), wait);
  }

  private finishTurn(turn: SpokenTurn): void {
    if (this.turn !== turn) return;
    if (this.deliveryTimer) clearTimeout(this.deliveryTimer);
    this.deliveryTimer = null;
    this.turn = null;
    this.options.session.conversation.delivered(turn.turnId);
    const held = this.heldText;
    this.heldText = null;
    if (held !== null && this.options.session.conversation.state === 'listening') {
      this.endOfUtteranceAt = this.now();
      void this.options.session.conversation.userSaid(held);
      return;
    }
    this.silence.arm();
  }

  private stopSpeaking(): void {
    if (this.deliveryTimer) clearTimeout(this.deliveryTimer);
    this.deliveryTimer = null;
    if (this.turn) {
      this.turn.abort.abort();
      this.turn = null;
    }
  }

  close(): void {
    this.closed = true;
    this.silence.clear();
    this.dropHearing();
    this.stopSpeaking();
  }
}

/** Browser audio may arrive at another rate; the pipeline runs at 16 kHz. */
export function toPipelineRate(pcm: Int16Array, sampleRate: number): Int16Array {
  return sampleRate === pipelineInputRate ? pcm : resample(pcm, sampleRate, pipelineInputRate);
}
