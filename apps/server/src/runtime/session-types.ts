import type { AgentConfig } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AgentAppFunction } from '../features/apps/apps.service';
import type { UsageUnit } from '../features/logs/logs.service';
import type { Db } from '../platform/database';
import type { LanguageModel } from '../providers/llm/types';
import type { SmsProvider } from '../providers/sms/types';
import type { SpeechProviders } from '../providers/shared/speech-providers';
import type { AgentIdentity } from './agent-identity';
import type { Conversation, ConversationEvents } from './conversation';
import type { BalanceGate } from './ports/balance-gate';
import type { CallControl } from './ports/call-control';
import type { AgentDocument } from './ports/knowledge-search';
import type { AgentRuntimePort } from './port';
import type { SessionTask } from './session-task';
import type { ToolEnvironment } from './tools/environment';

export type { SpeechProviders };

export type SessionChannel = 'voice' | 'chat';

/** Who started the conversation: the contact (an inbound call or text) or the agent (an outbound task). */
export type ConversationDirection = 'inbound' | 'outbound';

export type { SessionTask } from './session-task';

export interface SessionRequest {
  agentAccountId: number;
  channel: SessionChannel;
  direction: ConversationDirection;
  slot: 'production' | 'staging';
  /** Who is talking: the signed-in person (test calls) or a visitor. */
  contact: { name: string | null; phoneNumber: string | null; email: string | null };
  /** The address the room is kept under (a phone number, an email, or `visitor:<id>`). */
  contactAddress: string;
  isTest: boolean;
  events: ConversationEvents;
  /** The line the conversation runs on; told to transfer or hang up once the conversation has ended. */
  call?: CallControl;
  /** A call on a phone line (a carrier's or the sandbox network's): logged with channel `phone` and its numbers. */
  phoneCall?: { callId: string; fromNumber: string; toNumber: string };
  /** The task this conversation is for: its context in the prompt, its greeting said first. */
  task?: SessionTask;
}

/** A live conversation with its records: the room and its messages as it goes, the log row when it ends. */
export interface AgentSession {
  readonly id: string;
  readonly roomId: string;
  readonly conversationUuid: string;
  readonly agentName: string;
  readonly config: AgentConfig;
  /** The task the conversation is for, when a task placed it. */
  readonly task: SessionTask | null;
  /** What the agent says first: the task's greeting, else the agent's welcome message (variables filled). */
  readonly greeting: string;
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

export interface ToolEnvironmentInput {
  config: AgentConfig;
  agent: AgentIdentity;
  uuid: string;
  roomId: string;
  contactAddress: string;
  contactPhone: string | null;
  channel: 'voice' | 'chat' | 'sms';
  isTest: boolean;
  documents: AgentDocument[];
  /** The agent's app functions (resolveAppFunctions). */
  apps: readonly AgentAppFunction[];
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
  /** The wallet that pays: admits conversations, charges usage as it happens, credits failures back. */
  gate: BalanceGate;
  /** How often a running call is charged its next minute (60 s; shorter in tests). */
  minuteMs: number;
}
