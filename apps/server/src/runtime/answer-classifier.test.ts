import { describe, expect, it } from 'vitest';
import {
  SandboxCallee,
  answers,
  sandboxCalleeNumber,
  type CalleeMouth,
  type SandboxCalleePersona,
} from '../providers/telephony/sandbox-callees';
import {
  AnswerClassifier,
  BeepDetector,
  classifyPhrase,
  isShortGreeting,
  menuOptions,
  screenerVerdict,
  type AnsweredBy,
} from './answer-classifier';
import { chooseMenuOption } from './answer-lines';

const rate = 16_000;

function tone(frequency: number, ms: number, amplitude = 0.4): Int16Array {
  const samples = new Int16Array(Math.round((rate * ms) / 1000));
  for (let i = 0; i < samples.length; i += 1)
    samples[i] = Math.round(Math.sin((2 * Math.PI * frequency * i) / rate) * amplitude * 32_767);
  return samples;
}

/** Noise with a seeded generator, shaped like speech's energy (no single strong frequency). */
function noise(ms: number, amplitude = 0.3): Int16Array {
  let seed = 7;
  const samples = new Int16Array(Math.round((rate * ms) / 1000));
  for (let i = 0; i < samples.length; i += 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    samples[i] = Math.round((seed / 2 ** 31 - 0.5) * 2 * amplitude * 32_767);
  }
  return samples;
}

/** A vowel-like sound: a 150 Hz voice with harmonics, as a person's "Hello" has. */
function vowel(ms: number): Int16Array {
  const samples = new Int16Array(Math.round((rate * ms) / 1000));
  for (let i = 0; i < samples.length; i += 1) {
    let value = 0;
    for (let harmonic = 1; harmonic <= 12; harmonic += 1)
      value += Math.sin((2 * Math.PI * 150 * harmonic * i) / rate) / harmonic;
    samples[i] = Math.round(value * 0.15 * 32_767);
  }
  return samples;
}

describe('phrases', () => {
  const cases: [string, AnsweredBy | null][] = [
    ["Hi, you've reached Dana. Please leave a message after the tone.", 'voicemail'],
    [
      'The person you are trying to reach is not available. At the beep, please record your message.',
      'voicemail',
    ],
    ['The mailbox is full.', 'voicemail'],
    ['Please say your name and why you are calling.', 'screener'],
    ["Hi, the person you're calling is using a screening service. State your name.", 'screener'],
    ['For sales, press 1. For support, press 2.', 'menu'],
    ['Thank you for calling. Please listen carefully as our menu options have changed.', 'menu'],
    ['Para español, oprima el dos. For English press one.', 'menu'],
    ['Hello?', null],
    ['Yes, this is Rosa, who is this?', null],
  ];
  it.each(cases)('%s → %s', (text, expected) => {
    expect(classifyPhrase(text)?.answeredBy ?? null).toBe(expected);
  });

  it('takes a few words of greeting for a person, not a sentence', () => {
    expect(isShortGreeting('Hello?')).toBe(true);
    expect(isShortGreeting('Hi, this is Sam.')).toBe(true);
    expect(isShortGreeting('Yeah?')).toBe(true);
    expect(isShortGreeting('I told you already not to call me here again')).toBe(false);
  });
});

describe('menus and screeners', () => {
  it("reads a menu's options either way round, and picks the one the task names", () => {
    const options = menuOptions('Thank you for calling. For sales, press 1. For support, press 2.');
    expect(options).toEqual([
      { label: 'sales', key: '1' },
      { label: 'support', key: '2' },
    ]);
    expect(menuOptions('press one for billing press two to speak with an agent')).toEqual([
      { label: 'billing', key: '1' },
      { label: 'agent', key: '2' },
    ]);
    const task = {
      id: 1,
      context: null,
      taskContext: 'Ask support about the order.',
      variables: {},
      greeting: null,
      waitToGreet: false,
      message: null,
      onVoicemail: 'leave-message' as const,
    };
    expect(chooseMenuOption(options, task)).toEqual({ label: 'support', key: '2' });
    expect(chooseMenuOption(options, { ...task, variables: { menuOption: '1' } })?.key).toBe('1');
    expect(chooseMenuOption(options, null)?.key).toBe('1');
  });

  it('tells a screener putting the caller through from one refusing', () => {
    expect(screenerVerdict('Thank you. Please hold while I connect you.')).toBe('accepted');
    expect(screenerVerdict('Sorry, they are not taking calls right now. Goodbye.')).toBe('refused');
    expect(screenerVerdict('Please say your name and why you are calling.')).toBeNull();
  });
});

describe('the beep', () => {
  it('hears a 1 kHz tone of a few hundred milliseconds, after speech', () => {
    const detector = new BeepDetector(rate);
    expect(detector.push(vowel(1_500))).toBe(false);
    expect(detector.push(tone(1_000, 500))).toBe(true);
    expect(detector.beepAtMs).toBeGreaterThanOrEqual(1_700);
    expect(detector.beepAtMs).toBeLessThanOrEqual(1_760);
  });

  it('hears tones near 1 kHz and under noise', () => {
    for (const frequency of [900, 1_000, 1_100]) {
      const mixed = tone(frequency, 400);
      const hiss = noise(400, 0.05);
      for (let i = 0; i < mixed.length; i += 1) mixed[i] = (mixed[i] ?? 0) + (hiss[i] ?? 0);
      expect(new BeepDetector(rate).push(mixed), `${String(frequency)} Hz`).toBe(true);
    }
  });

  it('ignores speech, noise, silence, a dial tone and a beep too short', () => {
    expect(new BeepDetector(rate).push(vowel(2_000))).toBe(false);
    expect(new BeepDetector(rate).push(noise(2_000))).toBe(false);
    expect(new BeepDetector(rate).push(new Int16Array(rate))).toBe(false);
    expect(new BeepDetector(rate).push(tone(440, 1_000))).toBe(false);
    expect(new BeepDetector(rate).push(tone(1_000, 100))).toBe(false);
  });
});

describe('a call', () => {
  it('decides a short greeting is a person once nothing more follows', () => {
    const classifier = new AnswerClassifier();
    expect(classifier.heard('Hello?', 600)).toBeNull();
    expect(classifier.decide(1_500)).toBeNull();
    expect(classifier.decide(2_200)).toMatchObject({ answeredBy: 'human', cue: 'short greeting' });
  });

  it('lets a voicemail greeting that starts like a person win over the greeting', () => {
    const classifier = new AnswerClassifier();
    classifier.heard('Hi, this is Dana.', 500);
    expect(classifier.heard("I can't take your call right now", 1_400)).toMatchObject({
      answeredBy: 'voicemail',
    });
  });

  it('calls silence through the whole window unknown', () => {
    const classifier = new AnswerClassifier({ windowMs: 4_000 });
    expect(classifier.decide(3_000)).toBeNull();
    expect(classifier.decide(4_000)).toMatchObject({ answeredBy: 'unknown', cue: 'silence' });
  });

  it('waits past the window while the callee is still speaking, up to the bound', () => {
    const classifier = new AnswerClassifier({ windowMs: 4_000, maxMs: 10_000 });
    expect(classifier.decide(5_000, true)).toBeNull();
    expect(classifier.heard('Hello. Please say your name and why you are calling.', 6_000)).toMatchObject({
      answeredBy: 'screener',
    });
    const long = new AnswerClassifier({ windowMs: 4_000, maxMs: 10_000 });
    long.heard('We are so glad', 1_000);
    expect(long.decide(9_000, true)).toBeNull();
    expect(long.decide(10_000, true)).toMatchObject({ answeredBy: 'human', cue: 'conversation' });
  });

  it('hears when the beep stops', () => {
    const classifier = new AnswerClassifier();
    expect(classifier.audio(tone(1_000, 500))).toMatchObject({ answeredBy: 'voicemail', cue: 'beep' });
    expect(classifier.beepEndAtMs).toBeNull();
    classifier.audio(new Int16Array(rate / 10));
    expect(classifier.beepEndAtMs).toBe(500);
  });
});

/**
 * The sandbox network's simulated callees, each answering a call: what they say goes to the classifier as the
 * recogniser's transcript, their beep as 1 kHz audio, with the clock advanced by each line's speaking time.
 */
async function classifyPersona(persona: SandboxCalleePersona, variant: number) {
  const classifier = new AnswerClassifier();
  let clock = 0;
  const mouth: CalleeMouth = {
    say(text) {
      clock += 300 * text.split(/\s+/).length;
      classifier.heard(text, clock);
      return Promise.resolve();
    },
    beep() {
      classifier.audio(tone(1_000, 500));
      clock += 500;
      return Promise.resolve();
    },
    hangUp: () => undefined,
    after: () => undefined,
  };
  const callee = new SandboxCallee(
    `CA-test-${persona}`,
    sandboxCalleeNumber(persona, variant),
    persona,
    mouth,
  );
  await callee.answered();
  return classifier.decided ?? classifier.decide(clock + 4_000);
}

describe('the sandbox callees', () => {
  const expected: Partial<Record<SandboxCalleePersona, AnsweredBy>> = {
    person: 'human',
    voicemail: 'voicemail',
    screener: 'screener',
    menu: 'menu',
  };
  const personas = (Object.keys(expected) as SandboxCalleePersona[]).filter(answers);

  it('classifies every persona that answers', async () => {
    let right = 0;
    let total = 0;
    const wrong: string[] = [];
    for (const persona of personas) {
      for (const variant of [0, 17, 50, 99]) {
        const decided = await classifyPersona(persona, variant);
        total += 1;
        if (decided?.answeredBy === expected[persona]) right += 1;
        else wrong.push(`${persona}/${String(variant)}: ${decided?.answeredBy ?? 'undecided'}`);
      }
    }
    process.stdout.write(
      `answer classification over the sandbox callees: ${String(right)}/${String(total)}\n`,
    );
    expect(wrong).toEqual([]);
  });
});
