import type { FastifyBaseLogger } from 'fastify';
import { shownInput } from '@switchboard/contract';
import { normalizePhoneNumber } from '@switchboard/core';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import type { SmsProvider } from '../../providers/sms/types';
import type { AgentRuntimePort } from '../../runtime/port';
import { findAccount, findAccountByUsername } from '../accounts/accounts.service';
import { appendMessage, openRoom } from './inbox.service';
import { findAgentIdByNumber } from './inbox.repo';

export interface SandboxSmsDeps {
  db: Db;
  sms: SmsProvider;
  runtime: AgentRuntimePort;
  logger: FastifyBaseLogger;
  /** Keeps the agent's turn running after the answer; the app waits for it when it closes. */
  inBackground: (work: Promise<unknown>) => void;
}

async function findAgent(db: Db, to: string) {
  const phone = normalizePhoneNumber(to);
  const id = phone ? await findAgentIdByNumber(db, phone) : null;
  const account =
    id !== null ? await findAccount(db, id) : await findAccountByUsername(db, to.trim().toLowerCase());
  if (account?.accountType !== 'agent' || account.deletedAt || !account.enabled) {
    throw new AppError('NOT_FOUND', 'No agent answers texts at the number or username in body.to');
  }
  return account;
}

/**
 * A text from a contact to an agent through the sandbox SMS network: stored in their room (routed like any
 * inbound text), then answered by the agent in the background when it is on in that room.
 */
export async function receiveSandboxSms(
  deps: SandboxSmsDeps,
  input: { to: string; from: string; text: string },
) {
  if (!deps.sms.sandbox)
    throw new AppError('NOT_FOUND', 'The sandbox SMS network is off: SMS goes through a real provider');
  const from = normalizePhoneNumber(input.from);
  if (!from) {
    throw new AppError('BAD_REQUEST', `body.from must be a phone number (got ${shownInput(input.from)})`);
  }
  const agent = await findAgent(deps.db, input.to);
  if (agent.vidaPhoneNumber === from) throw new AppError('BAD_REQUEST', 'An agent cannot text itself');
  const room = await openRoom(deps.db, { accountId: agent.id, contactAddress: from, channel: 'sms' });
  await appendMessage(deps.db, {
    accountId: agent.id,
    roomId: room.roomId,
    conversationUuid: room.conversationUuid,
    direction: 'inbound',
    channel: 'sms',
    author: 'contact',
    text: input.text,
  });
  if (room.aiAgentEnabled && !room.blocked) {
    deps.inBackground(
      deps.runtime
        .replyToText({
          agentAccountId: agent.id,
          roomId: room.roomId,
          conversationUuid: room.conversationUuid,
          contactAddress: from,
          text: input.text,
          channel: 'sms',
        })
        .catch((error: unknown) => {
          deps.logger.error({ err: error, roomId: room.roomId }, 'the agent could not answer a sandbox text');
        }),
    );
  }
  return { success: true as const, accepted: true as const, agent: agent.username, from };
}
