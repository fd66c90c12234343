import { randomUUID } from 'node:crypto';
import type { AgentConfig } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import { getAgentConfig } from '../features/agents/agents.service';
import { sandboxCalendar } from '../features/calendar/calendar.service';
import {
  appendMessage,
  openRoom,
  requestPersonAttention,
  type Channel,
} from '../features/inbox/inbox.service';
import { recordUsage, writeConversationLog, type UsageUnit } from '../features/logs/logs.service';
import type { Config } from '../platform/config';
import { createSecretBox } from '../platform/secret-box';
import type { Db } from '../platform/database';
import type { CalendarProvider } from '../providers/calendar/types';
import { createLanguageModel } from '../providers/llm/create';
import { createOpenAiModel } from '../providers/llm/openai';
import { createSandboxModel } from '../providers/llm/sandbox/sandbox-model';
import type { LanguageModel } from '../providers/llm/types';
import type { SmsProvider } from '../providers/sms/types';
import type { SpeechToText } from '../providers/stt/types';
import type { TextToSpeech } from '../providers/tts/types';
import type { VadFactory } from '../providers/vad/types';
import { Conversation, type ConversationEvents, type EndReason } from './conversation';
import type { AgentRuntimePort } from './port';
import { buildPrompt } from './prompt';
import { newToolState, type ToolEnvironment } from './tools/toolbox';
import { loadAgent, type AgentIdentity } from './agent-identity';
import { resolveAgentAppFunctions, type AgentAppFunction } from '../features/apps/apps.service';
import { replyToText } from './text-thread';

export interface SpeechProviders {
  stt: SpeechToText;
  tts: TextToSpeech;
  vad: VadFactory;
}

export interface AgentRuntimeDeps {
  config: Config;
  db: Db;
  sms: SmsProvider;
  logger: FastifyBaseLogger;
  /** Defaults to the configured provider (LLM_PROVIDER). */
  model?: LanguageModel;
  calendar?: CalendarProvider;
  /** Speech for voice sessions; without it, voice says it is unavailable and chat still works. */
  speech?: SpeechProviders | null;
  now?: () => Date;
}

export type SessionChannel = 'voice' | 'chat';

export interface SessionRequest {
  agentAccountId: number;
  channel: SessionChannel;
  slot: 'production' | 'staging';
  /** Who is talking: the signed-in person (test calls) or a visitor. */
  contact: { name: string | null; phoneNumber: string | null; email: string | null };
  /** The address the room is kept under (a phone number, an email, or `visitor:<id>`). */
  contactAddress: string;
  isTest: boolean;
  events: ConversationEvents;
}

/** A live conversation with its records: the room and its messages as it goes, the log row when it ends. */
export interface AgentSession {
  readonly id: string;
  readonly roomId: string;
  readonly conversationUuid: string;
  readonly agentName: string;
  readonly config: AgentConfig;
  /** The model this conversation runs on (the agent's own choice, else the platform default). */
  readonly model: LanguageModel;
  readonly conversation: Conversation;
  /** Greeting latency (answer → first agent audio) and per-turn latencies, filled by the voice channel. */
  readonly latencies: { greetingMs: number | null; turnsMs: number[] };
  /** Usage the channel measured (speech seconds, synthesized characters, voice seconds). */
  readonly usage: Partial<Record<UsageUnit, number>>;
  switchChannel(channel: SessionChannel): void;
  /** Writes the conversation log and usage; safe to call more than once. */
  finalize(): Promise<void>;
}

export interface AgentRuntime extends AgentRuntimePort {
  readonly model: LanguageModel;
  readonly speech: SpeechProviders | null;
  openSession(request: SessionRequest): Promise<AgentSession>;
  /** Runs a prompt once through the agent's model (no functions) and returns the reply. */
  runPrompt(agentAccountId: number, promptText: string): Promise<string>;
}

/** What the runtime's entry points share: the records, the model choice and the function environment. */
export interface RuntimeShared {
  db: Db;
  logger: FastifyBaseLogger;
  sms: SmsProvider;
  now: () => Date;
  modelFor: (config: AgentConfig) => LanguageModel;
  toolEnvironment: (input: ToolEnvironmentInput) => ToolEnvironment;
  /** The app functions an agent's config enables, from its organization's installed apps. */
  resolveAppFunctions: (agent: AgentIdentity, config: AgentConfig) => Promise<AgentAppFunction[]>;
  record: (unit: UsageUnit, quantity: number, accountId: number, uuid: string, key: string) => Promise<void>;
}

export interface ToolEnvironmentInput {
  config: AgentConfig;
  agent: AgentIdentity;
  uuid: string;
  roomId: string;
  contactAddress: string;
  contactPhone: string | null;
  channel: 'voice' | 'chat' | 'sms';
  isTest: boolean;
  documents: { source: 'prompt' | 'knowledge' | 'link'; text: string }[];
  /** The agent's app functions (resolveAppFunctions). */
  apps: readonly AgentAppFunction[];
}

/** The agent runtime behind the port: conversations on the agents' configs, with their records. */
export function createAgentRuntime(deps: AgentRuntimeDeps): AgentRuntime {
  const model = deps.model ?? createLanguageModel(deps.config.llm);
  const namedModels = new Map<string, LanguageModel>();
  /**
   * The model an agent runs on: the one its config names (`sandbox`, or a model id of the configured
   * OpenAI-compatible server), else the platform default.
   */
  function modelFor(config: AgentConfig): LanguageModel {
    const named = config.agentModel?.trim() ?? '';
    if (named === '' || deps.model) return model;
    let chosen = namedModels.get(named);
    if (!chosen) {
      const llm = deps.config.llm;
      chosen =
        named === 'sandbox'
          ? createSandboxModel()
          : llm.provider === 'openai'
            ? createOpenAiModel({ apiKey: llm.apiKey, baseUrl: llm.baseUrl, model: named })
            : model;
      namedModels.set(named, chosen);
    }
    return chosen;
  }
  const calendar = deps.calendar ?? sandboxCalendar(deps.db);
  const secrets = createSecretBox({ secretsKey: deps.config.secretsKey, dataDir: deps.config.dataDir });
  const now = deps.now ?? (() => new Date());
  const { db, logger } = deps;

  async function record(unit: UsageUnit, quantity: number, accountId: number, uuid: string, key: string) {
    if (quantity <= 0) return;
    await recordUsage(db, {
      accountId,
      unit,
      quantity: Math.round(quantity),
      conversationUuid: uuid,
      idempotencyKey: key,
    }).catch((error: unknown) => logger.error({ err: error, unit }, 'usage not recorded'));
  }

  function toolEnvironment(input: ToolEnvironmentInput): ToolEnvironment {
    return {
      config: input.config,
      agent: input.agent,
      conversation: {
        uuid: input.uuid,
        roomId: input.roomId,
        contactAddress: input.contactAddress,
        contactPhone: input.contactPhone,
        channel: input.channel,
        isTest: input.isTest,
      },
      documents: input.documents,
      calendar,
      sms: deps.sms,
      recordOutgoingSms: async (_to: string, text: string) => {
        await appendMessage(db, {
          accountId: input.agent.accountId,
          roomId: input.roomId,
          conversationUuid: input.uuid,
          direction: 'outbound',
          channel: 'sms',
          author: 'agent',
          text,
        });
        await record(
          'outbound-message',
          1,
          input.agent.accountId,
          input.uuid,
          `${input.uuid}:sms:${randomUUID()}`,
        );
      },
      flagForPerson: async (why: string) => {
        await requestPersonAttention(db, {
          accountId: input.agent.accountId,
          roomId: input.roomId,
          reason: why === 'transfer' ? 'transfer' : 'messageRequest',
        }).catch((error: unknown) =>
          logger.error({ err: error }, 'the room could not be flagged for a person'),
        );
      },
      now,
      logger,
      apps: input.apps,
      appRequests: {
        allowPrivateNetwork: deps.config.apps.allowPrivateNetwork,
        timeoutMs: deps.config.apps.requestTimeoutMs,
      },
    };
  }

  async function resolveAppFunctions(agent: AgentIdentity, config: AgentConfig): Promise<AgentAppFunction[]> {
    if (config.apps.length === 0) return [];
    try {
      const { functions, skipped } = await resolveAgentAppFunctions(
        db,
        secrets,
        agent.organizationId,
        config,
      );
      if (skipped.length > 0) {
        logger.warn({ agent: agent.accountId, skipped }, 'apps listed by the agent are not available');
      }
      return functions;
    } catch (error) {
      logger.error({ err: error, agent: agent.accountId }, 'the agent’s apps could not be loaded');
      return [];
    }
  }

  function toolRecords(log: Conversation['toolLog']) {
    return log.map((entry) => ({
      name: entry.call.name,
      arguments: entry.call.arguments,
      ok: entry.outcome.ok,
      summary: entry.outcome.message,
      atMs: entry.atMs,
    }));
  }

  const shared: RuntimeShared = {
    db,
    logger,
    sms: deps.sms,
    now,
    modelFor,
    toolEnvironment,
    resolveAppFunctions,
    record,
  };

  const runtime: AgentRuntime = {
    model,
    speech: deps.speech ?? null,

    async openSession(request) {
      const agent = await loadAgent(db, request.agentAccountId);
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
      });
      const state = newToolState();
      const transcript: { role: 'agent' | 'contact'; text: string; atMs: number }[] = [];
      const store = (role: 'agent' | 'contact', text: string) => {
        transcript.push({ role, text, atMs: now().getTime() - startedAt.getTime() });
        appendMessage(db, {
          accountId: agent.accountId,
          roomId: room.roomId,
          conversationUuid: uuid,
          direction: role === 'agent' ? 'outbound' : 'inbound',
          channel,
          author: role,
          text,
        }).catch((error: unknown) => logger.error({ err: error }, 'a conversation message was not stored'));
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
      };
      const conversation = new Conversation({
        model: modelFor(config),
        system,
        context,
        state,
        events,
        logger,
        tools: toolEnvironment({
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
      });
      let finalized = false;
      const session: AgentSession = {
        id: randomUUID(),
        roomId: room.roomId,
        conversationUuid: uuid,
        agentName: agent.name,
        config,
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
          const usage: Partial<Record<UsageUnit, number>> = {
            ...session.usage,
            'input-tokens': conversation.usage.inputTokens,
            'output-tokens': conversation.usage.outputTokens,
            tokens: conversation.usage.inputTokens + conversation.usage.outputTokens,
          };
          try {
            await writeConversationLog(db, {
              uuid,
              accountId: agent.accountId,
              agentId: agent.accountId,
              timestamp: startedAt,
              duration: (ended.getTime() - startedAt.getTime()) / 1000,
              fromNumber: request.contact.phoneNumber,
              toNumber: agent.phoneNumber,
              roomId: room.roomId,
              direction: 'inbound',
              transfer: state.transfer ?? '',
              channel,
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
    },

    replyToText: (input) => replyToText(shared, input),

    async runPrompt(agentAccountId, promptText) {
      const agent = await loadAgent(db, agentAccountId);
      const config = await getAgentConfig(db, agent.accountId, 'production');
      const { system, context } = buildPrompt({
        config,
        agentName: agent.name,
        contact: { name: null, phoneNumber: null, email: null },
        channel: 'chat',
        now: now(),
      });
      let reply = '';
      for await (const event of modelFor(config).stream({
        system,
        context,
        messages: [{ role: 'user', content: promptText }],
        tools: [],
      })) {
        if (event.type === 'text') reply += event.delta;
        else if (event.type === 'finish') {
          await record(
            'tokens',
            event.usage.inputTokens + event.usage.outputTokens,
            agent.accountId,
            randomUUID(),
            `prompt:${randomUUID()}`,
          );
        }
      }
      return reply.trim();
    },
  };
  return runtime;
}

export type { EndReason };
