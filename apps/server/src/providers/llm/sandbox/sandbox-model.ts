import type { ConversationContext, LanguageModel, ModelEvent, ModelRequest } from '../types';
import { isAgentFunctionName } from '@switchboard/core';
import { decide, greeting } from './dialogue';

const emptyContext: ConversationContext = {
  agentName: '',
  documents: [],
  timezone: 'UTC',
  now: new Date(0),
  contact: { name: null, phoneNumber: null, email: null },
  transferDestinations: [],
  collectFields: [],
  channel: 'chat',
};

/** Rough token count (about four characters per token), so usage is metered like a hosted model's. */
function tokenEstimate(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * The offline, deterministic default model: retrieval over the agent's facts plus intent recognition over its
 * enabled functions, with arguments extracted from what the caller said (see dialogue.ts). Same input, same
 * answer; no network, no weights.
 */
export function createSandboxModel(): LanguageModel {
  return {
    name: 'sandbox',
    label: 'Sandbox model',
    sandbox: true,
    // Async to fit the streaming interface; the work itself is synchronous and fast.
    // eslint-disable-next-line @typescript-eslint/require-await
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      const context = request.context ?? { ...emptyContext, now: new Date() };
      const tools = new Set(request.tools.map((tool) => tool.name));
      const decision =
        request.messages.length === 0
          ? { kind: 'say' as const, text: greeting(context), calls: [] }
          : decide({
              context,
              messages: request.messages,
              tools,
              appTools: request.tools.filter((tool) => !isAgentFunctionName(tool.name)),
            });
      const text = decision.text ?? '';
      // Stream word by word, as a hosted model would.
      for (const piece of text.match(/\S+\s*/g) ?? []) {
        if (request.signal?.aborted) break;
        yield { type: 'text', delta: piece };
      }
      const calls = decision.calls ?? [];
      for (const [index, call] of calls.entries()) {
        yield {
          type: 'tool-call',
          call: {
            // Deterministic ids: the position in the conversation and in this reply.
            id: `call_${request.messages.length}_${index}`,
            name: call.name,
            arguments: call.arguments,
            rawArguments: JSON.stringify(call.arguments),
          },
        };
      }
      const input =
        tokenEstimate(request.system) +
        request.messages.reduce((sum, message) => sum + tokenEstimate(message.content), 0);
      yield {
        type: 'finish',
        reason: calls.length > 0 ? 'tool-calls' : 'stop',
        usage: { inputTokens: input, outputTokens: tokenEstimate(text) + calls.length * 12 },
      };
    },
  };
}
