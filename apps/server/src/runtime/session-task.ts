/**
 * The task a conversation was started for (a call or text the dialer placed): what the agent should know and
 * say. Its variables fill `{{name}}` placeholders in the agent's prompt and in the greeting.
 */
export interface SessionTask {
  id: number;
  /** Facts about the contact. */
  context: string | null;
  /** What to do on this call. */
  taskContext: string | null;
  /** Named values (a CSV's extra columns). */
  variables: Record<string, string>;
  /** Said instead of the agent's welcome message. */
  greeting: string | null;
  /** The agent waits for the callee to speak first (greeting anyway after a few seconds of silence). */
  waitToGreet: boolean;
  /** The message left on a voicemail (else one is composed from the greeting). */
  message: string | null;
  /** On a voicemail: leave the message after the beep, or hang up. */
  onVoicemail: 'leave-message' | 'hang-up';
}
