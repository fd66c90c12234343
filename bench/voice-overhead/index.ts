// The platform's own cost per voice turn: simulated concurrent calls (1, 10, 100) stream caller audio in real time
// (20 ms frames) through the real pipeline (energy VAD, speech-to-text, the conversation state machine with the
// Sandbox model and the agent's functions, sentence-by-sentence text-to-speech) with instant in-process speech
// providers. Per turn: the VAD's end-of-utterance event → the first agent audio frame out, minus the providers'
// own time (recognition, the model until its first words, synthesis until its first chunk). Next to it, in the
// same run, a bare pass-through pipeline (the same VAD, an audio frame out on end of utterance).
import { agentConfigSchema } from '@switchboard/contract';
import { builtInAgentTemplates } from '@switchboard/db';
import { fillConfigTemplateVariables } from '@switchboard/server/features/agents/campaign-config';
import { createLogger } from '@switchboard/server/platform/logger';
import type { CalendarProvider } from '@switchboard/server/providers/calendar/types';
import { createSandboxModel } from '@switchboard/server/providers/llm/sandbox/sandbox-model';
import type { LanguageModel } from '@switchboard/server/providers/llm/types';
import { instantSpeechProviders } from '@switchboard/server/providers/shared/speech-providers';
import type { SpeechToText } from '@switchboard/server/providers/stt/types';
import type { TextToSpeech } from '@switchboard/server/providers/tts/types';
import { createEnergyVad } from '@switchboard/server/providers/vad/energy';
import type { AgentSession } from '@switchboard/server/runtime/session-types';
import { Conversation } from '@switchboard/server/runtime/conversation';
import { buildPrompt } from '@switchboard/server/runtime/prompt';
import { newToolState } from '@switchboard/server/runtime/tools/environment';
import { VoicePipeline } from '@switchboard/server/runtime/voice-pipeline';
import { intFlag, table } from '../support';
import { documentKnowledgeSearch } from '@switchboard/server/runtime/knowledge/document-search';

const turnsPerCall = intFlag('turns', 3);
const levels = process.argv.includes('--quick') ? [1, 10] : [1, 10, 100];
const frameMs = 20;
const logger = createLogger({ level: 'silent' });
const questions = [
  'What are your opening hours?',
  'Where are you located?',
  'How much does teeth whitening cost?',
];

const receptionist = builtInAgentTemplates.find((template) => template.id === 'receptionist');
if (!receptionist) throw new Error('The receptionist template is missing');
const config = fillConfigTemplateVariables(
  agentConfigSchema.parse({
    ...receptionist.config,
    templateFields: Object.fromEntries(receptionist.fields.map((field) => [field.key, field.example])),
    timezone: 'America/Chicago',
    // The caller speaks 300 ms into the greeting: a barge-in, measured like any turn (by default the first
    // seconds of an agent turn cannot be interrupted, and the question would wait for the greeting to end).
    interruptionMinimumSpeakingTime: 0,
  }),
);

/** Room noise, a tone standing in for speech, and silence, as 20 ms frames at 16 kHz. */
let seed = 11;
function frame(loud: boolean, index: number): Int16Array {
  const pcm = new Int16Array(320);
  for (let i = 0; i < pcm.length; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const noise = (seed / 2147483648 - 0.5) * 60;
    const tone = loud ? 8000 * Math.sin(((index * 320 + i) * 2 * Math.PI * 220) / 16000) : 0;
    pcm[i] = Math.round(tone + noise);
  }
  return pcm;
}

/** One caller turn: 0.4 s of noise, 0.8 s of "speech", then silence long enough to end the turn and hear the reply. */
function turnAudio(): boolean[] {
  return [
    ...Array<boolean>(20).fill(false),
    ...Array<boolean>(40).fill(true),
    ...Array<boolean>(110).fill(false),
  ];
}

const memoryCalendar: CalendarProvider = {
  name: 'memory',
  sandbox: true,
  busy: () => Promise.resolve([]),
  book: () => Promise.resolve({ id: '1' }),
};

interface Measured {
  latencies: number[];
  overheads: number[];
}

/** Streams `pattern` frames in real time, calling `push` per frame; resolves when all are sent. */
function stream(pattern: boolean[], push: (pcm: Int16Array) => void): Promise<void> {
  return new Promise((resolve) => {
    let index = 0;
    const started = performance.now();
    const tick = () => {
      // Catch up on frames a busy event loop delayed, as a network buffer would deliver them.
      const due = Math.min(pattern.length, Math.floor((performance.now() - started) / frameMs) + 1);
      while (index < due) {
        push(frame(pattern[index] ?? false, index));
        index++;
      }
      if (index >= pattern.length) resolve();
      else setTimeout(tick, frameMs);
    };
    tick();
  });
}

async function pipelineCall(measured: Measured): Promise<void> {
  const speech = instantSpeechProviders({
    transcripts: Array.from({ length: turnsPerCall }, (_, i) => questions[i % questions.length] ?? ''),
  });
  // Time each provider spends on a turn, to subtract it.
  let providerMs = 0;
  const stt: SpeechToText = {
    name: speech.stt.name,
    sandbox: true,
    unavailableReason: () => Promise.resolve(null),
    openStream: (options) => {
      const inner = speech.stt.openStream(options);
      return {
        write: (pcm) => inner.write(pcm),
        abort: () => inner.abort(),
        finish: async () => {
          const began = performance.now();
          const transcript = await inner.finish();
          providerMs = performance.now() - began;
          return transcript;
        },
      };
    },
  };
  const sandbox = createSandboxModel();
  const model: LanguageModel = {
    ...sandbox,
    async *stream(request) {
      const began = performance.now();
      let first = true;
      for await (const event of sandbox.stream(request)) {
        if (first && event.type === 'text') {
          providerMs += performance.now() - began;
          first = false;
        }
        yield event;
      }
    },
  };
  const tts: TextToSpeech = {
    name: speech.tts.name,
    sandbox: true,
    unavailableReason: () => Promise.resolve(null),
    async *synthesize(text, options) {
      const began = performance.now();
      let first = true;
      for await (const chunk of speech.tts.synthesize(text, options)) {
        if (first) {
          providerMs += performance.now() - began;
          first = false;
        }
        yield chunk;
      }
    },
  };
  const { system, context } = buildPrompt({
    config,
    agentName: 'Acme Dental',
    contact: { name: null, phoneNumber: '+15551230000', email: null },
    channel: 'voice',
    now: new Date(),
  });
  let pipeline: VoicePipeline | null = null;
  const conversation = new Conversation({
    model,
    system,
    context,
    state: newToolState(),
    logger,
    tools: {
      config,
      agent: { accountId: 1, organizationId: null, name: 'Acme Dental', phoneNumber: null },
      conversation: {
        uuid: '00000000-0000-4000-8000-000000000003',
        roomId: '1:2',
        contactAddress: '+15551230000',
        contactPhone: '+15551230000',
        channel: 'voice',
        isTest: false,
      },
      documents: [...context.documents],
      knowledge: documentKnowledgeSearch,
      calendar: memoryCalendar,
      sms: { name: 'none', sandbox: true, send: () => Promise.resolve() },
      recordOutgoingSms: () => Promise.resolve(),
      flagForPerson: () => Promise.resolve(),
      now: () => new Date(),
      logger,
    },
    events: {
      state: () => undefined,
      delta: (turnId, delta) => pipeline?.onDelta(turnId, delta),
      reply: (turnId) => pipeline?.onReply(turnId),
      tool: () => undefined,
      ended: () => undefined,
    },
  });
  const session: AgentSession = {
    id: 'bench',
    roomId: '1:2',
    conversationUuid: '00000000-0000-4000-8000-000000000003',
    agentName: 'Acme Dental',
    config,
    task: null,
    greeting: config.welcomeMessage,
    model,
    conversation,
    latencies: { greetingMs: null, turnsMs: [] },
    usage: {},
    switchChannel: () => undefined,
    finalize: () => Promise.resolve(),
  };
  let audioFrames = 0;
  const voice = new VoicePipeline({
    session,
    speech: { stt, tts, vad: speech.vad },
    outputSampleRate: 16000,
    logger,
    output: {
      audio: () => {
        audioFrames++;
      },
      audioStart: () => undefined,
      audioEnd: () => undefined,
      bargeIn: () => undefined,
      userText: () => undefined,
    },
  });
  pipeline = voice;
  await voice.start();
  await conversation.greet(config.welcomeMessage);
  // The greeting plays while the caller waits, as on a real call.
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (let turn = 0; turn < turnsPerCall; turn++) {
    const before = session.latencies.turnsMs.length;
    providerMs = 0;
    await stream(turnAudio(), (pcm) => voice.pushAudio(pcm));
    await voice.drain();
    const latency = session.latencies.turnsMs[before];
    if (latency !== undefined) {
      measured.latencies.push(latency);
      measured.overheads.push(Math.max(0, latency - providerMs));
    }
  }
  if (audioFrames === 0) throw new Error('The pipeline produced no audio');
  voice.close();
}

async function bareCall(measured: Measured): Promise<void> {
  const vad = createEnergyVad({ sampleRate: 16000, silenceMs: config.speakingTimeout });
  let pending = Promise.resolve();
  for (let turn = 0; turn < turnsPerCall; turn++) {
    await stream(turnAudio(), (pcm) => {
      pending = pending.then(async () => {
        for (const event of await vad.push(pcm)) {
          if (event.type !== 'speech-end') continue;
          const endOfUtterance = performance.now();
          // Pass-through: an audio frame goes out on end of utterance.
          await Promise.resolve(new Int16Array(320));
          const latency = performance.now() - endOfUtterance;
          measured.latencies.push(latency);
          measured.overheads.push(latency);
        }
      });
    });
    await pending;
  }
}

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const rows: Record<string, string | number>[] = [];
for (const calls of levels) {
  for (const kind of ['bare pass-through', 'platform pipeline'] as const) {
    const measured: Measured = { latencies: [], overheads: [] };
    const began = performance.now();
    await Promise.all(
      Array.from({ length: calls }, async (_, index) => {
        // Calls start spread over one turn, as real calls do not all start on the same frame.
        await new Promise((resolve) => setTimeout(resolve, (index * 1000) / calls));
        await (kind === 'bare pass-through' ? bareCall(measured) : pipelineCall(measured));
      }),
    );
    rows.push({
      calls,
      pipeline: kind,
      turns: measured.overheads.length,
      'overhead p50 ms': percentile(measured.overheads, 0.5),
      'overhead p99 ms': percentile(measured.overheads, 0.99),
      'latency p50 ms': percentile(measured.latencies, 0.5),
      'wall s': (performance.now() - began) / 1000,
    });
  }
}
table(rows);
const at100 = rows.find((row) => row.calls === 100 && row.pipeline === 'platform pipeline');
if (at100) {
  const p50 = Number(at100['overhead p50 ms']);
  const p99 = Number(at100['overhead p99 ms']);
  console.log(
    `Target at 100 calls: overhead p50 ≤ 10 ms and p99 ≤ 30 ms → p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms: ${p50 <= 10 && p99 <= 30 ? 'met' : 'NOT met'}`,
  );
}
