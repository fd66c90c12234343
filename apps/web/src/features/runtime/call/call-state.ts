/** How the caller talks on a call: by voice (microphone and speaker) or by typing. */
export type CallType = 'voice' | 'chat';

/** The call in progress (spec part 1 §3 "Call state"). */
export interface Calling {
  /** Who the call is with: the agent account's username, or `meeting-{id}` once the conversation has a room. */
  username: string;
  type: CallType;
  /** True while the call is connected and sending; false for a call that is only being shown. */
  isLive: boolean;
  /** A read-along view that neither speaks nor types. */
  viewerOnly: boolean;
  /** The conversation room the call landed in, once known. */
  meetingId: string | null;
  /** The agent account whose campaign answers. */
  campaignId: number | null;
}

export interface CallState {
  calling: Calling | null;
  /**
   * The other side ended the call (the agent hung up or transferred, the call timed out, or the connection was
   * lost), as opposed to the caller hanging up; the call screen says so until the caller closes it.
   */
  kick: boolean;
}

export type CallAction =
  | { type: 'start'; calling: Calling }
  | { type: 'toggle'; callType: CallType }
  | { type: 'end' }
  | { type: 'watch-kick'; kick: boolean }
  | { type: 'update-destination'; meetingId: string };

export const initialCallState: CallState = { calling: null, kick: false };

/**
 * The call transitions of spec part 1 §4: start sets calling; toggle sets the call type; end clears it;
 * watch-kick sets or resets the kick flag; update-destination sets the username to `meeting-{id}`.
 */
export function reduceCallState(state: CallState, action: CallAction): CallState {
  switch (action.type) {
    case 'start':
      // A new call starts clean: a previous call's kick must not show on this one.
      return { calling: { ...action.calling }, kick: false };
    case 'toggle':
      if (!state.calling || state.calling.type === action.callType) return state;
      return { ...state, calling: { ...state.calling, type: action.callType } };
    case 'end':
      return { ...state, calling: null };
    case 'watch-kick':
      return state.kick === action.kick ? state : { ...state, kick: action.kick };
    case 'update-destination':
      if (!state.calling) return state;
      return {
        ...state,
        calling: { ...state.calling, username: `meeting-${action.meetingId}`, meetingId: action.meetingId },
      };
  }
}
