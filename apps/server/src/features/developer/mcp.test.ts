import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ApiTokenView, TaskView } from '@switchboard/contract';
import { startApp, textAgent, type DemoApp, type SignedInClient } from '@switchboard/testing';

let kit: DemoApp;
let acme: SignedInClient;
let url: URL;
const clients: Client[] = [];

beforeAll(async () => {
  kit = await startApp();
  acme = await kit.signIn('acme');
  await kit.app.listen({ port: 0, host: '127.0.0.1' });
  url = new URL(`http://127.0.0.1:${(kit.app.server.address() as AddressInfo).port}/api/mcp`);
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await kit.close();
});

async function tokenFor(type: 'admin' | 'readOnly'): Promise<string> {
  const made = await acme.post<{ token: ApiTokenView }>('/api/v2/tokens', {
    description: `MCP ${type}`,
    type,
  });
  expect(made.status, made.text).toBe(201);
  return made.body.token.token;
}

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'switchboard-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  clients.push(client);
  return client;
}

type ToolAnswer = { content: { type: string; text: string }[]; isError?: boolean };

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const answer = (await client.callTool({ name, arguments: args })) as ToolAnswer;
  return { text: answer.content[0]?.text ?? '', isError: answer.isError === true };
}

describe('the MCP server', () => {
  it('lists its tools to a client of the official SDK', async () => {
    const client = await connect(await tokenFor('admin'));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'get_agent',
      'list_agents',
      'list_tasks',
      'place_call',
      'read_conversation',
      'search_call_logs',
      'send_text',
      'update_agent_prompt',
    ]);
    expect(tools.find((tool) => tool.name === 'place_call')?.inputSchema.required).toEqual([
      'agentAccountId',
      'to',
    ]);
    expect(client.getServerVersion()?.name).toBe('switchboard');
  });

  it("lists the token's agents, reads and changes a prompt, and places a call and a text as tasks", async () => {
    const client = await connect(await tokenFor('admin'));
    const agents = await call(client, 'list_agents', {});
    expect(agents.isError, agents.text).toBe(false);
    expect(agents.text).toContain('"agent1"');
    expect(agents.text).toContain('"agent2"');
    expect(agents.text).not.toContain('"agent3"');

    const prompt = 'You answer for Acme Dental. Offer the earliest cleaning slot.';
    const updated = await call(client, 'update_agent_prompt', { agentAccountId: kit.ids.agent1, prompt });
    expect(updated.isError, updated.text).toBe(false);
    const read = await call(client, 'get_agent', { agentAccountId: kit.ids.agent1 });
    expect(JSON.parse(read.text)).toMatchObject({ campaign: { agentInstructions: prompt } });

    const placed = await call(client, 'place_call', {
      agentAccountId: kit.ids.agent1,
      to: '+15552000001',
      context: 'Confirm tomorrow’s appointment',
    });
    expect(placed.isError, placed.text).toBe(false);
    const texted = await call(client, 'send_text', {
      agentAccountId: kit.ids.agent1,
      to: '+15552000002',
      message: 'Your appointment is tomorrow at 9.',
    });
    expect(texted.isError, texted.text).toBe(false);
    const tasks = await acme.get<{ tasks: TaskView[] }>('/api/v2/tasks', { query: { limit: 10 } });
    expect(tasks.body.tasks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'call', target: '+15552000001', accountId: kit.ids.agent1 }),
        expect.objectContaining({ type: 'text', target: '+15552000002', accountId: kit.ids.agent1 }),
      ]),
    );
    const logs = await call(client, 'search_call_logs', { pageSize: 5 });
    expect(logs.isError, logs.text).toBe(false);
    expect(JSON.parse(logs.text)).toHaveProperty('logs');
  });

  it("obeys the token's tenant and type: another tenant's agent and a read-only token's writes are refused", async () => {
    const admin = await connect(await tokenFor('admin'));
    const foreign = await call(admin, 'get_agent', { agentAccountId: kit.ids.agent3 });
    expect(foreign.isError).toBe(true);
    expect(foreign.text).toMatch(/Refused \(403\)/);
    const foreignCall = await call(admin, 'place_call', {
      agentAccountId: kit.ids.agent3,
      to: '+15552000003',
    });
    expect(foreignCall.isError).toBe(true);

    const reader = await connect(await tokenFor('readOnly'));
    expect((await call(reader, 'list_agents', {})).isError).toBe(false);
    const write = await call(reader, 'place_call', { agentAccountId: kit.ids.agent1, to: '+15552000004' });
    expect(write.isError).toBe(true);
    expect(write.text).toMatch(/read-only/);
  });

  it("reads a conversation of the token's tenant message by message, and never another tenant's", async () => {
    const client = await connect(await tokenFor('readOnly'));
    const ours = await textAgent(kit, {
      to: 'agent1',
      from: '+15552000011',
      text: 'Can I move my cleaning to Thursday?',
    });
    const uuid = ours.message.conversationUuid;
    if (!uuid) throw new Error('the text joined no conversation');
    const read = await call(client, 'read_conversation', { roomId: ours.room.roomId, uuid });
    expect(read.isError, read.text).toBe(false);
    const [record] = JSON.parse(read.text) as {
      roomId: string;
      uuid: string;
      conversation: { message: string; author: string }[];
    }[];
    expect(record).toMatchObject({ roomId: ours.room.roomId, uuid });
    expect(record?.conversation.map((entry) => entry.message)).toContain(
      'Can I move my cleaning to Thursday?',
    );

    const theirs = await textAgent(kit, {
      to: 'agent3',
      from: '+15552000012',
      text: 'Globex private order 7731',
    });
    const foreign = await call(client, 'read_conversation', {
      roomId: theirs.room.roomId,
      uuid: theirs.message.conversationUuid ?? '',
    });
    expect(foreign.isError).toBe(true);
    expect(foreign.text).toMatch(/Refused \((403|404)\)/);
    expect(foreign.text).not.toContain('7731');
    const missing = await call(client, 'read_conversation', {
      roomId: ours.room.roomId,
      uuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/Refused \(404\)/);
  });

  it('takes API tokens only: no token, a session token and a revoked token are refused', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    };
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const none = await fetch(url, { method: 'POST', headers, body: JSON.stringify(initialize) });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    const session = await fetch(url, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${acme.token}` },
      body: JSON.stringify(initialize),
    });
    expect(session.status).toBe(401);
    expect(((await session.json()) as { error: { message: string } }).error.message).toMatch(/API token/);
    const token = await tokenFor('admin');
    await acme.delete('/api/v2/tokens', { token });
    const revoked = await fetch(url, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${token}` },
      body: JSON.stringify(initialize),
    });
    expect(revoked.status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status).toBe(405);
  });
});
