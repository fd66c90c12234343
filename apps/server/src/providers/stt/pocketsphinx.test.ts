import { existsSync } from 'node:fs';
import { hasFlite, speechWav } from '@switchboard/testing';
import { describe, expect, it } from 'vitest';
import { resample } from '../../media/resample';
import { featureParamsWithMean, lastCepstralMean } from './cepstral-mean';
import { PocketsphinxStt } from './pocketsphinx';

const installed = existsSync('/usr/bin/pocketsphinx_continuous') && hasFlite();

describe.skipIf(!installed)(
  'pocketsphinx speech recognition (Debian pocketsphinx and flite)',
  { timeout: 60_000 },
  () => {
    const stt = new PocketsphinxStt();

    it('is available', async () => {
      expect(await stt.unavailableReason()).toBeNull();
    });

    it('transcribes a question streamed in 20 ms chunks', async () => {
      const wav = await speechWav('What are your opening hours?', {
        leadingSilenceMs: 300,
        trailingSilenceMs: 300,
      });
      const stream = stt.openStream({ sampleRate: 16000, language: 'en-US' });
      for (let offset = 0; offset < wav.samples.length; offset += 320)
        stream.write(wav.samples.subarray(offset, offset + 320));
      const transcript = await stream.finish();
      expect(transcript.text).toContain('opening hours');
      expect(transcript.audioSeconds).toBeCloseTo(wav.samples.length / 16000, 3);
      expect(transcript.processingMs).toBeGreaterThan(0);
    });

    it('resamples other rates to the 16 kHz the model needs', async () => {
      const wav = await speechWav('I would like to book an appointment.', {
        leadingSilenceMs: 200,
        trailingSilenceMs: 200,
      });
      const stream = stt.openStream({ sampleRate: 48000, language: 'en-US' });
      stream.write(resample(wav.samples, 16000, 48000));
      const transcript = await stream.finish();
      expect(transcript.text).toContain('book an appointment');
      expect(transcript.audioSeconds).toBeCloseTo(wav.samples.length / 16000, 2);
    });

    it('returns an empty transcript for silence, and nothing after an abort', async () => {
      const quiet = stt.openStream({ sampleRate: 16000, language: 'en-US' });
      quiet.write(new Int16Array(16000));
      expect((await quiet.finish()).text).toBe('');
      const dropped = stt.openStream({ sampleRate: 16000, language: 'en-US' });
      dropped.write(new Int16Array(1600));
      dropped.abort();
      await expect(dropped.finish()).rejects.toThrow('The speech stream was aborted');
    });
  },
);

describe('the second pass’s cepstral mean', () => {
  it('is the last one the live CMN settled on, given to the decoder as feature parameters', () => {
    const log = [
      'INFO: cmn_live.c(120): Update from < 41.00 -5.29 -0.12 >',
      'INFO: cmn_live.c(138): Update to   < 52.16 -3.28 21.19 >',
      'INFO: cmn_live.c(138): Update to   < 62.08 -4.57 -2.57 >',
    ].join('\n');
    expect(lastCepstralMean(log)).toEqual([62.08, -4.57, -2.57]);
    expect(lastCepstralMean('INFO: nothing heard')).toBeNull();
    const params = '/usr/share/pocketsphinx/model/en-us/en-us/feat.params';
    if (existsSync(params)) {
      const text = featureParamsWithMean(params, [62.08, -4.57, -2.57]);
      expect(text).toMatch(/^-cmninit 62\.08,-4\.57,-2\.57$/m);
      expect(text.match(/^-cmninit /gm)).toHaveLength(1);
      expect(text).toMatch(/^-feat 1s_c_d_dd$/m);
    }
  });
});

describe('pocketsphinx when it is missing', () => {
  it('says plainly what to install', async () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(await new PocketsphinxStt().unavailableReason()).toBe(
        'Speech recognition needs the pocketsphinx package: apt-get install pocketsphinx pocketsphinx-en-us',
      );
      const stream = new PocketsphinxStt().openStream({ sampleRate: 16000, language: 'en-US' });
      stream.write(new Int16Array(160));
      await expect(stream.finish()).rejects.toThrow(
        'Speech recognition needs the pocketsphinx package: apt-get install pocketsphinx pocketsphinx-en-us',
      );
    } finally {
      process.env.PATH = path;
    }
  });

  it('names the missing model', async () => {
    expect(await new PocketsphinxStt('/nonexistent/model').unavailableReason()).toMatch(
      /^(Speech recognition needs the US English model of pocketsphinx|Speech recognition needs the pocketsphinx package)/,
    );
  });
});
