/**
 * The sandbox phone network's simulated callees: numbers in +1 (555) 200-0XNN answer a call the way a kind of
 * person or line would, picked by X (the digit after 200-0); NN is free, so each kind has a hundred numbers.
 *
 *   0 person       answers "Hello?" and converses: short scripted replies to what the caller says
 *   1 voicemail    a greeting ending "…leave a message after the tone", a 1 kHz beep of half a second, then
 *                  records what the caller says and hangs up after a few seconds of silence
 *   2 screener     "Please say your name and why you are calling"; NN 00-49 accepts a caller who gives both
 *                  (four words or more) and puts the person on, NN 50-99 rejects every caller and hangs up
 *   3 phone menu   "For sales, press 1. For support, press 2." reacts to keypad digits (Media Streams `dtmf`)
 *                  and connects to a person in that department
 *   4 busy         the call ends busy
 *   5 no answer    rings until the caller gives up: no-answer
 *   6 not in service  the call fails at once (an unallocated number)
 *   7-9            unassigned: rings out (no-answer), like any number nobody answers
 *
 * Area code 555 with exchange 200 is a valid North American shape (area code and exchange start with 2-9) and is
 * never sold by the sandbox carrier (it sells 555-01XX lines in real area codes) nor given to softphones
 * (555-555-XXXX).
 */

export type SandboxCalleePersona =
  'person' | 'voicemail' | 'screener' | 'menu' | 'busy' | 'no-answer' | 'not-in-service';

/** The simulated callees' numbers: +1 555 200-0XNN, X the persona. */
export const sandboxCalleePattern = /^\+15552000(\d)(\d\d)$/;

const personaByDigit: Record<string, SandboxCalleePersona> = {
  '0': 'person',
  '1': 'voicemail',
  '2': 'screener',
  '3': 'menu',
  '4': 'busy',
  '5': 'no-answer',
  '6': 'not-in-service',
};

/** Which simulated callee an E.164 number is, or null for any other number. */
export function sandboxCalleePersona(number: string): SandboxCalleePersona | null {
  const match = sandboxCalleePattern.exec(number.trim());
  return match ? (personaByDigit[match[1] ?? ''] ?? null) : null;
}

/** A simulated callee's number for a persona (`variant` 0-99 is NN). */
export function sandboxCalleeNumber(persona: SandboxCalleePersona, variant = 0): string {
  const digit = Object.entries(personaByDigit).find(([, name]) => name === persona)?.[0] ?? '0';
  return `+15552000${digit}${String(variant % 100).padStart(2, '0')}`;
}

/** The personas that pick up. */
export function answers(persona: SandboxCalleePersona): boolean {
  return persona === 'person' || persona === 'voicemail' || persona === 'screener' || persona === 'menu';
}

/** What a callee can do on the line: speak (resolves once heard to the end), beep, hang up. */
export interface CalleeMouth {
  say(text: string): Promise<void>;
  beep(): Promise<void>;
  hangUp(): void;
  /** Runs `then` after `ms` unless the call has ended; a later call replaces an earlier one. */
  after(ms: number, then: () => void): void;
}

/** What a callee said, heard and recorded on one call, kept readable after it ends. */
export interface CalleeRecord {
  callId: string;
  number: string;
  persona: SandboxCalleePersona;
  /** Each line the callee spoke, in order (the beep as "(tone)"). */
  said: string[];
  /** What it heard the caller say, in order, and the keypad digits it received. */
  heard: string[];
  digits: string;
  /** The voicemail persona's recording: what the caller said after the tone (null before the tone). */
  voicemail: string | null;
  /** True once the screener let the caller through; false once it refused; null otherwise. */
  accepted: boolean | null;
  /** Who ended the call: the callee, the caller, or null while live. */
  endedBy: 'callee' | 'caller' | null;
}

export interface CalleeTimings {
  /** Voicemail: silence after the caller's message that ends the recording. */
  voicemailSilenceMs: number;
  /** Voicemail: the longest wait for a message after the tone. */
  voicemailMaxMs: number;
  /** Menu and screener: how long they wait for a digit or an answer before asking again. */
  promptWaitMs: number;
}

export const defaultCalleeTimings: CalleeTimings = {
  voicemailSilenceMs: 3_000,
  voicemailMaxMs: 30_000,
  promptWaitMs: 8_000,
};

const words = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;
const has = (text: string, pattern: RegExp) => pattern.test(text.toLowerCase());

/** The conversing person's reply to what the caller said; `null` ends the call after `Okay, goodbye.` */
export function personReply(text: string, turn: number, name: string): string | null {
  if (has(text, /\b(good ?bye|bye)\b/)) return null;
  if (turn >= 8) return null;
  if (has(text, /\b(voicemail|leave a message)\b/)) return "No, it's me, I picked up.";
  if (has(text, /\b(who|name)\b/) && text.includes('?')) return `This is ${name}.`;
  if (has(text, /\b(appointment|schedule|book|time|when|available)\b/))
    return 'Tuesday afternoon works for me.';
  if (has(text, /\b(confirm|is this|am i speaking|speaking with)\b/)) return "Yes, that's right.";
  if (has(text, /\b(price|cost|how much|pay)\b/)) return 'How much would that be?';
  if (text.includes('?')) return 'Sure, go ahead.';
  return 'Okay.';
}

/**
 * One simulated callee on one call: reacts to the call being answered, to what the caller (the agent) says, to
 * the caller's audio arriving and to keypad digits, speaking through `mouth`. Its record stays readable.
 */
export class SandboxCallee {
  readonly record: CalleeRecord;
  private mode: 'greeting' | 'talking' | 'recording' | 'screening' | 'menu' | 'leaving' | 'done' = 'greeting';
  private turns = 0;
  private prompts = 0;
  private name = 'Jordan Lee';
  private readonly message: string[] = [];
  private heardAfterTone = false;

  constructor(
    callId: string,
    number: string,
    persona: SandboxCalleePersona,
    private readonly mouth: CalleeMouth,
    private readonly timings: CalleeTimings = defaultCalleeTimings,
  ) {
    this.record = {
      callId,
      number,
      persona,
      said: [],
      heard: [],
      digits: '',
      voicemail: null,
      accepted: null,
      endedBy: null,
    };
  }

  /** The call was picked up: the persona's first words. */
  async answered(): Promise<void> {
    switch (this.record.persona) {
      case 'voicemail':
        await this.say(
          `Hi, you have reached ${this.name}. I can't take your call right now. Please leave a message after the tone.`,
        );
        if (this.mode === 'done') return;
        this.record.said.push('(tone)');
        await this.mouth.beep();
        this.mode = 'recording';
        this.record.voicemail = '';
        this.mouth.after(this.timings.voicemailMaxMs, () => this.finishRecording());
        return;
      case 'screener':
        this.mode = 'screening';
        await this.say('Hello. Please say your name and why you are calling.');
        this.waitForAnswer();
        return;
      case 'menu':
        this.mode = 'menu';
        await this.menuPrompt();
        return;
      default:
        this.mode = 'talking';
        await this.say('Hello?');
    }
  }

  /** The caller said this (the line's transcript of the agent). */
  heardSaying(text: string): void {
    const said = text.trim();
    if (said === '' || this.mode === 'done') return;
    this.record.heard.push(said);
    if (this.mode === 'recording') {
      this.message.push(said);
      this.record.voicemail = this.message.join(' ');
      this.heardAfterTone = true;
      this.mouth.after(this.timings.voicemailSilenceMs, () => this.finishRecording());
    } else if (this.mode === 'screening') {
      this.screen(said);
    } else if (this.mode === 'talking') {
      this.turns += 1;
      const reply = personReply(said, this.turns, this.name);
      if (reply === null) {
        this.mode = 'leaving';
        void this.say('Okay, goodbye.').then(() => this.hangUp());
      } else void this.say(reply);
    }
  }

  /** Caller audio arrived: while recording, it holds the recording open. */
  heardAudio(): void {
    if (this.mode === 'recording' && this.heardAfterTone) {
      this.mouth.after(this.timings.voicemailSilenceMs, () => this.finishRecording());
    }
  }

  /** A keypad digit from the caller. */
  digit(digit: string): void {
    if (this.mode === 'done') return;
    this.record.digits += digit;
    if (this.mode !== 'menu') return;
    const department = digit === '1' ? 'sales' : digit === '2' ? 'support' : null;
    if (department === null) {
      void this.say('Sorry, that is not a valid option.').then(() => this.menuPrompt());
      return;
    }
    this.mode = 'talking';
    this.name = department === 'sales' ? 'Sam from sales' : 'Alex from support';
    void this.say(`Connecting you to ${department}.`).then(() =>
      this.say(`Hi, this is ${this.name}. How can I help?`),
    );
  }

  /** The call ended from the caller's side (or the network's). */
  ended(): void {
    if (this.mode === 'done') return;
    this.mode = 'done';
    this.record.endedBy = 'caller';
  }

  private async menuPrompt(): Promise<void> {
    if (this.mode !== 'menu') return;
    this.prompts += 1;
    if (this.prompts > 3) {
      await this.say('We did not receive a selection. Goodbye.');
      this.hangUp();
      return;
    }
    await this.say('Thank you for calling. For sales, press 1. For support, press 2.');
    this.mouth.after(this.timings.promptWaitMs, () => void this.menuPrompt());
  }

  private waitForAnswer(): void {
    this.mouth.after(this.timings.promptWaitMs, () => {
      if (this.mode !== 'screening') return;
      this.prompts += 1;
      if (this.prompts > 2) void this.say('Goodbye.').then(() => this.hangUp());
      else void this.say('Please say your name and why you are calling.').then(() => this.waitForAnswer());
    });
  }

  private screen(said: string): void {
    const variant = Number(this.record.number.slice(-2));
    if (variant < 50 && words(said) >= 4) {
      this.record.accepted = true;
      this.mode = 'talking';
      void this.say('Thank you. Please hold while I connect you.').then(() =>
        this.say('Hello, who is this?'),
      );
      return;
    }
    this.record.accepted = false;
    this.mode = 'leaving';
    void this.say('Sorry, they are not taking calls right now. Goodbye.').then(() => this.hangUp());
  }

  private finishRecording(): void {
    if (this.mode !== 'recording') return;
    this.record.voicemail = this.message.join(' ');
    this.hangUp();
  }

  private async say(text: string): Promise<void> {
    if (this.mode === 'done') return;
    this.record.said.push(text);
    await this.mouth.say(text);
  }

  private hangUp(): void {
    if (this.mode === 'done') return;
    this.mode = 'done';
    this.record.endedBy = 'callee';
    this.mouth.hangUp();
  }
}
