/**
 * Who picked up an outbound call, decided in its first seconds: a person, a voicemail greeting, a call screener or
 * a phone menu (IVR). Two kinds of evidence: what the recogniser hears the callee say (phrases each kind uses)
 * and, for voicemail, the beep (a steady tone near 1 kHz in the inbound audio, found with the Goertzel algorithm).
 * A short greeting ("Hello?", "Hi, this is Sam") is a person; a line that says nothing decisive in the bounded
 * time is `unknown`.
 */

import { goertzel } from '../media/goertzel';

export type AnsweredBy = 'human' | 'voicemail' | 'screener' | 'menu' | 'unknown';

export interface Classification {
  answeredBy: AnsweredBy;
  /** What decided it: the phrase heard, `beep`, `short greeting`, `conversation`, or `silence`. */
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

const digitWords: Record<string, string> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  pound: '#',
  star: '*',
};

/** The options a phone menu reads out ("For sales, press 1"; "Press 2 for support"), in order. */
export function menuOptions(text: string): { label: string; key: string }[] {
  const said = normalise(text).replace(/\?/g, '');
  const key = '(\\d|zero|one|two|three|four|five|six|seven|eight|nine|pound|star)';
  const before = new RegExp(
    `\\b(?:for|to reach|to speak (?:to|with)|if you (?:want|need|are calling about))( an?| the| your)? ([a-z' ]+?),? (?:please )?(?:press|dial|say) ${key}\\b`,
    'g',
  );
  const after = new RegExp(
    `\\b(?:press|dial) ${key} (?:for|to reach|to speak (?:to|with))( an?| the| your)? ([a-z' ]+?)(?= press| dial| for|$)`,
    'g',
  );
  const labelFirst = [...said.matchAll(before)].map((m) => ({ label: m[2] ?? '', key: m[3] ?? '' }));
  const keyFirst = [...said.matchAll(after)].map((m) => ({ label: m[3] ?? '', key: m[1] ?? '' }));
  // A menu reads its options one way ("for sales, press 1" or "press 1 for sales"): the way that finds more.
  return (keyFirst.length > labelFirst.length ? keyFirst : labelFirst)
    .map(({ label, key: spoken }) => ({
      // "thank you for calling for sales": the option is the last thing named.
      label:
        label
          .split(/\b(?:for|to reach|to speak (?:to|with)) /)
          .at(-1)
          ?.trim() ?? label,
      key: digitWords[spoken] ?? spoken,
    }))
    .filter(
      (option, index, all) => option.label !== '' && all.findIndex((o) => o.key === option.key) === index,
    );
}

/** What a call screener said after hearing the caller: putting them through, refusing, or neither. */
export function screenerVerdict(text: string): 'accepted' | 'refused' | null {
  const said = normalise(text);
  if (
    /\b(not (taking|accepting) calls|(is|are) not available|cannot take|can't take|goodbye|declined)\b/.test(
      said,
    )
  )
    return 'refused';
  if (/\b(connect you|put you through|please hold|one moment|hold on|go ahead)\b/.test(said))
    return 'accepted';
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

/**
 * Finds a voicemail beep: blocks of 20 ms whose energy sits almost all in one bin between 850 and 1150 Hz, for
 * `minMs` in a row. Feed it the inbound audio (16-bit PCM) as it arrives.
 */
export class BeepDetector {
  private readonly block: number;
  private buffer: number[] = [];
  private run = 0;
  private heardAt: number | null = null;
  private endedAt: number | null = null;
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

  /** Milliseconds into the audio when the beep found stopped (what is said after it is recorded), or null. */
  get beepEndAtMs(): number | null {
    return this.endedAt;
  }

  push(pcm: Int16Array): boolean {
    for (const sample of pcm) {
      this.buffer.push(sample / 32_768);
      if (this.buffer.length < this.block) continue;
      const samples = Float32Array.from(this.buffer);
      this.buffer = [];
      this.elapsed += 20;
      if (this.heardAt !== null) {
        if (this.endedAt === null && !this.isTone(samples)) this.endedAt = this.elapsed - 20;
        continue;
      }
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

export interface ClassifierOptions {
  sampleRate?: number;
  /** How long it listens before deciding on what it has (4 s). */
  windowMs?: number;
  /** The bound: decided by then even while the callee is still speaking (10 s). */
  maxMs?: number;
}

/**
 * Classifies one call from its start: `heard` each recognised utterance, `audio` the inbound audio; `decide`
 * answers once the evidence is in (a phrase or the beep at once; a short greeting followed by no other cue within
 * 1.5 s), else at the end of the window, or later while the callee is still speaking (`speaking`), never after
 * `maxMs`: a person when anything was said, else unknown (silence).
 */
export class AnswerClassifier {
  private readonly beep: BeepDetector;
  private result: Classification | null = null;
  private greetingAt: number | null = null;
  private heardAnything = false;
  /** Everything recognised so far, in order (a menu's options are read from it). */
  readonly transcript: string[] = [];

  constructor(private readonly options: ClassifierOptions = {}) {
    this.beep = new BeepDetector(options.sampleRate ?? 16_000);
  }

  get decided(): Classification | null {
    return this.result;
  }

  /** Milliseconds into the inbound audio when a beep was heard (it keeps listening after the decision). */
  get beepAtMs(): number | null {
    return this.beep.beepAtMs;
  }

  /** Milliseconds into the inbound audio when that beep stopped. */
  get beepEndAtMs(): number | null {
    return this.beep.beepEndAtMs;
  }

  heard(text: string, atMs: number): Classification | null {
    if (text.trim() !== '') this.transcript.push(text.trim());
    if (this.result || text.trim() === '') return this.result;
    this.heardAnything = true;
    const phrase = classifyPhrase(text);
    if (phrase) return (this.result = { ...phrase, atMs });
    if (this.greetingAt === null && isShortGreeting(text)) this.greetingAt = atMs;
    return null;
  }

  audio(pcm: Int16Array): Classification | null {
    const beeped = this.beep.push(pcm);
    if (!this.result && beeped) {
      this.result = { answeredBy: 'voicemail', cue: 'beep', atMs: this.beep.beepAtMs ?? 0 };
    }
    return this.result;
  }

  /**
   * The decision at `nowMs` from the answer: waits out the window unless the evidence is already clear, and past
   * it while the callee is `speaking` (an utterance being heard or recognised), up to `maxMs`.
   */
  decide(nowMs: number, speaking = false): Classification | null {
    if (this.result) return this.result;
    const windowMs = this.options.windowMs ?? 4_000;
    const bound = nowMs >= (this.options.maxMs ?? 10_000);
    // A greeting with nothing more after a second and a half is a person waiting for the caller to speak.
    if (this.greetingAt !== null && nowMs - this.greetingAt >= 1_500 && (!speaking || bound))
      return (this.result = { answeredBy: 'human', cue: 'short greeting', atMs: nowMs });
    if (nowMs < windowMs || (speaking && !bound)) return null;
    return (this.result = this.heardAnything
      ? { answeredBy: 'human', cue: 'conversation', atMs: nowMs }
      : { answeredBy: 'unknown', cue: 'silence', atMs: nowMs });
  }
}
