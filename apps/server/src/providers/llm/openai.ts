import OpenAI from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { LanguageModel, ModelEvent, ModelMessage, ModelRequest, ToolCall } from './types';

export interface OpenAiModelOptions {
  apiKey: string;
  /** Any OpenAI-compatible server: OpenAI, Ollama, vLLM, llama.cpp's server... */
  baseUrl: string;
  model: string;
  timeoutMs?: number;
}

/** Chat Completions (POST {baseUrl}/chat/completions), streamed, with tool calls, through the official SDK. */
export function createOpenAiModel(options: OpenAiModelOptions): LanguageModel {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseUrl,
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: 1,
  });
  return {
    name: `openai:${options.model}`,
    label: options.model,
    sandbox: false,
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      const stream = await client.chat.completions.create(
        {
          model: options.model,
          stream: true,
          stream_options: { include_usage: true },
          messages: toOpenAiMessages(request.system, request.messages),
          ...(request.tools.length > 0 ? { tools: request.tools.map(toOpenAiTool) } : {}),
        },
        { signal: request.signal },
      );
      const pending = new Map<number, { id: string; name: string; args: string }>();
      let finishReason: ChatCompletionChunk.Choice['finish_reason'] = null;
      let usage = { inputTokens: 0, outputTokens: 0 };
      for await (const chunk of stream) {
        if (chunk.usage) {
          usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
        }
        const choice = chunk.choices[0];
        if (!choice) continue;
        const delta = choice.delta;
        if (delta.content) yield { type: 'text', delta: delta.content };
        for (const part of delta.tool_calls ?? []) {
          const entry = pending.get(part.index) ?? { id: '', name: '', args: '' };
          if (part.id) entry.id = part.id;
          if (part.function?.name) entry.name += part.function.name;
          if (part.function?.arguments) entry.args += part.function.arguments;
          pending.set(part.index, entry);
        }
        if (choice.finish_reason) finishReason = choice.finish_reason;
      }
      for (const [index, entry] of [...pending.entries()].sort(([a], [b]) => a - b)) {
        yield { type: 'tool-call', call: toToolCall(entry, index) };
      }
      yield {
        type: 'finish',
        reason:
          pending.size > 0 || finishReason === 'tool_calls'
            ? 'tool-calls'
            : finishReason === 'length'
              ? 'length'
              : finishReason === 'stop' || finishReason === null
                ? 'stop'
                : 'other',
        usage,
      };
    },
  };
}

function toToolCall(entry: { id: string; name: string; args: string }, index: number): ToolCall {
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = entry.args.trim() === '' ? {} : JSON.parse(entry.args);
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      parsed = value as Record<string, unknown>;
  } catch {
    // Invalid JSON from the model: the tool sees no arguments and answers with what is missing.
  }
  return { id: entry.id || `call_${index}`, name: entry.name, arguments: parsed, rawArguments: entry.args };
}

function toOpenAiTool(tool: ModelRequest['tools'][number]): ChatCompletionTool {
  return {
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters as unknown as Record<string, unknown>,
    },
  };
}

function toOpenAiMessages(system: string, messages: readonly ModelMessage[]): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [{ role: 'system', content: system }];
  for (const message of messages) {
    if (message.role === 'user') out.push({ role: 'user', content: message.content });
    else if (message.role === 'tool') {
      out.push({ role: 'tool', tool_call_id: message.toolCallId, content: message.content });
    } else {
      out.push({
        role: 'assistant',
        content: message.content === '' && message.toolCalls?.length ? null : message.content,
        ...(message.toolCalls?.length
          ? {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: 'function' as const,
                function: { name: call.name, arguments: call.rawArguments || JSON.stringify(call.arguments) },
              })),
            }
          : {}),
      });
    }
  }
  return out;
}
