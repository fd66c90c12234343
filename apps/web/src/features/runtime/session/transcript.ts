import type { ServerSessionMessage } from '@switchboard/contract';

/** One line of a conversation as the caller sees it. */
export type TranscriptEntry =
  | {
      kind: 'user';
      id: string;
      text: string;
      /** False while speech recognition is still refining what was said. */
      final: boolean;
      via: 'voice' | 'text';
    }
  | {
      kind: 'agent';
      /** The server's turn id. */
      id: string;
      text: string;
      /** True while deltas are still arriving. */
      streaming: boolean;
    }
  | {
      kind: 'tool';
      id: string;
      name: string;
      ok: boolean;
      summary: string;
      /** The knowledge-base pages an answer came from. */
      sources?: readonly { title: string; url: string }[];
    }
  | { kind: 'notice'; id: string; text: string };

export type Transcript = readonly TranscriptEntry[];

type TranscriptMessage = Extract<
  ServerSessionMessage,
  { type: 'user-text' | 'agent-delta' | 'agent-text' | 'tool' }
>;

function replaceAt(transcript: Transcript, index: number, entry: TranscriptEntry): Transcript {
  return [...transcript.slice(0, index), entry, ...transcript.slice(index + 1)];
}

function findAgentTurn(transcript: Transcript, turnId: string): number {
  return transcript.findLastIndex((entry) => entry.kind === 'agent' && entry.id === turnId);
}

/** The spoken utterance still being recognised, if the last caller line is one. */
function findInterim(transcript: Transcript): number {
  const index = transcript.findLastIndex((entry) => entry.kind === 'user' && entry.via === 'voice');
  const entry = transcript[index];
  return entry?.kind === 'user' && !entry.final ? index : -1;
}

/** Adds a line the caller typed; the server's echo of it (if any) is merged by `applyTranscriptMessage`. */
export function appendTypedText(transcript: Transcript, id: string, text: string): Transcript {
  return [...transcript, { kind: 'user', id, text, final: false, via: 'text' }];
}

export function appendNotice(transcript: Transcript, id: string, text: string): Transcript {
  return [...transcript, { kind: 'notice', id, text }];
}

/**
 * Folds one server message into the transcript: interim speech updates one caller line until it is final,
 * agent deltas grow their turn's line and the turn's whole text replaces it, and each function the agent ran
 * becomes a small line of its own. `nextId` names new lines.
 */
export function applyTranscriptMessage(
  transcript: Transcript,
  message: TranscriptMessage,
  nextId: () => string,
): Transcript {
  switch (message.type) {
    case 'user-text': {
      const text = message.text.trim();
      // A typed line the server echoes back is already on screen: confirm it instead of repeating it.
      const typed = transcript.findIndex(
        (entry) => entry.kind === 'user' && entry.via === 'text' && !entry.final && entry.text === text,
      );
      if (message.final && typed !== -1) {
        const entry = transcript[typed];
        if (entry?.kind === 'user') return replaceAt(transcript, typed, { ...entry, final: true });
      }
      const interim = findInterim(transcript);
      if (text === '')
        return interim === -1 ? transcript : transcript.filter((_, index) => index !== interim);
      const line: TranscriptEntry = {
        kind: 'user',
        id: interim === -1 ? nextId() : (transcript[interim]?.id ?? nextId()),
        text,
        final: message.final,
        via: 'voice',
      };
      return interim === -1 ? [...transcript, line] : replaceAt(transcript, interim, line);
    }
    case 'agent-delta': {
      const index = findAgentTurn(transcript, message.turnId);
      const entry = transcript[index];
      if (entry?.kind !== 'agent') {
        return [...transcript, { kind: 'agent', id: message.turnId, text: message.delta, streaming: true }];
      }
      return replaceAt(transcript, index, { ...entry, text: entry.text + message.delta, streaming: true });
    }
    case 'agent-text': {
      const index = findAgentTurn(transcript, message.turnId);
      const line: TranscriptEntry = {
        kind: 'agent',
        id: message.turnId,
        text: message.text,
        streaming: false,
      };
      return index === -1 ? [...transcript, line] : replaceAt(transcript, index, line);
    }
    case 'tool':
      return [
        ...transcript,
        {
          kind: 'tool',
          id: nextId(),
          name: message.name,
          ok: message.ok,
          summary: message.summary,
          ...(message.sources?.length ? { sources: message.sources } : {}),
        },
      ];
  }
}

/** Marks every still-streaming agent line as done, e.g. when the caller barged in or the call ended. */
export function settleTranscript(transcript: Transcript): Transcript {
  if (!transcript.some((entry) => entry.kind === 'agent' && entry.streaming)) return transcript;
  return transcript.map((entry) =>
    entry.kind === 'agent' && entry.streaming ? { ...entry, streaming: false } : entry,
  );
}
