import { endpoints, type ContactView, type ResponseOf } from '@switchboard/contract';
import { accounts, and, desc, eq, gt, messages, rooms } from '@switchboard/db';
import type { TestApp, TestAppOptions } from '../test-app';
import { createApiClient, type ApiClient } from './api-client';
import { expectStatus } from './expect-status';

// Contacts, rooms and messages, made the way the product makes them: a contact's text arrives through the
// sandbox SMS network, a person replies and saves contacts through the API.

export type RoomRow = typeof rooms.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** An agent runtime that reads every text and never answers: the room holds only what the test wrote. */
export const silentAgent = {
  replyToText: () => Promise.resolve({ reply: null, ended: false }),
} satisfies NonNullable<TestAppOptions['runtime']>;

/** The room of an agent account with a contact address (as stored: E.164 for a number). */
export async function findRoom(
  t: Pick<TestApp, 'db'>,
  agentAccountId: number,
  address: string,
): Promise<RoomRow> {
  const [room] = await t.db
    .select()
    .from(rooms)
    .where(and(eq(rooms.accountId, agentAccountId), eq(rooms.contactAddress, address)));
  if (!room) throw new Error(`no room of account ${String(agentAccountId)} with ${address}`);
  return room;
}

async function waitForAgentReply(t: Pick<TestApp, 'db'>, roomId: string, after: MessageRow, ms = 5000) {
  const started = Date.now();
  for (;;) {
    const [reply] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.roomId, roomId), eq(messages.author, 'agent'), gt(messages.id, after.id)))
      .limit(1);
    if (reply) return reply;
    if (Date.now() - started > ms) {
      throw new Error(`the agent did not answer "${after.text}" in ${roomId} within ${String(ms)} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export interface InboundText {
  /** The agent account's username and the contact's number, as the sandbox answered. */
  agent: string;
  from: string;
  room: RoomRow;
  message: MessageRow;
  /** The agent's answer, when the call waited for it. */
  reply: MessageRow | null;
}

/**
 * A contact texts an agent (its number or username) through the sandbox SMS network, POST /api/sandbox/sms/inbound:
 * stored in their room (opened when new) and routed like any inbound text; the agent answers in the background.
 * `waitForReply` waits until the agent's answer is stored (only when the agent is on in the room).
 */
export async function textAgent(
  t: Pick<TestApp, 'app' | 'db'>,
  input: { to: string; from: string; text: string },
  options: { waitForReply?: boolean } = {},
): Promise<InboundText> {
  const response = await createApiClient(t.app).call(endpoints.sandboxInboundSms, { body: input });
  const { agent, from } = expectStatus(response, 202, 'sandbox inbound SMS');
  const [account] = await t.db.select().from(accounts).where(eq(accounts.username, agent));
  if (!account) throw new Error(`no agent account ${agent}`);
  const room = await findRoom(t, account.id, from);
  const [message] = await t.db
    .select()
    .from(messages)
    .where(
      and(eq(messages.roomId, room.roomId), eq(messages.author, 'contact'), eq(messages.text, input.text)),
    )
    .orderBy(desc(messages.id))
    .limit(1);
  if (!message) throw new Error(`the text "${input.text}" was not stored in ${room.roomId}`);
  const reply = options.waitForReply ? await waitForAgentReply(t, room.roomId, message) : null;
  return { agent, from, room, message, reply };
}

/** Creates a contact of the acting account (`accountId`, else the caller's own). */
export async function createContact(
  client: ApiClient,
  input: { name?: string; phoneNumber?: string; email?: string; data?: Record<string, unknown> },
  accountId?: number,
): Promise<ContactView> {
  const response = await client.call(endpoints.saveContact, {
    body: input,
    ...(accountId === undefined ? {} : { targetAccountId: accountId }),
  });
  return expectStatus(response, 200, 'saveContact').contact;
}

/** A person's reply in a room: stored as theirs and sent to the contact. */
export async function replyInRoom(
  client: ApiClient,
  roomId: string,
  message: string,
): Promise<ResponseOf<typeof endpoints.sendMessage>['message']> {
  const response = await client.call(endpoints.sendMessage, { params: { roomId }, body: { message } });
  return expectStatus(response, 201, 'sendMessage').message;
}
