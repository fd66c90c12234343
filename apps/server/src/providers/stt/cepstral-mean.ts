import { readFileSync } from 'node:fs';

/**
 * Cepstral mean normalisation for the two-pass decode in pocketsphinx.ts. The US English model was trained with
 * batch CMN (each utterance's own mean subtracted from its cepstra), but pocketsphinx_continuous feeds audio in
 * blocks, where the decoder falls back to live CMN: it subtracts `-cmninit` until an utterance ends and only then
 * learns the speaker's mean. A caller's question is usually one short utterance, so it was all decoded against the
 * model's default mean. For a voice whose spectrum is far from it the cepstra are shifted wholesale and the search
 * goes astray (espeak-ng's C0 mean is ~62 where the default is 41, some higher coefficients are off by 30), so
 * the first pass's estimate of the mean is handed to a second pass over the same audio as its `-cmninit`.
 */

/** The last cepstral mean the live CMN settled on, from a pocketsphinx log ("Update to < 62.08 -4.57 … >"). */
export function lastCepstralMean(log: string): number[] | null {
  const updates = [...log.matchAll(/Update to\s*<([^>]*)>/g)];
  const values = updates.at(-1)?.[1]?.trim().split(/\s+/).map(Number);
  if (!values || values.length === 0 || values.some((value) => !Number.isFinite(value))) return null;
  return values;
}

let modelParams: { file: string; text: string } | null = null;

/**
 * The model's feature parameters (hmm/feat.params) with `-cmninit` set to `mean`. pocketsphinx reads these after
 * its command line and lets them override it, so `-cmninit` given as an argument is silently ignored: the mean
 * has to reach the decoder as a feature-parameter file of its own (`-featparams`).
 */
export function featureParamsWithMean(featParamsFile: string, mean: readonly number[]): string {
  if (modelParams?.file !== featParamsFile) {
    modelParams = { file: featParamsFile, text: readFileSync(featParamsFile, 'utf8') };
  }
  const line = `-cmninit ${mean.map((value) => value.toFixed(2)).join(',')}`;
  const kept = modelParams.text
    .split('\n')
    .filter((entry) => entry.trim() !== '' && !/^-cmninit\s/.test(entry));
  return [...kept, line, ''].join('\n');
}
