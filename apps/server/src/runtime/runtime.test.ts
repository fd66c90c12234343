import type { AddressInfo } from 'node:net';
import { appointments, eq, messages } from '@switchboard/db';
import { startApp, startFakeOpenAiServer, type DemoApp } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openRoom } from '../features/inbox/inbox.service';
import { createOpenAiModel } from '../providers/llm/openai';
import type { ModelEvent } from '../providers/llm/types';
import { instantSpeechProviders } from '../providers/shared/speech-providers';
import { loggedConversation, openSession, utteranceFrames } from './session-client.test-support';

describe('agent runtime on the Sandbox model', () => {
  let t: DemoApp;
  let token: string;
  let agent1: number;
  let agent3: number;

  beforeAll(async () => {
    t = await startApp({
      speech: instantSpeechProviders({ transcripts: ['What are your opening hours?'] }),
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    token = (await t.signIn('acme')).token;
    agent1 = t.ids.agent1;
    agent3 = t.ids.agent3;
  });
  afterAll(async () => t.close());

  it('says which model answers and whether voice works', async () => {
    const response = await t.client(token).get('/api/v1/agent/runtime');
    expect(response.body).toMatchObject({
      success: true,
      model: { label: 'Sandbox model', sandbox: true },
    });
  });

  it('chats over the session socket, books through the function, and logs the conversation', async () => {
    const session = await openSession(t, token);
    session.send({ type: 'start', agentAccountId: agent1, mode: 'chat', contact: { name: 'Dana Reyes' } });
    const ready = await session.next('ready');
    expect(ready.model).toEqual({ name: 'sandbox', label: 'Sandbox model', sandbox: true });
    const greeting = await session.next('agent-text');
    expect(greeting.text).toBe('Thank you for calling Acme Dental. How can I help you today?');

    session.send({ type: 'text', text: 'What are your opening hours?' });
    const hours = await session.next('agent-text', (m) => m.turnId !== greeting.turnId);
    expect(hours.text).toBe('We are open Monday to Friday from 9 am to 6 pm.');

    session.send({ type: 'text', text: 'Can I book a check-up next Wednesday at 10am?' });
    const tool = await session.next('tool');
    expect(tool).toMatchObject({
      name: 'book_appointment',
      ok: true,
      arguments: { time: '10:00', name: 'Dana Reyes' },
    });
    const booked = await session.next('agent-text', (m) => m.text.includes("You're booked"));
    expect(booked.text).toMatch(/You're booked for Dana Reyes on Wednesday, .* at 10:00 AM\./);

    session.send({ type: 'text', text: "That's all, thanks. Bye!" });
    const ended = await session.next('ended');
    expect(ended).toEqual({ type: 'ended', reason: 'agent', transfer: null });
    expect(await session.closed).toBe(1000);

    // The records: the appointment, the room's messages, the log row.
    const [appointment] = await t.db.select().from(appointments).where(eq(appointments.accountId, agent1));
    expect(appointment).toMatchObject({ name: 'Dana Reyes', timezone: 'America/Chicago', status: 'booked' });
    const log = await loggedConversation(t, ready.conversationUuid);
    expect(log).toMatchObject({
      accountId: agent1,
      channel: 'chat',
      direction: 'inbound',
      isTest: false,
      appointmentBooked: true,
      transfer: '',
      endedReason: 'agent',
      roomId: ready.roomId,
    });
    expect(log?.toolCalls.map((call) => call.name)).toEqual(['book_appointment', 'end_conversation']);
    expect(log?.transcript.map((entry) => entry.role)).toEqual([
      'agent',
      'contact',
      'agent',
      'contact',
      'agent',
      'contact',
      'agent',
    ]);
    expect(log?.usage['input-tokens']).toBeGreaterThan(0);
    const stored = await t.db.select().from(messages).where(eq(messages.roomId, ready.roomId));
    expect(stored.map((message) => message.text)).toContain('What are your opening hours?');
  });

  it('holds a voice conversation: the caller is heard, the agent answers in audio, latencies are logged', async () => {
    const session = await openSession(t, token);
    session.send({ type: 'start', agentAccountId: agent1, mode: 'voice', config: 'staging' });
    const ready = await session.next('ready');
    expect(ready.voice.available).toBe(true);
    await session.next('audio-end'); // the greeting was spoken
    for (const frame of utteranceFrames()) session.socket.send(frame);
    const heard = await session.next('user-text', (m) => m.final);
    expect(heard.text).toBe('What are your opening hours?');
    const answer = await session.next('agent-text', (m) => m.text.includes('Monday'));
    expect(answer.text).toBe('We are open Monday to Friday from 9 am to 6 pm.');
    await session.next('audio-end', (m) => m.turnId === answer.turnId);
    expect(session.audio.length).toBeGreaterThan(0);
    session.send({ type: 'end' });
    expect(await session.next('ended')).toMatchObject({ reason: 'caller' });
    const log = await loggedConversation(t, ready.conversationUuid);
    expect(log).toMatchObject({ channel: 'voice', isTest: true, endedReason: 'caller' });
    expect(log?.greetingLatencyMs).toBeGreaterThanOrEqual(0);
    expect(log?.turnLatenciesMs).toHaveLength(1);
    expect(log?.usage['tts-characters']).toBeGreaterThan(40);
    expect(log?.usage['stt-seconds']).toBeGreaterThan(0.5);
  });

  it('refuses a session with another tenant’s agent', async () => {
    const session = await openSession(t, token);
    session.send({ type: 'start', agentAccountId: agent3, mode: 'chat' });
    const error = await session.next('error');
    expect(error.message).toBe(`You cannot talk to agent ${agent3} from this account.`);
    expect(await session.closed).toBe(4403);
  });

  it('refuses a socket without a valid token', async () => {
    const address = t.app.server.address() as AddressInfo;
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/api/agent/session?token=nope`);
    const status = await new Promise<number>((resolve) =>
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(401);
  });

  it('answers invalid messages without closing the session', async () => {
    const session = await openSession(t, token);
    session.send({ type: 'text', text: 'hello' });
    expect((await session.next('error')).message).toBe('Send start first.');
    session.send({ type: 'start', agentAccountId: 'x', mode: 'chat' });
    expect((await session.next('error')).message).toMatch(/^agentAccountId: /);
    session.socket.close();
  });

  it('replies to a text through the text entry point and sends it by SMS', async () => {
    const room = await openRoom(t.db, { accountId: agent1, contactAddress: '+15551112222', channel: 'sms' });
    const reply = await t.app.agentRuntime.replyToText({
      agentAccountId: agent1,
      roomId: room.roomId,
      conversationUuid: room.conversationUuid,
      contactAddress: '+15551112222',
      text: 'Where is your office?',
      channel: 'sms',
    });
    expect(reply).toEqual({ reply: 'Our address is 120 Main Street, Springfield, IL 62701.', ended: false });
    const outbox = await t.client().get<{ items: { text: string }[] }>('/api/dev/outbox?to=%2B15551112222');
    expect(outbox.body.items[0]?.text).toBe(reply.reply);
    // The thread remembers: a message request spans several texts.
    const first = await t.app.agentRuntime.replyToText({
      agentAccountId: agent1,
      roomId: room.roomId,
      conversationUuid: room.conversationUuid,
      contactAddress: '+15551112222',
      text: 'Can I leave a message for the dentist?',
      channel: 'sms',
    });
    expect(first.reply).toBe("Sure, I can take a message. What's your name?");
    const second = await t.app.agentRuntime.replyToText({
      agentAccountId: agent1,
      roomId: room.roomId,
      conversationUuid: room.conversationUuid,
      contactAddress: '+15551112222',
      text: 'Jordan Blake',
      channel: 'sms',
    });
    expect(second.reply).toBe('What message would you like me to pass on?');
  });

  it('runs a prompt once through the agent’s model', async () => {
    const response = await t.client(token).post('/api/v1/agent/runPrompt', {
      targetAgent: agent1,
      promptText: 'How much does teeth whitening cost?',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, reply: 'Teeth whitening costs $350.' });
    const empty = await t
      .client(token)
      .post<{ message: string }>('/api/v1/agent/runPrompt', { targetAgent: agent1, promptText: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('promptText');
  });
});

describe('the OpenAI-compatible provider against a wire-level fake', () => {
  it('streams text and assembles tool calls whose arguments arrive in pieces', async () => {
    const fake = await startFakeOpenAiServer({
      apiKey: 'sk-test',
      reply: (request) =>
        request.body.messages.some((m) => m.role === 'tool')
          ? { text: 'You are booked for Tuesday at 3 PM.' }
          : {
              text: 'Let me book that.',
              toolCalls: [{ name: 'book_appointment', arguments: { date: '2026-11-24', time: '15:00' } }],
            },
    });
    try {
      const model = createOpenAiModel({ apiKey: 'sk-test', baseUrl: fake.baseUrl, model: 'llama3.1' });
      const events: ModelEvent[] = [];
      for await (const event of model.stream({
        system: 'You book appointments.',
        messages: [{ role: 'user', content: 'Tuesday at 3 please' }],
        tools: [
          {
            name: 'book_appointment',
            description: 'Book',
            parameters: { type: 'object', properties: {}, required: [] },
          },
        ],
      })) {
        events.push(event);
      }
      const text = events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
      expect(text).toBe('Let me book that.');
      const call = events.find((e) => e.type === 'tool-call');
      expect(call).toMatchObject({
        type: 'tool-call',
        call: { name: 'book_appointment', arguments: { date: '2026-11-24', time: '15:00' } },
      });
      expect(events.at(-1)).toEqual({
        type: 'finish',
        reason: 'tool-calls',
        usage: { inputTokens: 120, outputTokens: 30 },
      });
      const sent = fake.requests[0]?.body;
      expect(sent?.model).toBe('llama3.1');
      expect(sent?.stream).toBe(true);
      expect(sent?.messages[0]).toEqual({ role: 'system', content: 'You book appointments.' });
      expect(sent?.tools?.[0]?.function.name).toBe('book_appointment');
    } finally {
      await fake.close();
    }
  });

  it('runs a whole chat through the app: the function round trip and runPrompt', async () => {
    const fake = await startFakeOpenAiServer({
      apiKey: 'sk-test',
      reply: (request) => {
        const last = request.body.messages.at(-1);
        if (last?.role === 'tool') return { text: 'Done: you are booked.' };
        if (!request.body.tools) return { text: 'A short answer from the hosted model.' };
        if (last?.content?.includes('book')) {
          return {
            toolCalls: [
              { name: 'book_appointment', arguments: { date: '2026-12-02', time: '11:00', name: 'Kim' } },
            ],
          };
        }
        return { text: 'Hello from the hosted model.' };
      },
    });
    const t = await startApp({
      speech: null,
      env: {
        LLM_PROVIDER: 'openai',
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: 'sk-test',
        LLM_MODEL: 'test-model',
      },
    });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const token = (await t.signIn('acme')).token;
      const agent1 = t.ids.agent1;
      const prompt = await t
        .client(token)
        .post('/api/v1/agent/runPrompt', { targetAgent: agent1, promptText: 'Summarise your services.' });
      expect(prompt.body).toEqual({ success: true, reply: 'A short answer from the hosted model.' });
      const system = fake.requests[0]?.body.messages[0]?.content ?? '';
      expect(system).toContain('You are the receptionist of Acme Dental.');
      expect(system).toContain('(America/Chicago)');

      const session = await openSession(t, token);
      session.send({ type: 'start', agentAccountId: agent1, mode: 'chat' });
      const ready = await session.next('ready');
      expect(ready.model).toEqual({ name: 'openai:test-model', label: 'test-model', sandbox: false });
      session.send({ type: 'text', text: 'Please book me on 2 December at 11' });
      const tool = await session.next('tool');
      expect(tool).toMatchObject({ name: 'book_appointment', ok: true });
      const reply = await session.next('agent-text', (m) => m.text.includes('booked'));
      expect(reply.text).toBe('Done: you are booked.');
      // The function's outcome went back to the model as a tool message.
      const withResult = fake.requests.find((r) => r.body.messages.some((m) => m.role === 'tool'));
      const toolMessage = withResult?.body.messages.find((m) => m.role === 'tool');
      const outcome = JSON.parse(toolMessage?.content ?? '{}') as { ok?: boolean; message?: string };
      expect(outcome.ok).toBe(true);
      expect(outcome.message).toContain("You're booked");
      session.socket.close();
    } finally {
      await t.close();
      await fake.close();
    }
  });

  it('runs an agent on the model its config names', async () => {
    const fake = await startFakeOpenAiServer({
      apiKey: 'sk-test',
      reply: () => ({ text: 'From the named model.' }),
    });
    const t = await startApp({
      speech: null,
      env: {
        LLM_PROVIDER: 'openai',
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: 'sk-test',
        LLM_MODEL: 'default-model',
      },
    });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const token = (await t.signIn('acme')).token;
      const agent1 = t.ids.agent1;
      const chooseModel = async (agentModel: string) => {
        const saved = await t
          .client(token)
          .post('/api/v2/campaign', { agentModel }, { targetAccountId: agent1 });
        expect(saved.status).toBe(200);
      };

      await chooseModel('sandbox');
      const offline = await openSession(t, token);
      offline.send({ type: 'start', agentAccountId: agent1, mode: 'chat', config: 'staging' });
      expect((await offline.next('ready')).model).toEqual({
        name: 'sandbox',
        label: 'Sandbox model',
        sandbox: true,
      });
      offline.socket.close();

      await chooseModel('llama-3.1-70b');
      const named = await openSession(t, token);
      named.send({ type: 'start', agentAccountId: agent1, mode: 'chat', config: 'staging' });
      expect((await named.next('ready')).model.label).toBe('llama-3.1-70b');
      named.send({ type: 'text', text: 'Hello?' });
      expect((await named.next('agent-text', (m) => m.text.includes('named'))).text).toBe(
        'From the named model.',
      );
      expect(fake.requests.at(-1)?.body.model).toBe('llama-3.1-70b');
      named.socket.close();
    } finally {
      await t.close();
      await fake.close();
    }
  });

  it('reports a transport failure to the caller of the stream (the conversation turns it into a graceful line)', async () => {
    const model = createOpenAiModel({
      apiKey: 'wrong',
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'x',
      timeoutMs: 2000,
    });
    const stream = model.stream({ system: '', messages: [{ role: 'user', content: 'hi' }], tools: [] });
    await expect(async () => {
      for await (const _ of stream) {
        // drain
      }
    }).rejects.toThrow();
  });
});
