import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { maxDatabaseInteger, okBody } from './fields';

export const runtimeEndpoints = {
  runPrompt: defineEndpoint({
    area: 'runtime',
    method: 'POST',
    path: '/api/v1/agent/runPrompt',
    summary: "Runs a prompt once through an agent's model",
    description:
      "The agent's model (the platform default unless the agent names another) answers the prompt text once, with the agent's instructions and knowledge as context and no functions.",
    guard: 'session',
    body: z.object({
      /** The agent account whose model and instructions answer. */
      targetAgent: z.number().int().positive().max(maxDatabaseInteger),
      promptText: z.string().trim().min(1, 'must not be empty').max(20_000),
    }),
    owned: { body: { targetAgent: 'account' } },
    response: okBody({ reply: z.string() }),
  }),
  runtimeStatus: defineEndpoint({
    area: 'runtime',
    method: 'GET',
    path: '/api/v1/agent/runtime',
    summary: 'What the agent runtime runs on here',
    description:
      'The model answering (its label, and whether it is the offline Sandbox model) and whether voice works on this server, with the reason when it does not.',
    guard: 'session',
    response: okBody({
      model: z.object({ name: z.string(), label: z.string(), sandbox: z.boolean() }),
      voice: z.object({ available: z.boolean(), reason: z.string().nullable() }),
    }),
  }),
};
