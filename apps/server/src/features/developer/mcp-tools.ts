import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildPath, endpoints, type Endpoint } from '@switchboard/contract';

/** Calls one of the platform's own routes as the token does (its guard, tenant checks and permissions apply). */
export type CallRoute = (
  endpoint: Endpoint,
  input: {
    params?: Record<string, string | number>;
    query?: Record<string, string | number | boolean | undefined>;
    body?: unknown;
  },
) => Promise<{ status: number; body: unknown }>;

function resultOf(answer: { status: number; body: unknown }): CallToolResult {
  const failed = answer.status >= 400;
  const body = answer.body as { message?: unknown } | null;
  const text =
    failed && typeof body?.message === 'string'
      ? `Refused (${answer.status}): ${body.message}`
      : JSON.stringify(answer.body, null, 2);
  return { content: [{ type: 'text', text }], isError: failed };
}

const id = z.number().int().positive();
const agentAccountId = id.describe('The agent account (its id, as list_agents shows it)');

/**
 * The tools an AI client sees. Each one is a call of the platform's HTTP API made with the caller's own token, so
 * what a tool may do is exactly what the token may do on that route.
 */
export function registerMcpTools(server: McpServer, call: CallRoute): void {
  const read = { readOnlyHint: true, openWorldHint: false } as const;

  server.registerTool(
    'list_agents',
    {
      title: 'List agents',
      description:
        "The agent accounts of an organization (the token's own account unless organizationId names one below it).",
      inputSchema: { organizationId: id.optional().describe('An organization under the token’s account') },
      annotations: read,
    },
    async ({ organizationId }) =>
      resultOf(
        await call(endpoints.listAccounts, {
          query: { targetOrganizationId: organizationId, pageSize: 100 },
        }),
      ),
  );

  server.registerTool(
    'get_agent',
    {
      title: "Read an agent's configuration",
      description: "The agent's draft (staging) configuration: prompt, greeting, voice, functions, revision.",
      inputSchema: { agentAccountId },
      annotations: read,
    },
    async ({ agentAccountId: target }) =>
      resultOf(await call(endpoints.getCampaign, { query: { targetAccountId: target } })),
  );

  server.registerTool(
    'update_agent_prompt',
    {
      title: "Change an agent's prompt",
      description:
        "Replaces the agent's instructions (and optionally its greeting) in its draft; with publish: true live " +
        'conversations use it from their next turn.',
      inputSchema: {
        agentAccountId,
        prompt: z.string().min(1).max(100_000).describe('The full instructions for the agent'),
        greeting: z.string().max(2000).optional().describe('What the agent says when it answers'),
        publish: z.boolean().optional().describe('Publish at once (default: keep it as a draft)'),
      },
      annotations: { destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ agentAccountId: target, prompt, greeting, publish }) =>
      resultOf(
        await call(endpoints.saveCampaign, {
          query: { targetAccountId: target },
          body: {
            agentInstructions: prompt,
            ...(greeting === undefined ? {} : { welcomeMessage: greeting }),
            ...(publish ? { published: true } : {}),
          },
        }),
      ),
  );

  server.registerTool(
    'search_call_logs',
    {
      title: 'Search call logs',
      description:
        'Conversation logs (calls, texts, chats) of the token’s account and the accounts below it, newest first. ' +
        'Times are epoch seconds; the default window is the last 30 days.',
      inputSchema: {
        contains: z.string().max(200).optional().describe('Text the summary contains'),
        direction: z.enum(['inbound', 'outbound']).optional(),
        from: z.string().max(32).optional().describe('The caller’s number'),
        start: z.number().int().min(0).optional(),
        end: z.number().int().min(0).optional(),
        pageSize: z.number().int().min(1).max(100).optional(),
      },
      annotations: read,
    },
    async ({ contains, direction, from, start, end, pageSize }) =>
      resultOf(
        await call(endpoints.listLogs, {
          query: {
            start,
            end,
            pageSize: pageSize ?? 20,
            direction,
            'summary[contains]': contains,
            'fromNumber[contains]': from,
          },
        }),
      ),
  );

  server.registerTool(
    'read_conversation',
    {
      title: 'Read a conversation',
      description:
        'One conversation of a room, message by message, with its log (roomId and uuid from the logs).',
      inputSchema: { roomId: z.string().min(1).max(100), uuid: z.string().min(1).max(200) },
      annotations: read,
    },
    async ({ roomId, uuid }) =>
      resultOf(await call(endpoints.conversationRecord, { params: { roomId, uuid } })),
  );

  const when = z.number().int().min(0).optional().describe('When to place it, epoch seconds (default: now)');
  server.registerTool(
    'place_call',
    {
      title: 'Place a call',
      description:
        'Queues a task: the agent calls the number (within business hours and calling limits) and the outcome ' +
        'lands on the task and in the call logs.',
      inputSchema: {
        agentAccountId,
        to: z.string().min(1).max(32).describe('The number to call, E.164 (+15551234567)'),
        context: z.string().max(4000).optional().describe('What the agent should know or do on this call'),
        scheduledFor: when,
      },
      annotations: { destructiveHint: false, openWorldHint: true },
    },
    async ({ agentAccountId: accountId, to, context, scheduledFor }) =>
      resultOf(
        await call(endpoints.createTask, {
          body: { type: 'call', target: to, accountId, context, scheduledFor },
        }),
      ),
  );

  server.registerTool(
    'send_text',
    {
      title: 'Send a text',
      description: 'Queues a task: the agent texts the number from its phone number and handles the replies.',
      inputSchema: {
        agentAccountId,
        to: z.string().min(1).max(32).describe('The number to text, E.164'),
        message: z.string().min(1).max(1600),
        scheduledFor: when,
      },
      annotations: { destructiveHint: false, openWorldHint: true },
    },
    async ({ agentAccountId: accountId, to, message, scheduledFor }) =>
      resultOf(
        await call(endpoints.createTask, {
          body: { type: 'text', target: to, accountId, message, scheduledFor },
        }),
      ),
  );

  server.registerTool(
    'list_tasks',
    {
      title: 'List tasks',
      description: 'Calls and texts queued or placed, newest first, with their state and outcome.',
      inputSchema: {
        state: z.enum(['pending', 'running', 'finished', 'errored', 'canceled']).optional(),
        limit: z.number().int().min(1).max(100).optional(),
      },
      annotations: read,
    },
    async ({ state, limit }) => resultOf(await call(endpoints.listTasks, { query: { state, limit } })),
  );
}

export const routePath = (endpoint: Endpoint, params?: Record<string, string | number>): string =>
  buildPath(endpoint.path, params);
