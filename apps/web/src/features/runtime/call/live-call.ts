import { useSyncExternalStore } from 'react';
import { closeConversation, openConversation, type Conversation } from '../session/conversation';
import {
  initialCallState,
  reduceCallState,
  type CallAction,
  type CallState,
  type CallType,
} from './call-state';

/** The browser call: its state (spec §3) and, while it runs, its conversation. */
export interface LiveCall {
  state: CallState;
  conversation: Conversation | null;
}

// One call at a time for the whole page: it outlives the call screen, which another overlay may cover.
let live: LiveCall = { state: initialCallState, conversation: null };
let unwatch: (() => void) | null = null;
const listeners = new Set<() => void>();

function publish(next: Partial<LiveCall>): void {
  live = { ...live, ...next };
  for (const listener of listeners) listener();
}

function dispatch(action: CallAction): void {
  const state = reduceCallState(live.state, action);
  if (state !== live.state) publish({ state });
}

function release(): void {
  unwatch?.();
  unwatch = null;
  if (live.conversation) closeConversation(live.conversation);
}

/** Calls an agent from the browser (voice; the caller can switch to typing). */
export function startCall({
  agentAccountId,
  username,
  config = 'production',
}: {
  agentAccountId: number;
  username: string;
  config?: 'production' | 'staging';
}): void {
  release();
  dispatch({
    type: 'start',
    calling: {
      username,
      type: 'voice',
      isLive: true,
      viewerOnly: false,
      meetingId: null,
      campaignId: agentAccountId,
    },
  });
  const conversation = openConversation({ agentAccountId, mode: 'voice', config });
  const { session } = conversation;
  let placed = false;
  unwatch = session.subscribe(() => {
    const snapshot = session.getSnapshot();
    if (!placed && snapshot.info) {
      placed = true;
      dispatch({ type: 'update-destination', meetingId: snapshot.info.roomId });
    }
    if (snapshot.ended && snapshot.ended.reason !== 'caller') dispatch({ type: 'watch-kick', kick: true });
  });
  publish({ conversation });
}

/** Switches the call between talking and typing. */
export function toggleCallType(callType: CallType): void {
  live.conversation?.session.setMode(callType);
  dispatch({ type: 'toggle', callType });
}

/** The caller hangs up, or closes the screen of a call that already ended. */
export function endCall(): void {
  release();
  publish({ conversation: null });
  dispatch({ type: 'end' });
  dispatch({ type: 'watch-kick', kick: false });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The call as it is now. */
export function liveCallSnapshot(): LiveCall {
  return live;
}

export function useLiveCall(): LiveCall {
  return useSyncExternalStore(subscribe, liveCallSnapshot);
}
