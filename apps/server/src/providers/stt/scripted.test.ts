import { describe, expect, it } from 'vitest';
import { ScriptedStt } from './scripted';

const chunk = (value: number) => new Int16Array(1600).fill(value);

async function hear(stt: ScriptedStt) {
  const stream = stt.openStream({ sampleRate: 16000, language: 'en', hints: [] });
  stream.write(chunk(1));
  stream.write(chunk(2));
  return stream.finish();
}

describe('the scripted recogniser', () => {
  it('hands a script that takes the utterance its audio, and counts the audio either way', async () => {
    const heard: Int16Array[] = [];
    const listening = new ScriptedStt(({ audio }) => (heard.push(audio), 'yes'));
    expect(await hear(listening)).toMatchObject({ text: 'yes', audioSeconds: 0.2 });
    expect(heard[0]).toEqual(Int16Array.from([...chunk(1), ...chunk(2)]));

    const fixed = new ScriptedStt(() => 'hello');
    expect(await hear(fixed)).toMatchObject({ text: 'hello', audioSeconds: 0.2 });
    const listed = new ScriptedStt(['one']);
    expect((await hear(listed)).text).toBe('one');
    expect((await hear(listed)).text).toBe('');
    expect(listed.heard).toBe(2);
  });
});
