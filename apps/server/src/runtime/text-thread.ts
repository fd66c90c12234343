import { normalizeEmail, normalizePhoneNumber } from '@switchboard/core';
import { appendMessage } from '../features/inbox/inbox.service';
import { sendTrackedText } from '../features/telephony/text-delivery.service';
import { writeConversationLog } from '../features/logs/logs.service';
import type { ModelMessage, ToolCall } from '../providers/llm/types';
import { loadAgent } from './agent-identity';
import type { RuntimeShared } from './session-types';
import { getAgentConfig } from '../features/agents/agents.service';
import { Conversation } from './conversation';
import type { InboundText, TextReply } from './port';
import { buildPrompt } from './prompt';
import { findThread, saveThread } from './threads.repo';
import { newToolState, type ToolOutcome, type ToolState } from './tools/environment';
import { refusalLines } from './ports/balance-gate';
import { tokenKeysFor } from './usage-meter';

/**
 * The text entry point (SMS, the sandbox inbound page): one turn of a thread that spans many requests. The
 * thread's model history and function state live in `agent_threads` between messages.
 */
/** The model history as stored: plain JSON; anything unreadable is dropped rather than failing the thread. */
function readHistory(stored: unknown[]): ModelMessage[] {
  return stored.filter((entry): entry is ModelMessage => {
    if (!entry || typeof entry !== 'object') return false;
    const role = (entry as { role?: unknown }).role;
    return role === 'user' || role === 'assistant' || role === 'tool';
  });
}

function readToolState(stored: Record<string, unknown>): ToolState {
  return { ...newToolState(), ...(stored as Partial<ToolState>) };
}

export async function replyToText(shared: RuntimeShared, input: InboundText): Promise<TextReply> {
  const { db, logger, sms, now, modelFor, toolEnvironment, resolveAppFunctions, record, gate } = shared;
  const agent = await loadAgent(db, input.agentAccountId);
  const admission = await gate.admit(agent.accountId);
  const config = await getAgentConfig(db, agent.accountId, 'production');
  const thread = await findThread(db, agent.accountId, input.conversationUuid);
  const phone = normalizePhoneNumber(input.contactAddress);
  const email = normalizeEmail(input.contactAddress);
  const at = now();
  const channel = input.channel === 'sms' ? 'sms' : 'chat';
  const direction = input.direction ?? 'inbound';
  const { system, context } = buildPrompt({
    config,
    agentName: agent.name,
    contact: { name: null, phoneNumber: phone, email },
    channel,
    now: at,
    task: input.task ?? null,
  });
  const state = thread ? readToolState(thread.toolState) : newToolState();
  const history = thread ? readHistory(thread.history) : [];
  let replyText = '';
  let replyTurn = '';
  let ended = false;
  const toolCalls: { call: ToolCall; outcome: ToolOutcome }[] = [];
  const conversation = new Conversation({
    model: modelFor(config),
    system,
    context,
    state,
    logger,
    history,
    tools: toolEnvironment({
      config,
      agent,
      uuid: input.conversationUuid,
      roomId: input.roomId,
      contactAddress: input.contactAddress,
      contactPhone: phone,
      channel,
      isTest: false,
      documents: [...context.documents],
      apps: await resolveAppFunctions(agent, config),
    }),
    events: {
      state: () => undefined,
      delta: () => undefined,
      reply: (turnId, text) => {
        replyText = text;
        replyTurn = turnId;
      },
      tool: (call, outcome) => toolCalls.push({ call, outcome }),
      ended: () => {
        ended = true;
      },
    },
  });
  // An empty wallet: the contact is told so (stored and sent like any reply) and the model is not run.
  if (admission.admitted) await conversation.userSaid(input.text);
  else {
    logger.info({ agent: agent.accountId, reason: admission.reason }, 'text refused');
    replyText = refusalLines.text;
  }
  const reply = replyText.trim();
  if (reply !== '') {
    const byText = input.channel === 'sms' && phone;
    const stored = await appendMessage(db, {
      accountId: agent.accountId,
      roomId: input.roomId,
      conversationUuid: input.conversationUuid,
      direction: 'outbound',
      channel: input.channel,
      author: 'agent',
      text: reply,
      ...(byText ? { status: 'queued' as const } : {}),
    });
    if (byText) {
      const sent = await sendTrackedText({ db, sms }, stored, {
        to: phone,
        from: agent.phoneNumber ?? undefined,
        text: reply,
      });
      if (sent.status === 'failed') {
        logger.error({ conversation: input.conversationUuid }, 'the agent reply was not sent by SMS');
      }
    }
  }
  // The turn's reply is delivered with the response; end if the agent said goodbye.
  conversation.delivered(replyTurn);
  ended ||= conversation.ended;

  const previousUsage = thread?.usage ?? {};
  const usage = {
    'input-tokens': (previousUsage['input-tokens'] ?? 0) + conversation.usage.inputTokens,
    'output-tokens': (previousUsage['output-tokens'] ?? 0) + conversation.usage.outputTokens,
    'inbound-message': (previousUsage['inbound-message'] ?? 0) + 1,
    'outbound-message': (previousUsage['outbound-message'] ?? 0) + (reply !== '' ? 1 : 0),
  };
  await saveThread(db, {
    conversationUuid: input.conversationUuid,
    accountId: agent.accountId,
    roomId: input.roomId,
    history: conversation.history,
    toolState: state as unknown as Record<string, unknown>,
    usage,
  });
  const startedAt = thread?.startedAt ?? at;
  const turnKey = `${input.conversationUuid}:${String(history.length)}`;
  try {
    await writeConversationLog(db, {
      uuid: input.conversationUuid,
      accountId: agent.accountId,
      agentId: agent.accountId,
      timestamp: startedAt,
      duration: Math.max(0, (now().getTime() - startedAt.getTime()) / 1000),
      fromNumber: direction === 'inbound' ? phone : agent.phoneNumber,
      toNumber: direction === 'inbound' ? agent.phoneNumber : phone,
      roomId: input.roomId,
      direction,
      transfer: state.transfer ?? '',
      channel: input.channel,
      isTest: false,
      appointmentBooked: state.appointmentBooked,
      collectedData: state.collectedData,
      greetingLatencyMs: null,
      turnLatenciesMs: [],
      usage: { ...usage, tokens: usage['input-tokens'] + usage['output-tokens'] },
      transcript: conversation.history
        .filter(
          (message) => (message.role === 'user' || message.role === 'assistant') && message.content !== '',
        )
        .map((message) => ({
          role: message.role === 'user' ? ('contact' as const) : ('agent' as const),
          text: message.content,
          atMs: 0,
        })),
      toolCalls: toolCalls.map(({ call, outcome }) => ({
        name: call.name,
        arguments: call.arguments,
        ok: outcome.ok,
        summary: outcome.message,
        ...(outcome.data ? { data: outcome.data } : {}),
        atMs: now().getTime() - startedAt.getTime(),
      })),
      endedReason: ended ? (conversation.endedReason ?? 'agent') : null,
    });
  } catch (error) {
    logger.error(
      { err: error, conversation: input.conversationUuid },
      'the conversation log was not written',
    );
  }
  await record(
    'input-tokens',
    conversation.usage.inputTokens,
    agent.accountId,
    input.conversationUuid,
    `${turnKey}:in`,
  );
  await record(
    'output-tokens',
    conversation.usage.outputTokens,
    agent.accountId,
    input.conversationUuid,
    `${turnKey}:out`,
  );
  await record('inbound-message', 1, agent.accountId, input.conversationUuid, `${turnKey}:received`);
  if (reply !== '') {
    await record('outbound-message', 1, agent.accountId, input.conversationUuid, `${turnKey}:sent`);
  }
  const network = input.channel === 'sms' ? 'sms' : 'client';
  const modelName = modelFor(config).name;
  const charges: [[string, ...string[]], number][] = [
    [[`${network}-inbound-message`], 1],
    [[`${network}-outbound-message`], reply === '' ? 0 : 1],
    [tokenKeysFor(modelName, 'input'), conversation.usage.inputTokens],
    [tokenKeysFor(modelName, 'output'), conversation.usage.outputTokens],
  ];
  for (const [[usageKey, ...alternatives], quantity] of charges) {
    if (quantity <= 0 || !admission.admitted) continue;
    await gate.charge({
      agentAccountId: agent.accountId,
      usageKey,
      alternatives,
      quantity,
      eventKey: `${turnKey}:${usageKey}`,
      conversationId: input.conversationUuid,
    });
  }
  return { reply: reply === '' ? null : reply, ended };
}
