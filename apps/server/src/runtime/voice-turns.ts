import type { SpeechStream } from '../providers/stt/types';

// The voice pipeline's bookkeeping of turns: the agent's turn being spoken, the caller's utterance being heard.

/** The agent's reply being spoken, sentence by sentence. */
export interface SpokenTurn {
  turnId: string;
  queue: string[];
  buffer: string;
  complete: boolean;
  abort: AbortController;
  firstAudioAt: number | null;
  samplesOut: number;
  running: Promise<void> | null;
  /** Set when the output had enough audio queued: the next chunk waits for it. */
  ahead: Promise<void> | null;
  /** When the listener will have heard the last sample (for delivering the turn without a client report). */
  playedAt: number;
}

export const sentenceEnd = /([.!?]+["')\]]?)\s+/;

export interface Hearing {
  /**
   * listening: the agent was not talking; barged: the speech interrupted the agent; held: it cannot interrupt
   * (the agent had just started), answered after the turn; words: it interrupts once it has enough words.
   */
  mode: 'listening' | 'barged' | 'held' | 'words';
  stream: SpeechStream | null;
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /\w/.test(word)).length;
}
