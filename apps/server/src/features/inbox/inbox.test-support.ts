// Shared by the inbox API tests: an agent that answers like the real runtime, and what the tests read back.
import type { RoomView } from '@switchboard/contract';
import { findRoom, textAgent as contactTexts, type DemoApp } from '@switchboard/testing';
import type { AgentRuntimePort, InboundText } from '../../runtime/port';
import { appendMessage } from './inbox.service';

/** Answers like the real runtime does: the reply goes into the room, then out by SMS. */
export function fakeRuntime(kit: () => DemoApp) {
  const calls: InboundText[] = [];
  const port: AgentRuntimePort = {
    async replyToText(input) {
      calls.push(input);
      const reply = `Thanks for your message: ${input.text}`;
      await appendMessage(kit().db, {
        accountId: input.agentAccountId,
        roomId: input.roomId,
        conversationUuid: input.conversationUuid,
        direction: 'outbound',
        channel: input.channel,
        author: 'agent',
        text: reply,
        status: 'sent',
      });
      return { reply, ended: false };
    },
  };
  return { calls, port };
}

/** The fields these tests read from the various answers. */
export interface Body {
  message: string & { author: string; attachments: unknown[] };
  blocked: boolean;
  room: RoomView;
  roomId: string;
  count: number;
  cleared: number;
  rooms: { roomId: string }[];
  notifications: { id: number }[];
  preview: Record<string, unknown>;
  profile: Record<string, unknown>;
}

export type RoomList = {
  success: true;
  rooms: RoomView[];
  totalRooms: number;
  pageSize: number;
  pageNumber: number;
};

/**
 * A contact texts agent1 (or `to`) through the sandbox SMS network; like a contact, it waits for the agent's
 * answer unless the agent is off in the room.
 */
export async function textAgent(
  kit: DemoApp,
  from: string,
  text: string,
  to = '+15550100001',
  options: { agentOff?: boolean } = {},
) {
  const { agent, from: address } = await contactTexts(
    kit,
    { to, from, text },
    { waitForReply: !options.agentOff },
  );
  return { agent, from: address };
}

/** Agent1's room with a contact address. */
export const roomOf = (kit: DemoApp, address: string) => findRoom(kit, kit.ids.agent1, address);

export async function outboxTo(kit: DemoApp, to: string) {
  const response = await kit
    .client()
    .get<{ items: { text: string; from: string | null }[] }>('/api/dev/outbox', { query: { to } });
  return response.body.items;
}
