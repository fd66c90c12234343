import { describe, expect, it } from 'vitest';
import {
  agentVoices,
  defaultAgentVoiceId,
  describeVoice,
  findAgentVoice,
  voicesForLanguage,
} from './agent-voices';

describe('the voice catalogue', () => {
  it('holds the 28 named voices with unique ids', () => {
    expect(agentVoices).toHaveLength(28);
    expect(new Set(agentVoices.map((item) => item.id)).size).toBe(28);
    expect(findAgentVoice(defaultAgentVoiceId)?.name).toBe('Asteria');
  });

  it('describes each voice as the catalogue names it', () => {
    expect(findAgentVoice('athena')).toMatchObject({
      gender: 'female',
      accent: 'British',
      language: 'en-GB',
    });
    expect(findAgentVoice('Angus')).toMatchObject({ gender: 'male', accent: 'Irish' });
    expect(findAgentVoice('Paddington')).toMatchObject({ age: 'older', accent: 'British', gender: 'male' });
    expect(findAgentVoice('Perseus')?.age).toBe('young');
    expect(findAgentVoice('Carolina')).toMatchObject({ language: 'es-MX', gender: 'female' });
    expect(describeVoice(findAgentVoice('Hera')!)).toBe('Older American female');
    expect(describeVoice(findAgentVoice('Asteria')!)).toBe('American female');
    expect(findAgentVoice('nobody')).toBeUndefined();
    expect(findAgentVoice(null)).toBeUndefined();
  });

  it('offers English voices for en-US, Mexican voices for Spanish and studio voices for multilingual', () => {
    const english = voicesForLanguage('en-US');
    expect(english.map((item) => item.id)).toContain('Asteria');
    expect(english.some((item) => item.language === 'es-MX')).toBe(false);
    expect(voicesForLanguage('es-MX').map((item) => item.id)).toEqual([
      'Santiago',
      'Enrique',
      'Juan',
      'Gabriela',
      'Carolina',
    ]);
    expect(voicesForLanguage('es-US')).toHaveLength(5);
    const multi = voicesForLanguage('multi');
    expect(multi.every((item) => item.family === 'studio')).toBe(true);
    expect(multi.map((item) => item.id)).not.toContain('Asteria');
  });
});
