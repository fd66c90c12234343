import { z } from 'zod';
import { maxDatabaseInteger } from './fields';

/**
 * The agent session WebSocket (`/api/agent/session?token=...`): one conversation with an agent, by text (chat)
 * or by voice. JSON text frames carry the messages below; binary frames carry audio, signed 16-bit
 * little-endian mono PCM: the browser sends its microphone at `inputSampleRate` continuously (no push-to-talk;
 * the server finds the turns), the server sends the agent's speech at `outputSampleRate`.
 */
export const agentSessionPath = '/api/agent/session';

export const agentSessionInputSampleRate = 16_000;

export const conversationStates = ['greeting', 'listening', 'thinking', 'speaking', 'ended'] as const;
export type ConversationState = (typeof conversationStates)[number];

export const sessionStartSchema = z.object({
  type: z.literal('start'),
  /** The agent account to talk to. */
  agentAccountId: z.number().int().positive().max(maxDatabaseInteger),
  mode: z.enum(['chat', 'voice']),
  /** `staging` is the editor's test call (the unpublished draft); a test is logged as such. */
  config: z.enum(['production', 'staging']).default('production'),
  /** Who is talking, when known (shown to the agent as contact data). */
  contact: z
    .object({
      name: z.string().trim().max(200).optional(),
      phoneNumber: z.string().trim().max(32).optional(),
      email: z.string().trim().max(320).optional(),
    })
    .optional(),
});

export const clientSessionMessageSchema = z.discriminatedUnion('type', [
  sessionStartSchema,
  /** A typed message (chat mode; also accepted during a voice session). */
  z.object({ type: z.literal('text'), text: z.string().trim().min(1).max(4000) }),
  /** Switch between chat and voice mid-conversation. */
  z.object({ type: z.literal('mode'), mode: z.enum(['chat', 'voice']) }),
  /** The caller hangs up. */
  z.object({ type: z.literal('end') }),
  /** The browser finished playing the agent's audio of a turn (lets the server time barge-in precisely). */
  z.object({ type: z.literal('played'), turnId: z.string() }),
]);

export type ClientSessionMessage = z.infer<typeof clientSessionMessageSchema>;

export const serverSessionMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ready'),
    sessionId: z.string(),
    roomId: z.string(),
    conversationUuid: z.string(),
    agentName: z.string(),
    /** The model answering; `sandbox` true for the offline Sandbox model. */
    model: z.object({ name: z.string(), label: z.string(), sandbox: z.boolean() }),
    /** Whether voice works here; when not, why (chat still works). */
    voice: z.object({ available: z.boolean(), reason: z.string().nullable() }),
    inputSampleRate: z.number().int(),
    outputSampleRate: z.number().int(),
  }),
  z.object({ type: z.literal('state'), state: z.enum(conversationStates) }),
  /** What the caller said: interim hypotheses (final false) and the recognised utterance (final true). */
  z.object({ type: z.literal('user-text'), text: z.string(), final: z.boolean() }),
  /** The agent's reply as it streams, then the whole turn. */
  z.object({ type: z.literal('agent-delta'), turnId: z.string(), delta: z.string() }),
  z.object({ type: z.literal('agent-text'), turnId: z.string(), text: z.string() }),
  /** A function the agent ran, with its arguments and outcome. */
  z.object({
    type: z.literal('tool'),
    name: z.string(),
    arguments: z.record(z.string(), z.unknown()),
    ok: z.boolean(),
    summary: z.string(),
    /** The knowledge-base pages the answer came from (query_knowledge_base), best first. */
    sources: z.array(z.object({ title: z.string(), url: z.string() })).optional(),
  }),
  /** Binary audio frames of this turn follow until `audio-end`. */
  z.object({ type: z.literal('audio-start'), turnId: z.string() }),
  z.object({ type: z.literal('audio-end'), turnId: z.string() }),
  /** The caller spoke over the agent: stop playback now and drop queued audio. */
  z.object({ type: z.literal('barge-in') }),
  z.object({
    type: z.literal('ended'),
    reason: z.enum(['agent', 'caller', 'transfer', 'timeout', 'error']),
    /** The transfer destination when the call was transferred. */
    transfer: z.string().nullable(),
  }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);

export type ServerSessionMessage = z.infer<typeof serverSessionMessageSchema>;
