/**
 * Who picked up an outbound call, decided in its first seconds: a person, a voicemail greeting, a call screener or
 * a phone menu (IVR). Two kinds of evidence: what the recogniser hears the callee say (phrases each kind uses)
 * and, for voicemail, the beep (a steady tone near 1 kHz in the inbound audio, found with the Goertzel algorithm).
 * A short greeting ("Hello?", "Hi, this is Sam") is a person.
 */

export type AnsweredBy = 'human' | 'voicemail' | 'screener' | 'menu';

export interface Classification {
  answeredBy: AnsweredBy;
  /** What decided it: the phrase heard, `beep`, `short greeting`, or `silence`. */
  cue: string;
  /** Milliseconds from the answer to the decision. */
  atMs: number;
}

const cues: [AnsweredBy, RegExp][] = [
  ['menu', /\bpress (one|two|three|four|five|six|seven|eight|nine|zero|pound|star|\d)\b/],
  ['menu', /\bfor (sales|support|billing|service|english|spanish)\b.*\b(press|say)\b/],
  ['menu', /\b(main menu|menu options|please listen carefully|options have changed|dial (the|your) party)\b/],
  ['screener', /\b(say|state) your name\b/],
  ['screener', /\bwhy (you are|you're|are you) calling\b/],
  [
    'screener',
    /\b(reason for your call|person you('re| are) calling|screening|google assistant|who('s| is) calling)\b/,
  ],
  [
    'voicemail',
    /\b(leave (a|your|me a) (message|name|voicemail)|after the (tone|beep)|at the (tone|beep)|record your message)\b/,
  ],
  [
    'voicemail',
    /\b(not available|unavailable|can('|no)?t (take|come to) (your|the) (call|phone)|you('ve| have) reached|mailbox|voicemail)\b/,
  ],
];

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9'?\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The kind of callee a phrase points to, and the phrase; null when it says nothing decisive. */
export function classifyPhrase(text: string): { answeredBy: AnsweredBy; cue: string } | null {
  const said = normalise(text);
  for (const [answeredBy, pattern] of cues) {
    const match = pattern.exec(said);
    if (match) return { answeredBy, cue: match[0] };
  }
  return null;
}

/** "Hello?", "Hi, this is Sam", "Yeah?": the few words a person answers with. */
export function isShortGreeting(text: string): boolean {
  const said = normalise(text);
  const words = said.split(' ').filter(Boolean);
  return (
    words.length > 0 &&
    words.length <= 5 &&
    /^(hello|hi|hey|yeah|yes|yep|speaking|good (morning|afternoon|evening)|this is|[a-z]+ speaking)\b/.test(
      said,
    )
  );
}

/** Goertzel power of one frequency over a block of samples. */
function goertzel(samples: Float32Array, sampleRate: number, frequency: number): number {
  const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / sampleRate);
  let previous = 0;
  let beforePrevious = 0;
  for (const sample of samples) {
    const current = sample + coefficient * previous - beforePrevious;
    beforePrevious = previous;
    previous = current;
  }
  return previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious;
}

/**
 * Finds a voicemail beep: blocks of 20 ms whose energy sits almost all in one bin between 850 and 1150 Hz, for
 * `minMs` in a row. Feed it the inbound audio (16-bit PCM) as it arrives.
 */
export class BeepDetector {
  private readonly block: number;
  private buffer: number[] = [];
  private run = 0;
  private heardAt: number | null = null;
  private elapsed = 0;
  private readonly bins = [850, 900, 950, 1000, 1050, 1100, 1150];

  constructor(
    private readonly sampleRate = 16_000,
    private readonly minMs = 200,
  ) {
    this.block = Math.round(sampleRate / 50);
  }

  /** Milliseconds into the audio when the beep was found, or null so far. */
  get beepAtMs(): number | null {
    return this.heardAt;
  }

  push(pcm: Int16Array): boolean {
    for (const sample of pcm) {
      this.buffer.push(sample / 32_768);
      if (this.buffer.length < this.block) continue;
      const samples = Float32Array.from(this.buffer);
      this.buffer = [];
      this.elapsed += 20;
      if (this.heardAt !== null) continue;
      this.run = this.isTone(samples) ? this.run + 20 : 0;
      if (this.run >= this.minMs) this.heardAt = this.elapsed;
    }
    return this.heardAt !== null;
  }

  private isTone(samples: Float32Array): boolean {
    let energy = 0;
    for (const sample of samples) energy += sample * sample;
    if (energy / samples.length < 1e-4) return false;
    const best = Math.max(...this.bins.map((bin) => goertzel(samples, this.sampleRate, bin)));
    // A pure tone's Goertzel power at its bin is about (N/2)² · amplitude², i.e. N/2 · energy.
    return best / ((samples.length / 2) * energy) > 0.5;
  }
}

/**
 * Classifies one call from its start: `heard` each recognised utterance, `audio` the inbound audio; `decide`
 * answers once the evidence is in (a phrase or the beep at once; a short greeting followed by no other cue within
 * `windowMs`), else at the end of the window: a person when anything was said, else voicemail (silence).
 */
export class AnswerClassifier {
  private readonly beep: BeepDetector;
  private result: Classification | null = null;
  private greetingAt: number | null = null;
  private heardAnything = false;

  constructor(private readonly options: { sampleRate?: number; windowMs?: number } = {}) {
    this.beep = new BeepDetector(options.sampleRate ?? 16_000);
  }

  get decided(): Classification | null {
    return this.result;
  }

  heard(text: string, atMs: number): Classification | null {
    if (this.result || text.trim() === '') return this.result;
    this.heardAnything = true;
    const phrase = classifyPhrase(text);
    if (phrase) return (this.result = { ...phrase, atMs });
    if (this.greetingAt === null && isShortGreeting(text)) this.greetingAt = atMs;
    return null;
  }

  audio(pcm: Int16Array): Classification | null {
    if (this.result) return this.result;
    if (this.beep.push(pcm)) {
      this.result = { answeredBy: 'voicemail', cue: 'beep', atMs: this.beep.beepAtMs ?? 0 };
    }
    return this.result;
  }

  /** The decision at `nowMs` from the answer: waits out the window unless the evidence is already clear. */
  decide(nowMs: number): Classification | null {
    if (this.result) return this.result;
    const windowMs = this.options.windowMs ?? 4_000;
    // A greeting with nothing more after a second and a half is a person waiting for the caller to speak.
    if (this.greetingAt !== null && nowMs - this.greetingAt >= 1_500)
      return (this.result = { answeredBy: 'human', cue: 'short greeting', atMs: nowMs });
    if (nowMs < windowMs) return null;
    return (this.result = this.heardAnything
      ? { answeredBy: 'human', cue: 'conversation', atMs: nowMs }
      : { answeredBy: 'voicemail', cue: 'silence', atMs: nowMs });
  }
}
