import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One reply of the fake model: text streamed in pieces, and/or function calls with JSON arguments. */
export interface FakeModelReply {
  text?: string;
  toolCalls?: { name: string; arguments: Record<string, unknown> }[];
}

export interface ChatCompletionRequest {
  headers: http.IncomingHttpHeaders;
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
    tools?: { type: string; function: { name: string; description: string; parameters: unknown } }[];
  };
}

/**
 * An OpenAI-compatible Chat Completions server on loopback (`POST {base}/chat/completions`), as Ollama, vLLM or
 * llama.cpp's server answer it: bearer key checked, Server-Sent Events with `chat.completion.chunk` deltas, tool
 * calls streamed as `tool_calls` deltas whose arguments arrive in several pieces, a final usage chunk, `[DONE]`.
 */
export async function startFakeOpenAiServer(options: {
  apiKey: string;
  reply: (request: ChatCompletionRequest) => FakeModelReply;
}): Promise<{ baseUrl: string; requests: ChatCompletionRequest[]; close(): Promise<void> }> {
  const requests: ChatCompletionRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: { message: `Unknown path ${req.url ?? ''}`, type: 'invalid_request_error' },
          }),
        );
        return;
      }
      if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }),
        );
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatCompletionRequest['body'];
      const request = { headers: req.headers, body };
      requests.push(request);
      const reply = options.reply(request);
      const id = `chatcmpl-${requests.length}`;
      const base = { id, object: 'chat.completion.chunk', created: 1_760_000_000, model: body.model };
      const events: unknown[] = [
        { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] },
      ];
      for (const piece of reply.text?.match(/\S+\s*/g) ?? []) {
        events.push({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
      }
      (reply.toolCalls ?? []).forEach((call, index) => {
        const args = JSON.stringify(call.arguments);
        const cut = Math.floor(args.length / 2);
        events.push({
          ...base,
          choices: [
            {
              index: 0,
              delta: {
                tool_calls: [
                  {
                    index,
                    id: `call_${requests.length}_${index}`,
                    type: 'function',
                    function: { name: call.name, arguments: args.slice(0, cut) },
                  },
                ],
              },
              finish_reason: null,
            },
          ],
        });
        events.push({
          ...base,
          choices: [
            {
              index: 0,
              delta: { tool_calls: [{ index, function: { arguments: args.slice(cut) } }] },
              finish_reason: null,
            },
          ],
        });
      });
      events.push({
        ...base,
        choices: [{ index: 0, delta: {}, finish_reason: reply.toolCalls?.length ? 'tool_calls' : 'stop' }],
      });
      events.push({
        ...base,
        choices: [],
        usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
      });
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      for (const event of events) res.write(`data: ${JSON.stringify(event)}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
