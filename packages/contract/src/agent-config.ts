import { z } from 'zod';
import { agentFunctionNames } from '@switchboard/core';

/**
 * An agent's campaign configuration: what the studio edits (staging), what publishing copies to production, and
 * what the runtime runs. `agentConfigSchema.parse({})` gives a complete default configuration.
 */

export const transferDestinationSchema = z.object({
  /** How the caller or the model names it ("billing", "Dr. Reyes"). */
  name: z.string().trim().max(100).default(''),
  /** E.164 number, another agent's username, or ext:/pbx: target. */
  number: z.string().trim().min(1).max(64),
});

export const collectFieldSchema = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'must start with a letter and use letters, digits or _'),
  label: z.string().trim().max(100).default(''),
  type: z.enum(['text', 'number', 'boolean', 'date', 'email', 'phone', 'choice']).default('text'),
  required: z.boolean().default(false),
  choices: z.array(z.string().trim().min(1)).optional(),
  instructions: z.string().max(2000).optional(),
});

export const bookingRulesSchema = z.object({
  durationMinutes: z.number().int().min(5).max(480).default(30),
  /** ISO weekdays (1 = Monday ... 7 = Sunday) on which bookings are taken. */
  days: z.array(z.number().int().min(1).max(7)).default([1, 2, 3, 4, 5]),
  /** Local opening and closing time of the booking window, HH:MM. */
  startTime: z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .default('09:00'),
  endTime: z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .default('17:00'),
  /** How many days ahead a caller may book. */
  horizonDays: z.number().int().min(1).max(365).default(60),
});

/** One enabled built-in function with its instructions and settings. */
export const agentActionSchema = z.object({
  name: z.enum(agentFunctionNames),
  /** When to call it, in the user's words; shown to the model next to the function's own description. */
  instructions: z.string().max(5000).default(''),
  /** transfer_call */
  destinations: z.array(transferDestinationSchema).optional(),
  /** send_sms: a fixed text (the model may still write its own when empty). */
  text: z.string().max(1600).optional(),
  /** collect_data */
  fields: z.array(collectFieldSchema).optional(),
  /** book_appointment */
  booking: bookingRulesSchema.optional(),
});

export const agentAppSchema = z.object({
  appId: z.string().trim().min(1),
  version: z.string().trim().min(1),
  instructions: z.string().max(5000).default(''),
});

export const agentLanguages = ['en-US', 'multi', 'es-MX', 'es-ES', 'es-US'] as const;

export const agentConfigSchema = z.object({
  /** Stable id of the campaign ("camp" + hex); read-only. */
  campaignId: z.string().default(''),
  /** Increments on every staging write; a write carrying an older revision is a conflict. Read-only. */
  revision: z.number().int().min(0).default(0),
  title: z.string().max(200).default(''),
  description: z.string().max(2000).default(''),
  agentInstructions: z.string().max(100_000).default(''),
  /** Spoken on answer; `prompt:` prefix means the model writes a fresh greeting. */
  welcomeMessage: z.string().max(2000).default(''),
  actions: z.array(agentActionSchema).default([]),
  apps: z.array(agentAppSchema).default([]),
  /** Functions enabled per app, keyed `appId:version`. */
  enabledFunctions: z.record(z.string(), z.array(z.string())).default({}),
  published: z.boolean().default(true),
  confirmTransfers: z.boolean().default(false),
  monitorTransfers: z.boolean().default(false),
  attendedTransfers: z.boolean().default(false),
  agentVoice: z.string().max(100).default('Asteria'),
  agentLang: z.enum(agentLanguages).default('en-US'),
  /** The model provider this agent runs on; null = the platform default (LLM_PROVIDER). */
  agentModel: z.string().max(200).nullable().default(null),
  timezone: z.string().max(64).default('America/New_York'),
  /** {{name}} placeholders in the prompt and greeting. */
  variables: z.record(z.string(), z.string()).default({}),
  /** Web pages or documents the agent may read (at most 2). */
  links: z.array(z.string().trim().min(1)).max(2).default([]),
  /** Facts the agent answers from, besides its prompt (FAQ, prices, policies). */
  knowledge: z.string().max(200_000).default(''),
  /** Ids of the organization's knowledge bases the agent searches (query_knowledge_base). */
  knowledgeBases: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
  // Call handling.
  interruptionWordCount: z.number().int().min(0).max(50).default(3),
  interruptionMinimumSpeakingTime: z.number().min(0).max(60).default(3),
  /** Silence after the caller's speech that ends their turn, ms (500 by default: the agent answers within 700). */
  speakingTimeout: z.number().int().min(100).max(10_000).default(500),
  speechProcessingDelay: z.number().int().min(0).max(5000).default(500),
  callerResponseTimeout: z.number().int().min(1).max(300).default(13),
  callerResponseTimeoutHangupCounter: z.number().int().min(1).max(20).default(3),
  waitOnAnswer: z.number().int().min(0).max(30_000).default(0),
  /** The caller's contact card is not given to the agent. */
  noContactInjection: z.boolean().default(false),
  autoRecordingNotification: z.enum(['true', 'false', 'always']).default('true'),
  recordingNotificationPhrase: z.string().max(500).default('This call is being recorded.'),
  cnamAutoRejectRegex: z.string().max(500).nullable().default(null),
  cnamAutoRejectCode: z.number().int().min(400).max(699).default(603),
  cnamAutoTransferRegex: z.string().max(500).nullable().default(null),
  cnamAutoTransferDestination: z.string().max(64).nullable().default(null),
  // Template link.
  templateId: z.string().nullable().default(null),
  templateFields: z.record(z.string(), z.string()).default({}),
  updatedAt: z.string().nullable().default(null),
});

export type AgentConfig = z.infer<typeof agentConfigSchema>;
export type AgentAction = z.infer<typeof agentActionSchema>;
export type TransferDestination = z.infer<typeof transferDestinationSchema>;
export type CollectField = z.infer<typeof collectFieldSchema>;
export type BookingRules = z.infer<typeof bookingRulesSchema>;
export type AgentApp = z.infer<typeof agentAppSchema>;

export function defaultAgentConfig(): AgentConfig {
  return agentConfigSchema.parse({});
}
