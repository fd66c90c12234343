// Speech stack figures: recognition real-time factor and latency after the caller stops, synthesis time to the
// first chunk, and voice activity detection cost per 20 ms of audio. Each beside a reference from the same run:
// the pocketsphinx and flite command lines on the same input, and the energy detector.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PocketsphinxStt } from '@switchboard/server/providers/stt/pocketsphinx';
import { FliteTts } from '@switchboard/server/providers/tts/flite';
import { energyVadFactory } from '@switchboard/server/providers/vad/energy';
import { createSileroVadFactory } from '@switchboard/server/providers/vad/silero';
import type { VadFactory } from '@switchboard/server/providers/vad/types';
import { speechWav } from '@switchboard/testing';
import { intFlag, table } from '../support';

const rounds = intFlag('rounds', 3);
const run = promisify(execFile);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const began = performance.now();
  const result = await work();
  return [performance.now() - began, result];
}

console.log(
  `Speech benchmarks, median of ${rounds} rounds (${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)})`,
);

// Recognition of a ~3 s utterance.
const utterance = await speechWav('I would like to book a table for four people tomorrow.', {
  leadingSilenceMs: 100,
  trailingSilenceMs: 100,
});
const audioMs = (utterance.samples.length * 1000) / 16000;
const stt = new PocketsphinxStt();
const whole: number[] = [];
const afterEnd: number[] = [];
const cli: number[] = [];
let heard = '';
for (let round = 0; round < rounds; round++) {
  const [ms, transcript] = await timed(() => {
    const stream = stt.openStream({ sampleRate: 16000, language: 'en-US' });
    stream.write(utterance.samples);
    return stream.finish();
  });
  whole.push(ms);
  heard = transcript.text;
  // As a call delivers it: 20 ms frames in real time, then the wait once the caller has stopped.
  const stream = stt.openStream({ sampleRate: 16000, language: 'en-US' });
  for (let offset = 0; offset < utterance.samples.length; offset += 320) {
    stream.write(utterance.samples.subarray(offset, offset + 320));
    await sleep(20);
  }
  afterEnd.push((await stream.finish()).processingMs);
  cli.push(
    (
      await timed(() => run('pocketsphinx_continuous', ['-infile', utterance.path, '-logfn', '/dev/null']))
    )[0],
  );
}
console.log(`Heard: "${heard}"`);
table([
  {
    measure: `STT, ${(audioMs / 1000).toFixed(2)} s utterance written at once`,
    ms: median(whole),
    realTimeFactor: median(whole) / audioMs,
  },
  {
    measure: 'STT, streamed in real time: wait after the last frame',
    ms: median(afterEnd),
    realTimeFactor: '-',
  },
  {
    measure: 'reference: pocketsphinx_continuous on the WAV file',
    ms: median(cli),
    realTimeFactor: median(cli) / audioMs,
  },
]);

// Synthesis of a three-sentence reply.
const reply =
  'Thanks for calling. We are open from nine to five, Monday to Friday. Would you like me to book you in?';
const tts = new FliteTts();
const firstChunk: number[] = [];
const allChunks: number[] = [];
const oneShot: number[] = [];
const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-speech-'));
for (let round = 0; round < rounds; round++) {
  const began = performance.now();
  let first = NaN;
  for await (const _ of tts.synthesize(reply, { voice: 'Asteria', language: 'en-US', sampleRate: 8000 })) {
    if (Number.isNaN(first)) first = performance.now() - began;
  }
  firstChunk.push(first);
  allChunks.push(performance.now() - began);
  oneShot.push(
    (await timed(() => run('flite', ['-voice', 'slt', '-t', reply, '-o', path.join(dir, 'reply.wav')])))[0],
  );
}
await rm(dir, { recursive: true, force: true });
table([
  { measure: 'TTS (flite, 3 sentences, 8 kHz): first chunk', ms: median(firstChunk) },
  { measure: 'TTS: last chunk', ms: median(allChunks) },
  { measure: 'reference: flite rendering the whole reply at once', ms: median(oneShot) },
]);

// Voice activity detection over 10 s of speech and silence, fed in 20 ms frames.
const speech = await speechWav(
  'Hello, I am calling about my appointment next week. Can we move it to Friday?',
  {
    leadingSilenceMs: 3000,
    trailingSilenceMs: 3000,
  },
);
async function perFrame(factory: VadFactory): Promise<number> {
  const results: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const vad = await factory.create({ sampleRate: 16000, silenceMs: 700 });
    const began = performance.now();
    for (let offset = 0; offset < speech.samples.length; offset += 320)
      await vad.push(speech.samples.subarray(offset, offset + 320));
    await vad.flush();
    results.push((performance.now() - began) / (speech.samples.length / 320));
  }
  return median(results);
}
const silero = await perFrame(createSileroVadFactory());
const energy = await perFrame(energyVadFactory);
table([
  { measure: 'Silero VAD, per 20 ms of audio', ms: silero, shareOfRealTime: silero / 20 },
  { measure: 'reference: energy VAD, per 20 ms of audio', ms: energy, shareOfRealTime: energy / 20 },
]);
