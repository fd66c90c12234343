import { randomUUID } from 'node:crypto';
import { getAgentConfig } from '../features/agents/agents.service';
import { openRoom, recordMessage, type Channel } from '../features/inbox/inbox.service';
import { writeConversationLog, type UsageUnit } from '../features/logs/logs.service';
import { loadAgent } from './agent-identity';
import { Conversation, type ConversationEvents } from './conversation';
import { balanceEndedLine, refusalLines } from './ports/balance-gate';
import { buildPrompt, fillSpokenVariables, promptVariables } from './prompt';
import type { AgentSession, RuntimeShared, SessionChannel, SessionRequest } from './session-types';
import { newToolState } from './tools/environment';
import { startUsageMeter, voiceUsageKey } from './usage-meter';

function toolRecords(log: Conversation['toolLog']) {
  return log.map((entry) => ({
    name: entry.call.name,
    arguments: entry.call.arguments,
    ok: entry.outcome.ok,
    summary: entry.outcome.message,
    ...(entry.outcome.data ? { data: entry.outcome.data } : {}),
    atMs: entry.atMs,
  }));
}

/**
 * Opens a live conversation (a call or a chat) on an agent's config: a new conversation in the contact's room,
 * every message stored as it is said, the log row and usage written once it ends. Whatever channel carries it
 * (the browser socket, a phone media stream, SIP) drives it through `conversation` and is told through
 * `request.call` to transfer or hang up once it has ended.
 */
export async function openLiveSession(shared: RuntimeShared, request: SessionRequest): Promise<AgentSession> {
  const { db, logger, now, modelFor, toolEnvironment, resolveAppFunctions, record, gate } = shared;
  const agent = await loadAgent(db, request.agentAccountId);
  const admission = await gate.admit(agent.accountId);
  const config = await getAgentConfig(db, agent.accountId, request.slot);
  const apps = await resolveAppFunctions(agent, config);
  let channel: SessionChannel = request.channel;
  const room = await openRoom(db, {
    accountId: agent.accountId,
    contactAddress: request.contactAddress,
    contactName: request.contact.name,
    channel: channel satisfies Channel,
    newConversation: true,
  });
  const uuid = room.conversationUuid;
  const startedAt = now();
  const { system, context } = buildPrompt({
    config,
    agentName: agent.name,
    contact: request.contact,
    channel,
    now: startedAt,
    task: request.task ?? null,
  });
  const task = request.task ?? null;
  const greeting = task?.greeting?.trim()
    ? fillSpokenVariables(task.greeting.trim(), promptVariables(config, task))
    : config.welcomeMessage;
  const state = newToolState();
  const transcript: { role: 'agent' | 'contact'; text: string; atMs: number }[] = [];
  const store = (role: 'agent' | 'contact', text: string) => {
    transcript.push({ role, text, atMs: now().getTime() - startedAt.getTime() });
    recordMessage(db, {
      accountId: agent.accountId,
      roomId: room.roomId,
      conversationUuid: uuid,
      direction: role === 'agent' ? 'outbound' : 'inbound',
      channel,
      author: role,
      text,
    }).catch((error: unknown) => logger.error({ err: error }, 'a conversation message was not stored'));
    if (channel === 'chat' && admission.admitted) {
      const usageKey = role === 'agent' ? 'client-outbound-message' : 'client-inbound-message';
      const eventKey = `${uuid}:${usageKey}:${String(transcript.length)}`;
      void gate.charge({
        agentAccountId: agent.accountId,
        usageKey,
        quantity: 1,
        eventKey,
        conversationId: uuid,
      });
    }
  };
  const events: ConversationEvents = {
    ...request.events,
    user(text) {
      store('contact', text);
      request.events.user?.(text);
    },
    reply(turnId, text) {
      if (text.trim() !== '') store('agent', text);
      request.events.reply(turnId, text);
    },
    ended(reason, transfer) {
      // The clock stops with the conversation, whenever the channel gets to finalize it.
      void meter?.finish(now().getTime() - startedAt.getTime());
      request.events.ended(reason, transfer);
      const call = request.call;
      if (!call) return;
      (transfer !== null ? call.transfer(transfer) : call.hangUp(reason)).catch((error: unknown) =>
        logger.error(
          { err: error, conversation: uuid, reason },
          'the call could not be ended or transferred',
        ),
      );
    },
  };
  const conversation = new Conversation({
    model: modelFor(config),
    system,
    context,
    state,
    events,
    logger,
    tools: {
      ...toolEnvironment({
        config,
        agent,
        uuid,
        roomId: room.roomId,
        contactAddress: room.contactAddress,
        contactPhone: request.contact.phoneNumber,
        channel,
        isTest: request.isTest,
        documents: [...context.documents],
        apps,
      }),
      ...(request.call?.ringTransfer ? { ringTransfer: request.call.ringTransfer.bind(request.call) } : {}),
    },
    ...(admission.admitted
      ? {}
      : { closingLine: channel === 'voice' ? refusalLines.voice : refusalLines.text }),
  });
  if (!admission.admitted)
    logger.info({ agent: agent.accountId, reason: admission.reason }, 'conversation refused');
  const meter = admission.admitted
    ? startUsageMeter({
        gate,
        logger,
        minuteMs: shared.minuteMs,
        agentAccountId: agent.accountId,
        conversationId: uuid,
        modelName: modelFor(config).name,
        // Phone lines are PSTN or SIP; a voice call in the browser or the app is a client call (FACTS §9.1).
        voiceKey: () => (channel === 'voice' ? voiceUsageKey(request.phoneCall, request.direction) : null),
        tokens: () => conversation.usage,
        onExhausted: () => endForBalance(),
      })
    : null;
  let warned = 0;
  /** The wallet ran out mid-call: say so and end; if the agent is busy talking, try again at the next minute. */
  function endForBalance() {
    if (conversation.ended) return;
    if (warned === 0 && conversation.sayLine(balanceEndedLine, { endAfter: 'agent' })) warned = 1;
    else if ((warned += 1) > 3) conversation.hangUp('agent');
  }
  let finalized = false;
  const session: AgentSession = {
    id: randomUUID(),
    roomId: room.roomId,
    conversationUuid: uuid,
    agentName: agent.name,
    config,
    task,
    greeting,
    model: modelFor(config),
    conversation,
    latencies: { greetingMs: null, turnsMs: [] },
    usage: {},
    switchChannel(next) {
      channel = next;
    },
    async finalize() {
      if (finalized) return;
      finalized = true;
      const ended = now();
      await meter?.finish(ended.getTime() - startedAt.getTime());
      if (meter && conversation.endedReason === 'error') {
        await gate
          .creditBack({
            agentAccountId: agent.accountId,
            conversationId: uuid,
            reason: 'the agent failed on a server error',
          })
          .catch((error: unknown) =>
            logger.error({ err: error, conversation: uuid }, 'the credit-back failed'),
          );
      }
      const usage: Partial<Record<UsageUnit, number>> = {
        ...session.usage,
        'input-tokens': conversation.usage.inputTokens,
        'output-tokens': conversation.usage.outputTokens,
        tokens: conversation.usage.inputTokens + conversation.usage.outputTokens,
      };
      // Inbound: the contact called the agent's number; outbound: the agent called the contact.
      const line = request.phoneCall;
      const [fromNumber, toNumber] = line
        ? [line.fromNumber, line.toNumber]
        : request.direction === 'inbound'
          ? [request.contact.phoneNumber, agent.phoneNumber]
          : [agent.phoneNumber, request.contact.phoneNumber];
      try {
        await writeConversationLog(db, {
          uuid,
          accountId: agent.accountId,
          agentId: agent.accountId,
          timestamp: startedAt,
          duration: (ended.getTime() - startedAt.getTime()) / 1000,
          fromNumber,
          toNumber,
          cnam: line ? request.contact.name : null,
          callId: line?.callId ?? null,
          roomId: room.roomId,
          direction: request.direction,
          transfer: state.transfer ?? '',
          channel: line ? 'phone' : channel,
          isTest: request.isTest,
          appointmentBooked: state.appointmentBooked,
          collectedData: state.collectedData,
          greetingLatencyMs: session.latencies.greetingMs,
          turnLatenciesMs: session.latencies.turnsMs,
          usage: Object.fromEntries(Object.entries(usage).filter(([, value]) => value > 0)),
          transcript,
          toolCalls: toolRecords(conversation.toolLog),
          endedReason: conversation.endedReason ?? 'caller',
        });
        for (const [unit, quantity] of Object.entries(usage) as [UsageUnit, number][]) {
          await record(unit, quantity, agent.accountId, uuid, `${uuid}:${unit}`);
        }
      } catch (error) {
        logger.error({ err: error, conversation: uuid }, 'the conversation log was not written');
      }
    },
  };
  return session;
}
