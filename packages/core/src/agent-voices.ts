/**
 * The named voices an agent can speak with. The campaign stores the voice's id in `agentVoice`; the runtime's
 * text-to-speech maps each id to a voice of its own engine (gender, accent and age guide that choice).
 */

export type VoiceGender = 'female' | 'male';

export type VoiceAge = 'young' | 'middle-aged' | 'older';

export interface AgentVoice {
  /** Stored in `agentVoice`. */
  id: string;
  name: string;
  gender: VoiceGender;
  /** How the voice sounds, as a listener would name it. */
  accent: 'American' | 'British' | 'Irish' | 'Mexican';
  /** The BCP 47 language and region the voice speaks. */
  language: 'en-US' | 'en-GB' | 'en-IE' | 'es-MX';
  age: VoiceAge;
  /** The family the voice belongs to: `aura` voices are English only; `studio` voices also speak other languages. */
  family: 'aura' | 'studio';
  /** One line for the picker. */
  description: string;
}

function voice(
  name: string,
  gender: VoiceGender,
  accent: AgentVoice['accent'],
  age: VoiceAge,
  family: AgentVoice['family'],
  description: string,
): AgentVoice {
  const language = { American: 'en-US', British: 'en-GB', Irish: 'en-IE', Mexican: 'es-MX' } as const;
  return { id: name, name, gender, accent, language: language[accent], age, family, description };
}

export const agentVoices: readonly AgentVoice[] = [
  voice('Asteria', 'female', 'American', 'middle-aged', 'aura', 'Clear and warm; a friendly receptionist.'),
  voice('Luna', 'female', 'American', 'middle-aged', 'aura', 'Soft and calm; patient with callers.'),
  voice('Stella', 'female', 'American', 'middle-aged', 'aura', 'Bright and upbeat.'),
  voice('Athena', 'female', 'British', 'middle-aged', 'aura', 'Composed and professional.'),
  voice('Hera', 'female', 'American', 'older', 'aura', 'Mature and reassuring.'),
  voice('Orion', 'male', 'American', 'middle-aged', 'aura', 'Steady and approachable.'),
  voice('Arcas', 'male', 'American', 'middle-aged', 'aura', 'Natural and relaxed.'),
  voice('Perseus', 'male', 'American', 'young', 'aura', 'Energetic and casual.'),
  voice('Angus', 'male', 'Irish', 'middle-aged', 'aura', 'Lilting and friendly.'),
  voice('Orpheus', 'male', 'American', 'older', 'aura', 'Deep and confident.'),
  voice('Zeus', 'male', 'American', 'older', 'aura', 'Authoritative and measured.'),
  voice('Helios', 'male', 'British', 'middle-aged', 'aura', 'Polished and precise.'),
  voice('Ada', 'female', 'American', 'young', 'studio', 'Light and quick.'),
  voice('Stacy', 'female', 'American', 'young', 'studio', 'Chatty and cheerful.'),
  voice('Eliza', 'female', 'American', 'young', 'studio', 'Crisp and articulate.'),
  voice('Rachel', 'female', 'American', 'young', 'studio', 'Smooth and natural.'),
  voice('Kelly', 'female', 'American', 'young', 'studio', 'Warm and lively.'),
  voice('Brandon', 'male', 'American', 'young', 'studio', 'Easygoing and clear.'),
  voice('Brian', 'male', 'American', 'young', 'studio', 'Friendly and direct.'),
  voice('Armando', 'male', 'American', 'young', 'studio', 'Smooth and personable.'),
  voice('Harrison', 'male', 'American', 'older', 'studio', 'Rich and trustworthy.'),
  voice('Paddington', 'male', 'British', 'older', 'studio', 'Gentle and well-spoken.'),
  voice('Judy', 'female', 'American', 'older', 'studio', 'Kind and unhurried.'),
  voice('Santiago', 'male', 'Mexican', 'middle-aged', 'studio', 'Warm Mexican Spanish.'),
  voice('Enrique', 'male', 'Mexican', 'middle-aged', 'studio', 'Confident Mexican Spanish.'),
  voice('Juan', 'male', 'Mexican', 'middle-aged', 'studio', 'Friendly Mexican Spanish.'),
  voice('Gabriela', 'female', 'Mexican', 'middle-aged', 'studio', 'Bright Mexican Spanish.'),
  voice('Carolina', 'female', 'Mexican', 'middle-aged', 'studio', 'Calm Mexican Spanish.'),
];

export const defaultAgentVoiceId = 'Asteria';

/** The voice with this id (case-insensitive), or `undefined`. */
export function findAgentVoice(id: string | null | undefined): AgentVoice | undefined {
  if (typeof id !== 'string') return undefined;
  const wanted = id.trim().toLowerCase();
  return agentVoices.find((item) => item.id.toLowerCase() === wanted);
}

/**
 * Whether a voice can speak an agent language (`agentLang`): English voices speak `en-US`; Spanish settings need
 * a Mexican voice; multilingual needs a studio voice.
 */
export function voiceSupportsLanguage(item: AgentVoice, agentLang: string): boolean {
  if (agentLang === 'multi') return item.family === 'studio';
  if (agentLang.startsWith('es')) return item.language === 'es-MX';
  return item.language.startsWith('en');
}

/** The voices offered for an agent language, in catalogue order. */
export function voicesForLanguage(agentLang: string): AgentVoice[] {
  return agentVoices.filter((item) => voiceSupportsLanguage(item, agentLang));
}

/** "Young American female", for the picker. */
export function describeVoice(item: AgentVoice): string {
  const age = item.age === 'middle-aged' ? '' : `${item.age} `;
  const text = `${age}${item.accent} ${item.gender}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
