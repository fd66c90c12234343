import { randomUUID } from 'node:crypto';
import type { AgentConfig } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import { getAgentConfig } from '../features/agents/agents.service';
import { resolveAgentAppFunctions, type AgentAppFunction } from '../features/apps/apps.service';
import { accountCalendar } from '../features/calendar/calendar.service';
import { appendMessage, requestPersonAttention } from '../features/inbox/inbox.service';
import { recordUsage, type UsageUnit } from '../features/logs/logs.service';
import { trackSentText } from '../features/telephony/text-delivery.service';
import type { Config } from '../platform/config';
import type { Db } from '../platform/database';
import { createSecretBox } from '../platform/secret-box';
import type { CalendarProvider } from '../providers/calendar/types';
import { createLanguageModel } from '../providers/llm/create';
import { createOpenAiModel } from '../providers/llm/openai';
import { createSandboxModel } from '../providers/llm/sandbox/sandbox-model';
import type { LanguageModel } from '../providers/llm/types';
import type { MaybeReceipt, SmsProvider } from '../providers/sms/types';
import { loadAgent, type AgentIdentity } from './agent-identity';
import type { KnowledgeVectors } from '../features/knowledge/knowledge-vectors';
import { createKnowledgeSearch } from './knowledge/knowledge-base-search';
import { openLiveSession } from './live-session';
import { unmeteredGate, type BalanceGate } from './ports/balance-gate';
import type { KnowledgeSearch } from './ports/knowledge-search';
import { buildPrompt } from './prompt';
import type { AgentRuntime, RuntimeShared, SpeechProviders, ToolEnvironmentInput } from './session-types';
import { replyToText } from './text-thread';
import type { ToolEnvironment } from './tools/environment';

export interface AgentRuntimeDeps {
  config: Config;
  db: Db;
  sms: SmsProvider;
  logger: FastifyBaseLogger;
  /** Defaults to the configured provider (LLM_PROVIDER). */
  model?: LanguageModel;
  calendar?: CalendarProvider;
  /** Defaults to the agent's own documents and its attached knowledge bases. */
  knowledge?: KnowledgeSearch;
  /** Knowledge-base passages by meaning, when embeddings are configured. */
  knowledgeVectors?: KnowledgeVectors | null;
  /** Speech for voice sessions; without it, voice says it is unavailable and chat still works. */
  speech?: SpeechProviders | null;
  now?: () => Date;
  /** The wallet check and usage charges; without it nothing is metered. */
  balanceGate?: BalanceGate;
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
  const calendar = deps.calendar ?? accountCalendar(deps.db, { config: deps.config, logger: deps.logger });
  const knowledge = deps.knowledge ?? createKnowledgeSearch(deps.db, deps.knowledgeVectors);
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
      knowledge,
      calendar,
      sms: deps.sms,
      recordOutgoingSms: async (_to: string, text: string, receipt: MaybeReceipt) => {
        const stored = await appendMessage(db, {
          accountId: input.agent.accountId,
          roomId: input.roomId,
          conversationUuid: input.uuid,
          direction: 'outbound',
          channel: 'sms',
          author: 'agent',
          text,
          status: 'queued',
        });
        await trackSentText(db, deps.sms.name, stored, receipt);
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

  const shared: RuntimeShared = {
    db,
    logger,
    sms: deps.sms,
    now,
    modelFor,
    toolEnvironment,
    resolveAppFunctions,
    record,
    gate: deps.balanceGate ?? unmeteredGate,
    minuteMs: deps.config.billing.minuteMs,
  };

  const runtime: AgentRuntime = {
    model,
    speech: deps.speech ?? null,

    openSession: (request) => openLiveSession(shared, request),

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
