import type { FastifyBaseLogger } from 'fastify';
import {
  AnswerClassifier,
  classifyPhrase,
  menuOptions,
  screenerVerdict,
  type AnsweredBy,
  type Classification,
} from './answer-classifier';
import type { EndReason } from './conversation';
import type { CallControl } from './ports/call-control';
import { chooseMenuOption, screenerIntroduction, voicemailMessage } from './answer-lines';
import type { AgentSession, SessionTask } from './session-types';

/** Who picked up and what the agent did about it, as the call's records keep it. */
export interface CallAnswer {
  answeredBy: AnsweredBy;
  detail: string | null;
}

export interface OutboundAnswerTimings {
  /** The classifier listens this long before deciding on what it heard (longer while the callee speaks). */
  windowMs: number;
  /** The bound on the decision. */
  maxMs: number;
  /** waitToGreet: how long the agent waits for the callee's first words before greeting anyway. */
  waitToGreetMs: number;
  /** A voicemail: how long the agent waits for the beep before leaving its message anyway. */
  beepWaitMs: number;
  /** After a menu key or a screener: how long the agent waits for a person before talking anyway. */
  personWaitMs: number;
}

export const defaultOutboundTimings: OutboundAnswerTimings = {
  windowMs: 4_000,
  maxMs: 15_000,
  waitToGreetMs: 5_000,
  beepWaitMs: 20_000,
  personWaitMs: 15_000,
};

/** What callees' lines say in their first seconds: the recogniser's vocabulary for them on an outbound call. */
export const answeringPhrases = [
  'Hello?',
  'Hi, you have reached the voicemail of. I cannot take your call right now. Please leave a message after the tone.',
  'The person you are calling is not available. Please record your message at the beep.',
  'Please say your name and why you are calling.',
  'Thank you. Please hold while I connect you.',
  'Sorry, they are not taking calls right now. Goodbye.',
  'Thank you for calling. For sales, press 1. For support, press 2. For billing, press 3.',
  'Please listen carefully as our menu options have changed. Connecting you to support.',
];

/**
 * classifying → talking (a person), beep → leaving (a voicemail), screened → talking, connecting (after a menu
 * key) → talking; done once the call ends.
 */
/** The pause after a voicemail's beep before the message, as a person leaves it. */
const afterBeepMs = 300;

type Phase = 'classifying' | 'beep' | 'leaving' | 'screened' | 'connecting' | 'talking' | 'done';

export interface OutboundAnswerOptions {
  session: AgentSession;
  call: CallControl;
  logger: FastifyBaseLogger;
  /** Stops the agent's speech on the line now (synthesis, queued audio, the model's turn). */
  interrupt(): void;
  /** Records who picked up (and later what the agent did about it). */
  onAnswered?: (answer: CallAnswer) => Promise<void>;
  timings?: Partial<OutboundAnswerTimings>;
  now?: () => number;
}

/**
 * The first seconds of a call the agent placed: what the callee's side says (the recogniser's utterances) and
 * its audio (the beep) go to the answer classifier instead of the conversation until it decides, within a bound.
 * A person (or a line that says nothing decisive): the agent greets, unless it already did, and the
 * conversation goes on. A voicemail: the agent waits for the beep, leaves the task's message and hangs up (or
 * hangs up at once when the task says so). A call screener: the agent says who it is and why it calls, then
 * greets whoever the screener puts through, or ends the call when refused. A phone menu: the agent presses the
 * key of the option that fits the task (via the line's sendDigits) and greets the person it reaches.
 * Without the task's waitToGreet the agent greets as the call is answered and is cut off if a machine answers.
 */
export class OutboundAnswer {
  private readonly classifier: AnswerClassifier;
  private readonly timings: OutboundAnswerTimings;
  private readonly startedAt: number;
  private phase: Phase = 'classifying';
  private speaking = false;
  private ticker: NodeJS.Timeout | null = null;
  private waitUntil = 0;
  private answer: CallAnswer | null = null;
  private menuPresses = 0;
  private stepClassifier: AnswerClassifier | null = null;
  private stepStartedAt = 0;
  /** When the end of the voicemail's beep was heard: the message starts a moment later. */
  private beepEndedAt: number | null = null;

  constructor(private readonly options: OutboundAnswerOptions) {
    this.timings = { ...defaultOutboundTimings, ...options.timings };
    this.startedAt = this.now();
    this.classifier = new AnswerClassifier({ windowMs: this.timings.windowMs, maxMs: this.timings.maxMs });
  }

  private now(): number {
    return this.options.now?.() ?? performance.now();
  }

  private get task(): SessionTask | null {
    return this.options.session.task;
  }

  private get conversation() {
    return this.options.session.conversation;
  }

  /** Who picked up, once decided. */
  get answeredBy(): AnsweredBy | null {
    return this.answer?.answeredBy ?? null;
  }

  /** The call was answered: greets now unless the task waits for the callee, and starts the clock. */
  async start(): Promise<void> {
    this.ticker = setInterval(() => this.tick(), 100);
    this.ticker.unref();
    if (!this.task?.waitToGreet) await this.conversation.greet(this.options.session.greeting);
  }

  /** The call ended: nothing more to decide (a screener that hung up before putting the agent through refused). */
  close(): void {
    if (this.phase === 'screened' && !this.answer?.detail)
      this.record({ answeredBy: 'screener', detail: 'Refused by the call screener (it hung up)' });
    this.phase = 'done';
    this.stopClock();
  }

  private stopClock(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }

  /** The callee's side started speaking (the pipeline's voice detector). */
  speechStarted(): void {
    this.speaking = true;
  }

  /** Inbound audio at 16 kHz: the beep. */
  audio(pcm: Int16Array): void {
    if (this.phase === 'done') return;
    const decided = this.classifier.audio(pcm);
    if (this.phase === 'classifying' && decided) this.decided(decided);
    else if (this.phase === 'beep' && this.classifier.beepEndAtMs !== null) this.beepEndedAt ??= this.now();
  }

  /**
   * A recognised utterance of the callee's side; true when it is the answer handling's, not the conversation's
   * (everything said before a person is on the line).
   */
  heard(text: string): boolean {
    this.speaking = false;
    if (this.phase === 'done' || this.phase === 'talking') return false;
    const said = text.trim();
    if (said === '') return true;
    // What the callee's side said is in the transcript even when the agent does not answer it.
    this.conversation.saidAside(said);
    const at = this.now() - this.startedAt;
    switch (this.phase) {
      case 'classifying': {
        const decided = this.classifier.heard(said, at);
        if (decided) this.decided(decided);
        return true;
      }
      case 'screened':
        this.screened(said);
        return true;
      case 'connecting': {
        const step = this.stepClassifier?.heard(said, this.now() - this.stepStartedAt);
        if (step) this.afterMenu(step);
        return true;
      }
      default:
        return true;
    }
  }

  private tick(): void {
    const now = this.now();
    if (this.phase === 'classifying') {
      const decided = this.classifier.decide(now - this.startedAt, this.speaking);
      if (decided) this.decided(decided);
    } else if (this.phase === 'connecting') {
      const step = this.stepClassifier?.decide(now - this.stepStartedAt, this.speaking);
      if (step) this.afterMenu(step);
      else if (now >= this.waitUntil) this.personOn('No one came on after the menu; the agent spoke first');
    } else if (this.phase === 'beep' && this.beepEndedAt !== null && now >= this.beepEndedAt + afterBeepMs) {
      this.leaveMessage(true);
    } else if (this.phase === 'beep' && now >= this.waitUntil) {
      this.leaveMessage(false);
    } else if (this.phase === 'screened' && now >= this.waitUntil) {
      this.personOn(null);
    }
  }

  private record(answer: CallAnswer): void {
    this.answer = answer;
    void this.options
      .onAnswered?.(answer)
      .catch((error: unknown) =>
        this.options.logger.error({ err: error }, 'who answered the call was not recorded'),
      );
  }

  private decided(decision: Classification): void {
    if (this.phase !== 'classifying') return;
    this.options.logger.info(
      { answeredBy: decision.answeredBy, cue: decision.cue, atMs: Math.round(decision.atMs) },
      'outbound call classified',
    );
    switch (decision.answeredBy) {
      case 'voicemail':
        this.voicemail();
        break;
      case 'screener':
        this.screener();
        break;
      case 'menu':
        this.menu(this.classifier.transcript.join(' '));
        break;
      default: {
        this.record({ answeredBy: decision.answeredBy, detail: null });
        // Greeted already (no waitToGreet): what the person said meanwhile is theirs to have answered.
        const meanwhile = this.conversation.state === 'idle' ? '' : this.classifier.transcript.join(' ');
        this.personOn(null);
        if (meanwhile !== '') void this.conversation.userSaid(meanwhile, { heard: true });
      }
    }
  }

  /** A person is on the line: the agent greets unless it did, and the conversation takes over. */
  private personOn(detail: string | null): void {
    this.phase = 'talking';
    if (detail && this.answer) this.record({ ...this.answer, detail });
    this.stopClock();
    if (this.conversation.state === 'idle') {
      void this.conversation.greet(this.options.session.greeting);
    } else if (this.answer?.answeredBy === 'screener' || this.answer?.answeredBy === 'menu') {
      this.say(this.options.session.greeting);
    }
  }

  /** Says a line: the first one as the greeting, later ones once the agent is quiet (cutting it off). */
  private say(text: string, endAfter?: EndReason): void {
    const conversation = this.conversation;
    if (conversation.state === 'idle') {
      void conversation.greet(text, endAfter ? { endAfter } : {});
      return;
    }
    if (conversation.state !== 'listening') this.options.interrupt();
    if (!conversation.sayLine(text, endAfter ? { endAfter } : {})) {
      // The barge-in settles on the next tick of the event loop.
      setTimeout(() => conversation.sayLine(text, endAfter ? { endAfter } : {}), 50).unref();
    }
  }

  private voicemail(): void {
    if (this.task?.onVoicemail === 'hang-up') {
      this.record({ answeredBy: 'voicemail', detail: 'Hung up at the voicemail, as the task asks' });
      this.close();
      this.options.interrupt();
      this.conversation.hangUp('agent');
      return;
    }
    this.record({ answeredBy: 'voicemail', detail: null });
    if (this.conversation.state !== 'idle' && this.conversation.state !== 'listening')
      this.options.interrupt();
    this.phase = 'beep';
    this.waitUntil = this.now() + this.timings.beepWaitMs;
    // The message starts once the tone has stopped: said over it, the start would not be recorded.
    if (this.classifier.beepEndAtMs !== null) this.beepEndedAt = this.now();
  }

  private leaveMessage(afterBeep: boolean): void {
    if (this.phase !== 'beep') return;
    this.stopClock();
    // Whatever the machine says now is not the conversation's: the message goes on to the end.
    this.phase = 'leaving';
    const message = voicemailMessage(this.options.session);
    this.record({
      answeredBy: 'voicemail',
      detail: afterBeep ? 'Left a message after the beep' : 'Left a message (no beep was heard)',
    });
    this.say(message, 'agent');
  }

  private screener(): void {
    this.record({ answeredBy: 'screener', detail: null });
    this.phase = 'screened';
    this.waitUntil = this.now() + this.timings.personWaitMs;
    this.say(screenerIntroduction(this.options.session));
  }

  private screened(said: string): void {
    const verdict = screenerVerdict(said);
    const again = classifyPhrase(said)?.answeredBy === 'screener';
    if (verdict === 'refused') {
      this.record({ answeredBy: 'screener', detail: 'Refused by the call screener' });
      this.close();
      this.conversation.hangUp('agent');
    } else if (verdict === 'accepted') {
      this.record({ answeredBy: 'screener', detail: 'Put through by the call screener' });
      this.waitUntil = this.now() + this.timings.personWaitMs;
    } else if (!again) {
      // Someone speaks who is not the screener asking again: the person it put through.
      if (!this.answer?.detail)
        this.record({ answeredBy: 'screener', detail: 'Put through by the call screener' });
      this.personOn(null);
    }
  }

  private menu(heard: string): void {
    const options = menuOptions(heard);
    const choice = chooseMenuOption(options, this.task);
    this.menuPresses += 1;
    if (!choice || this.menuPresses > 3) {
      this.record({ answeredBy: 'menu', detail: 'Reached a phone menu with no option to choose' });
      this.personOn(null);
      return;
    }
    const detail = `Pressed ${choice.key} (${choice.label}) at the phone menu`;
    this.record({ answeredBy: 'menu', detail });
    if (this.conversation.state !== 'idle' && this.conversation.state !== 'listening')
      this.options.interrupt();
    const line = this.options.call;
    if (!line.sendDigits) {
      this.record({
        answeredBy: 'menu',
        detail: 'Reached a phone menu; this line cannot send keypad digits',
      });
      this.personOn(null);
      return;
    }
    line
      .sendDigits(choice.key)
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'the menu key was not sent'));
    this.phase = 'connecting';
    this.stepStartedAt = this.now();
    this.waitUntil = this.now() + this.timings.personWaitMs;
    this.stepClassifier = new AnswerClassifier({
      windowMs: this.timings.windowMs,
      maxMs: this.timings.maxMs,
    });
  }

  /** What follows a menu key: another menu (pressed again), else whoever it reached. */
  private afterMenu(step: Classification): void {
    if (step.answeredBy === 'menu') {
      this.menu(this.stepClassifier?.transcript.join(' ') ?? '');
      return;
    }
    if (step.answeredBy === 'voicemail') {
      this.phase = 'classifying';
      this.voicemail();
      return;
    }
    this.personOn(null);
  }
}
