import type { FunctionParameters } from '@switchboard/core';

/** A chat model with tool calling, streamed (the Chat Completions shape every OpenAI-compatible server speaks). */
export interface LanguageModel {
  /** The provider and model, e.g. `openai:gpt-4.1-mini` or `sandbox`. */
  readonly name: string;
  /** Shown in the product, e.g. "Sandbox model". */
  readonly label: string;
  readonly sandbox: boolean;
  /** Streams one completion: text deltas and tool calls, then `finish`. Throws on transport failures. */
  stream(request: ModelRequest): AsyncIterable<ModelEvent>;
}

export interface ModelRequest {
  system: string;
  messages: readonly ModelMessage[];
  tools: readonly ToolSpec[];
  signal?: AbortSignal | undefined;
  /**
   * The same facts the system prompt states, structured. Hosted models read the prompt and ignore this; the
   * offline Sandbox model, which cannot read instructions, retrieves and reasons over it.
   */
  context?: ConversationContext | undefined;
}

export interface ConversationContext {
  agentName: string;
  /** The agent's prompt and knowledge text, with variables filled in. */
  documents: readonly { source: 'prompt' | 'knowledge' | 'link'; text: string }[];
  timezone: string;
  now: Date;
  contact: { name: string | null; phoneNumber: string | null; email: string | null };
  /** Named transfer destinations the agent may use. */
  transferDestinations: readonly { name: string; number: string }[];
  /** Fields collect_data records. */
  collectFields: readonly { key: string; label: string; type: string; required: boolean }[];
  channel: 'voice' | 'chat' | 'sms';
}

export interface ToolSpec {
  name: string;
  description: string;
  parameters: FunctionParameters;
  /** Things a caller might say that call for it; hosted models read the description, the Sandbox model these. */
  examples?: readonly string[];
}

export interface ToolCall {
  id: string;
  name: string;
  /** Parsed JSON arguments ({} when the model sent none or invalid JSON; `rawArguments` keeps the text). */
  arguments: Record<string, unknown>;
  rawArguments: string;
}

export type ModelMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: readonly ToolCall[] | undefined }
  | { role: 'tool'; toolCallId: string; name: string; content: string };

export type ModelEvent =
  | { type: 'text'; delta: string }
  | { type: 'tool-call'; call: ToolCall }
  | { type: 'finish'; reason: 'stop' | 'tool-calls' | 'length' | 'other'; usage: ModelUsage };

export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
}
