import { useEffect, useState, useSyncExternalStore } from 'react';
import { credentialKeys } from '../../../lib/api-client';
import { readSessionToken } from '../../../lib/session';
import { VoiceLink } from '../audio/voice-link';
import { AgentSession, type SessionStart } from './agent-session';

/** A conversation with an agent: the session and the audio that follows it. */
export interface Conversation {
  session: AgentSession;
  voice: VoiceLink;
}

function readAdminToken(): string | null {
  try {
    return localStorage.getItem(credentialKeys.adminToken);
  } catch {
    return null;
  }
}

/** Opens a conversation with the stored credentials. */
export function openConversation(start: SessionStart): Conversation {
  const session = new AgentSession({ start, token: readSessionToken(), adminToken: readAdminToken() });
  const voice = new VoiceLink(session);
  session.connect();
  return { session, voice };
}

/** Hangs up and releases the microphone and speaker. */
export function closeConversation(conversation: Conversation): void {
  conversation.session.end();
  conversation.voice.dispose();
}

/** Holds the conversation of one panel, so a restart swaps it without remounting the panel. */
class ConversationSlot {
  private current: Conversation | null = null;
  private start: SessionStart | null = null;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): Conversation | null => this.current;

  open(start: SessionStart): void {
    this.start = start;
    this.replace(openConversation(start));
  }

  /** A new conversation with the same agent, in the mode the last one was in. */
  restart(): void {
    if (!this.start) return;
    const mode = this.current?.session.getSnapshot().mode ?? this.start.mode;
    this.replace(openConversation({ ...this.start, mode }));
  }

  close(): void {
    this.replace(null);
  }

  private replace(next: Conversation | null): void {
    if (this.current) closeConversation(this.current);
    this.current = next;
    for (const listener of this.listeners) listener();
  }
}

/**
 * A conversation that lives as long as the panel showing it: opened when `start` is given (and again when it
 * names another agent or config), hung up when the panel closes.
 */
export function usePanelConversation(start: SessionStart | null): {
  conversation: Conversation | null;
  restart: () => void;
} {
  const [slot] = useState(() => new ConversationSlot());
  const conversation = useSyncExternalStore(slot.subscribe, slot.getSnapshot);
  const startKey = start === null ? null : JSON.stringify(start);
  useEffect(() => {
    if (startKey === null) return;
    // Opened a tick later, so a mount that is undone at once (React's strict mode does that in development)
    // never opens a conversation the server would log.
    const timer = setTimeout(() => {
      slot.open(JSON.parse(startKey) as SessionStart);
    }, 0);
    return () => {
      clearTimeout(timer);
      slot.close();
    };
  }, [slot, startKey]);
  return { conversation, restart: () => slot.restart() };
}

/** Re-renders with the session's snapshot. */
export function useSessionSnapshot(session: AgentSession) {
  return useSyncExternalStore(session.subscribe, session.getSnapshot);
}

/** Re-renders with the voice link's snapshot. */
export function useVoiceSnapshot(voice: VoiceLink) {
  return useSyncExternalStore(voice.subscribe, voice.getSnapshot);
}
