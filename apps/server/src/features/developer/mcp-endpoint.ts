import type { FastifyInstance, FastifyReply } from 'fastify';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { readCredentials, type Authenticator } from '../../http/authenticator';
import { isAppError } from '../../platform/app-error';
import { version } from '../../platform/version';
import { registerMcpTools, routePath, type CallRoute } from './mcp-tools';

export const mcpPath = '/api/mcp';

/** A JSON-RPC error answered before any MCP exchange starts (no token, a refused one, a method we do not serve). */
function refuse(reply: FastifyReply, status: number, message: string, headers: Record<string, string> = {}) {
  return reply
    .code(status)
    .headers(headers)
    .send({ jsonrpc: '2.0', error: { code: -32001, message }, id: null });
}

/**
 * POST /api/mcp speaks the Model Context Protocol over Streamable HTTP, statelessly: every request carries the API
 * token (Authorization: Bearer), gets its own server and transport, and its tools call the platform's routes
 * with that token.
 */
export function registerMcpEndpoint(app: FastifyInstance, authenticator: Authenticator): void {
  app.post(mcpPath, async (request, reply) => {
    const credentials = readCredentials(request);
    if (!credentials.token) {
      return refuse(reply, 401, 'Send an API token as "Authorization: Bearer <token>"', {
        'www-authenticate': 'Bearer realm="switchboard"',
      });
    }
    let actor;
    try {
      actor = await authenticator.authenticate({ token: credentials.token }, request);
    } catch (error) {
      if (isAppError(error)) return refuse(reply, error.status, error.message, error.headers ?? {});
      throw error;
    }
    if (!actor?.apiToken) {
      return refuse(
        reply,
        401,
        'The MCP server takes an API token (made under Developer settings), and this is none',
        {
          'www-authenticate': 'Bearer realm="switchboard", error="invalid_token"',
        },
      );
    }
    const authorization = `Bearer ${credentials.token}`;
    const call: CallRoute = async (endpoint, input) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(input.query ?? {})) {
        if (value !== undefined) query.set(key, String(value));
      }
      const search = query.size > 0 ? `?${query.toString()}` : '';
      const answer = await app.inject({
        method: endpoint.method,
        url: `${routePath(endpoint, input.params)}${search}`,
        headers: { authorization, 'x-request-id': request.id },
        ...(input.body === undefined ? {} : { payload: input.body as object }),
      });
      let body: unknown = answer.body;
      try {
        body = answer.json();
      } catch {
        // A file or an empty answer stays text.
      }
      return { status: answer.statusCode, body };
    };
    const server = new McpServer(
      { name: 'switchboard', title: 'Switchboard', version },
      {
        instructions:
          'Switchboard runs AI agents that answer and place phone calls and texts. List agents, read or change ' +
          'their prompts, search call logs, read conversations, and queue calls or texts as tasks.',
      },
    );
    registerMcpTools(server, call);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });
  // Stateless: no server-initiated stream to open and no session to end.
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: mcpPath,
      handler: (_request, reply) =>
        refuse(reply, 405, 'This MCP server is stateless: send JSON-RPC requests with POST', {
          allow: 'POST',
        }),
    });
  }
}
