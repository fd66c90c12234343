import { shownInput } from '@switchboard/contract';
import { normalizePhoneNumber } from '@switchboard/core';
import { AppError } from '../../platform/app-error';
import type { BackgroundWork } from '../../platform/background-work';
import type { Db } from '../../platform/database';
import type { AgentRuntimePort, InboundText } from '../../runtime/port';
import { findAccount, findAccountByUsername } from '../accounts/accounts.service';
import { taskOfTextRoom } from '../tasks/dialer-calls';
import { findAgentIdByNumber } from './inbox.repo';
import { appendMessage, isAiAgentEnabled, normalizeContactAddress, openRoom } from './inbox.service';

export interface InboundTextDeps {
  db: Db;
  runtime: AgentRuntimePort;
  /** The agent's reply runs here, after the channel has been answered. */
  background: BackgroundWork;
}

export interface InboundTextInput {
  /** The agent written to: its account, or the number or username the text was sent to. */
  agent: { accountId: number } | { to: string };
  /** The contact's address: a phone number for SMS, the visitor's id for chat. */
  from: string;
  text: string;
  channel: InboundText['channel'];
  /** Where the channel read `to` and `from` (e.g. body.to), for the messages that refuse them. */
  fields?: { to: string; from: string } | undefined;
}

export interface ReceivedText {
  agent: { id: number; username: string };
  /** The contact's address as the room keeps it (E.164 for SMS). */
  contactAddress: string;
  roomId: string;
  messageId: number;
  /** Whether the agent is answering (it is on in the room and the contact is not blocked). */
  agentAnswers: boolean;
}

const defaultFields = { to: 'to', from: 'from' };

async function findAgent(db: Db, agent: InboundTextInput['agent'], toField: string) {
  let account;
  if ('accountId' in agent) {
    account = await findAccount(db, agent.accountId);
  } else {
    const phone = normalizePhoneNumber(agent.to);
    const id = phone ? await findAgentIdByNumber(db, phone) : null;
    account =
      id !== null
        ? await findAccount(db, id)
        : await findAccountByUsername(db, agent.to.trim().toLowerCase());
  }
  if (account?.accountType !== 'agent' || account.deletedAt || !account.enabled) {
    throw new AppError(
      'NOT_FOUND',
      'accountId' in agent
        ? `No agent answers texts as account ${agent.accountId}`
        : `No agent answers texts at the number or username in ${toField}`,
    );
  }
  return account;
}

function contactAddressOf(input: InboundTextInput, fromField: string): string {
  if (input.channel === 'chat') return normalizeContactAddress(input.from);
  const phone = normalizePhoneNumber(input.from);
  if (!phone) {
    throw new AppError('BAD_REQUEST', `${fromField} must be a phone number (got ${shownInput(input.from)})`);
  }
  return phone;
}

/**
 * The one way in for a text from a contact to an agent, whatever carried it (the sandbox SMS network, a carrier,
 * a SIP MESSAGE, web chat): stored in the contact's room (routed like any message from a contact), then answered
 * by the agent in the background when it is on in that room and the contact is not blocked.
 */
export async function receiveInboundText(
  deps: InboundTextDeps,
  input: InboundTextInput,
): Promise<ReceivedText> {
  const fields = input.fields ?? defaultFields;
  const from = contactAddressOf(input, fields.from);
  const agent = await findAgent(deps.db, input.agent, fields.to);
  if (agent.vidaPhoneNumber === from) throw new AppError('BAD_REQUEST', 'An agent cannot text itself');
  const room = await openRoom(deps.db, { accountId: agent.id, contactAddress: from, channel: input.channel });
  const message = await appendMessage(deps.db, {
    accountId: agent.id,
    roomId: room.roomId,
    conversationUuid: room.conversationUuid,
    direction: 'inbound',
    channel: input.channel,
    author: 'contact',
    text: input.text,
  });
  const agentAnswers = await isAiAgentEnabled(deps.db, agent.id, from);
  if (agentAnswers) {
    // A reply to a text a task sent: the agent answers knowing the task, in a thread the agent started.
    const task = input.channel === 'sms' ? await taskOfTextRoom(deps.db, agent.id, room.roomId) : null;
    deps.background.run(
      deps.runtime.replyToText({
        agentAccountId: agent.id,
        roomId: room.roomId,
        conversationUuid: room.conversationUuid,
        contactAddress: from,
        text: input.text,
        channel: input.channel,
        ...(task ? { task, direction: 'outbound' as const } : {}),
      }),
      `the agent's reply in room ${room.roomId}`,
    );
  }
  return {
    agent: { id: agent.id, username: agent.username },
    contactAddress: from,
    roomId: room.roomId,
    messageId: message.id,
    agentAnswers,
  };
}
