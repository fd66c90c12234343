import type { Channel } from '../features/inbox/inbox.service';
import type { SessionTask } from './session-task';

/** A message a contact sent to an agent over a text channel (SMS, web chat), already stored in its room. */
export interface InboundText {
  agentAccountId: number;
  roomId: string;
  conversationUuid: string;
  /** The contact's address as the room keeps it (E.164 number, email, or a chat visitor id). */
  contactAddress: string;
  text: string;
  channel: Extract<Channel, 'sms' | 'chat'>;
  /**
   * Who started the thread: the contact (the default) or the agent, when this answers a text the agent sent
   * first (an outbound task). The conversation log records it.
   */
  direction?: 'inbound' | 'outbound';
  /** The task whose text this answers: its context and variables go into the agent's prompt. */
  task?: SessionTask | null;
}

export interface TextReply {
  /** What the agent answered (already stored in the room and sent through the channel); null when it stayed silent. */
  reply: string | null;
  /** The conversation ended with this turn (the agent said goodbye). */
  ended: boolean;
}

/**
 * How the rest of the server reaches the agent runtime: the text entry point for SMS-style channels. The runtime
 * loads the room's history, runs the agent's production config, stores and sends the reply, and writes the
 * conversation log. It never throws for an agent-side failure: the contact gets a graceful line instead.
 */
export interface AgentRuntimePort {
  replyToText(input: InboundText): Promise<TextReply>;
}
