import { startApp, type DemoApp } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndReason } from './conversation';
import type { CallControl } from './ports/call-control';
import type { AgentSession, SessionRequest } from './session-types';
import { openRoom } from '../features/inbox/inbox.service';
import { loggedConversation } from './session-client.test-support';

/** A line that records what the runtime asked of it. */
function recordingLine() {
  const asked: ({ transfer: string } | { hangUp: EndReason })[] = [];
  const call: CallControl = {
    transfer: (destination) => {
      asked.push({ transfer: destination });
      return Promise.resolve();
    },
    hangUp: (reason) => {
      asked.push({ hangUp: reason });
      return Promise.resolve();
    },
  };
  return { asked, call };
}

let t: DemoApp;

beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

describe('a live session and the line it runs on', () => {
  async function open(direction: SessionRequest['direction'], call: CallControl, contactPhone: string) {
    let session: AgentSession | null = null;
    let endedWith: (value: { reason: EndReason; transfer: string | null }) => void = () => undefined;
    const ended = new Promise<{ reason: EndReason; transfer: string | null }>(
      (resolve) => (endedWith = resolve),
    );
    session = await t.services.runtime.openSession({
      agentAccountId: t.ids.agent1,
      channel: 'voice',
      direction,
      slot: 'production',
      contact: { name: null, phoneNumber: contactPhone, email: null },
      contactAddress: contactPhone,
      isTest: false,
      call,
      events: {
        state: () => undefined,
        delta: () => undefined,
        // Nothing plays audio here: each reply counts as heard at once.
        reply: (turnId) => queueMicrotask(() => session?.conversation.delivered(turnId)),
        tool: () => undefined,
        ended: (reason, transfer) => endedWith({ reason, transfer }),
      },
    });
    return { session, ended };
  }

  it('an outbound call is logged from the agent to the contact, and the line is hung up when the agent ends', async () => {
    const line = recordingLine();
    const { session, ended } = await open('outbound', line.call, '+15557770001');
    await session.conversation.greet(session.config.welcomeMessage);
    await session.conversation.userSaid("That's all, thanks. Bye!");
    expect(await ended).toEqual({ reason: 'agent', transfer: null });
    await expect.poll(() => line.asked).toEqual([{ hangUp: 'agent' }]);
    await session.finalize();

    const log = await loggedConversation(t, session.conversationUuid);
    expect(log).toMatchObject({
      direction: 'outbound',
      fromNumber: '+15550100001',
      toNumber: '+15557770001',
      endedReason: 'agent',
    });
  });

  it('an inbound call is logged from the contact to the agent; a caller hang-up releases the line', async () => {
    const line = recordingLine();
    const { session, ended } = await open('inbound', line.call, '+15557770002');
    await session.conversation.greet(session.config.welcomeMessage);
    session.conversation.hangUp('caller');
    expect(await ended).toEqual({ reason: 'caller', transfer: null });
    await expect.poll(() => line.asked).toEqual([{ hangUp: 'caller' }]);
    await session.finalize();

    const log = await loggedConversation(t, session.conversationUuid);
    expect(log).toMatchObject({ direction: 'inbound', fromNumber: '+15557770002', toNumber: '+15550100001' });
  });

  it('a transfer is handed to the line with its destination, not hung up', async () => {
    const line = recordingLine();
    const { session, ended } = await open('inbound', line.call, '+15557770003');
    await session.conversation.greet(session.config.welcomeMessage);
    await session.conversation.userSaid('Can you transfer me to a person, please?');
    if (!session.conversation.ended) await session.conversation.userSaid('Yes please.');
    expect(await ended).toEqual({ reason: 'transfer', transfer: '+15550100099' });
    await expect.poll(() => line.asked).toEqual([{ transfer: '+15550100099' }]);
    await session.finalize();
  });
});

describe('a text thread the agent started', () => {
  it('is logged as outbound, from the agent to the contact', async () => {
    const contact = '+15557770004';
    const room = await openRoom(t.db, { accountId: t.ids.agent1, contactAddress: contact, channel: 'sms' });
    const answer = await t.services.runtime.replyToText({
      agentAccountId: t.ids.agent1,
      roomId: room.roomId,
      conversationUuid: room.conversationUuid,
      contactAddress: contact,
      text: 'What are your opening hours?',
      channel: 'sms',
      direction: 'outbound',
    });
    expect(answer.reply).toBeTruthy();
    const log = await loggedConversation(t, room.conversationUuid);
    expect(log).toMatchObject({ direction: 'outbound', fromNumber: '+15550100001', toNumber: contact });
  });
});
