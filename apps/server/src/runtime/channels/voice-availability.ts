import type { AgentRuntime } from '../session-types';

export interface VoiceAvailability {
  available: boolean;
  /** Why voice is off (no speech providers, or one of them cannot run here); null when available. */
  reason: string | null;
}

const known = new WeakMap<AgentRuntime, VoiceAvailability>();

/** Whether this runtime can hold voice conversations; asked of the providers once, then remembered. */
export async function voiceAvailability(runtime: AgentRuntime): Promise<VoiceAvailability> {
  const remembered = known.get(runtime);
  if (remembered) return remembered;
  const speech = runtime.speech;
  if (!speech) return { available: false, reason: 'Voice is not set up on this server.' };
  const reason = (await speech.stt.unavailableReason()) ?? (await speech.tts.unavailableReason());
  const status = { available: reason === null, reason };
  known.set(runtime, status);
  return status;
}
