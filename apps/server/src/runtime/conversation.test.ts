import { agentConfigSchema, type AgentConfig } from '@switchboard/contract';
import { createLogger } from '../platform/logger';
import type { CalendarProvider } from '../providers/calendar/types';
import type { LanguageModel, ModelEvent, ModelRequest, ToolCall } from '../providers/llm/types';
import { createSandboxModel } from '../providers/llm/sandbox/sandbox-model';
import type { SmsProvider } from '../providers/sms/types';
import { Conversation, gracefulFailureLine, type ConversationEvents } from './conversation';
import { buildPrompt } from './prompt';
import { newToolState, type ToolEnvironment } from './tools/environment';
import { describe, expect, it } from 'vitest';
import { documentKnowledgeSearch } from './knowledge/document-search';

const logger = createLogger({ level: 'silent' });
const now = new Date('2026-11-23T15:00:00Z'); // Monday 9:00 in Chicago

/** A calendar held in memory: the same contract as the sandbox calendar, no database. */
function memoryCalendar(): CalendarProvider & { booked: { start: Date; end: Date }[] } {
  const booked: { start: Date; end: Date }[] = [];
  return {
    name: 'memory',
    sandbox: true,
    booked,
    busy: (_account, from, to) => Promise.resolve(booked.filter((b) => b.start < to && b.end > from)),
    book: (request) => {
      if (booked.some((b) => b.start < request.end && b.end > request.start)) return Promise.resolve(null);
      booked.push({ start: request.start, end: request.end });
      return Promise.resolve({ id: String(booked.length) });
    },
  };
}

function config(overrides: Partial<AgentConfig> = {}): AgentConfig {
  return agentConfigSchema.parse({
    agentInstructions:
      'You are the receptionist of Acme Dental.\nWe are open Monday to Friday from 9 am to 6 pm.\nOur address is 120 Main Street, Springfield.',
    welcomeMessage: 'Thank you for calling Acme Dental. How can I help you today?',
    timezone: 'America/Chicago',
    actions: [
      {
        name: 'book_appointment',
        booking: { durationMinutes: 30, days: [1, 2, 3, 4, 5], startTime: '09:00', endTime: '17:00' },
      },
      { name: 'transfer_call', destinations: [{ name: 'front desk', number: '+15550100099' }] },
      { name: 'take_message' },
      { name: 'end_conversation' },
    ],
    ...overrides,
  });
}

interface Recorded {
  states: string[];
  replies: string[];
  tools: { call: ToolCall; ok: boolean; message: string }[];
  ended: { reason: string; transfer: string | null } | null;
}

function setUp(options: { config?: AgentConfig; model?: LanguageModel } = {}) {
  const agentConfig = options.config ?? config();
  const calendar = memoryCalendar();
  const sent: { to: string; text: string }[] = [];
  const sms: SmsProvider = {
    name: 'memory',
    sandbox: true,
    send: (message) => {
      sent.push({ to: message.to, text: message.text });
      return Promise.resolve();
    },
  };
  const recorded: Recorded = { states: [], replies: [], tools: [], ended: null };
  const { system, context } = buildPrompt({
    config: agentConfig,
    agentName: 'Acme Dental',
    contact: { name: null, phoneNumber: '+15551230000', email: null },
    channel: 'chat',
    now,
  });
  const flagged: string[] = [];
  const tools: ToolEnvironment = {
    config: agentConfig,
    agent: { accountId: 7, organizationId: 3, name: 'Acme Dental', phoneNumber: '+15550100001' },
    conversation: {
      uuid: '00000000-0000-4000-8000-000000000001',
      roomId: '7:8',
      contactAddress: '+15551230000',
      contactPhone: '+15551230000',
      channel: 'chat',
      isTest: false,
    },
    documents: [...context.documents],
    knowledge: documentKnowledgeSearch,
    calendar,
    sms,
    recordOutgoingSms: () => Promise.resolve(),
    flagForPerson: (why) => {
      flagged.push(why);
      return Promise.resolve();
    },
    now: () => now,
    logger,
  };
  const events: ConversationEvents = {
    state: (state) => recorded.states.push(state),
    delta: () => undefined,
    reply: (turnId, text) => {
      recorded.replies.push(text);
      // Text channels deliver at once.
      queueMicrotask(() => conversation.delivered(turnId));
    },
    tool: (call, outcome) => recorded.tools.push({ call, ok: outcome.ok, message: outcome.message }),
    ended: (reason, transfer) => {
      recorded.ended = { reason, transfer };
    },
  };
  const state = newToolState();
  const conversation = new Conversation({
    model: options.model ?? createSandboxModel(),
    system,
    context,
    tools,
    state,
    events,
    logger,
  });
  return { conversation, recorded, calendar, sent, state, flagged };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('conversation state machine', () => {
  it('greets, listens, thinks, speaks and listens again', async () => {
    const { conversation, recorded } = setUp();
    await conversation.greet('Thank you for calling Acme Dental. How can I help you today?');
    await settle();
    expect(recorded.states).toEqual(['greeting', 'listening']);
    await conversation.userSaid('What are your opening hours?');
    await settle();
    expect(recorded.states.slice(2)).toEqual(['thinking', 'speaking', 'listening']);
    expect(recorded.replies.at(-1)).toBe('We are open Monday to Friday from 9 am to 6 pm.');
  });

  it('runs the function loop: the booking is made and its result spoken', async () => {
    const { conversation, recorded, calendar, state } = setUp();
    await conversation.greet('Hello');
    await conversation.userSaid("I'd like to book an appointment tomorrow at 3pm, my name is Dana Reyes");
    await settle();
    expect(recorded.tools.map((t) => t.call.name)).toEqual(['book_appointment']);
    expect(recorded.tools[0]?.call.arguments).toMatchObject({
      date: '2026-11-24',
      time: '15:00',
      name: 'Dana Reyes',
    });
    expect(calendar.booked).toHaveLength(1);
    // 3 pm in Chicago on 24 November is 21:00 UTC.
    expect(calendar.booked[0]?.start.toISOString()).toBe('2026-11-24T21:00:00.000Z');
    expect(state.appointmentBooked).toBe(true);
    expect(recorded.replies.at(-1)).toContain(
      "You're booked for Dana Reyes on Tuesday, November 24 at 3:00 PM.",
    );
  });

  it('refuses a time outside the booking rules and books the caller’s second choice', async () => {
    const { conversation, recorded, calendar } = setUp();
    await conversation.userSaid('Can I book an appointment on Saturday at 10am? My name is Dana');
    await settle();
    expect(recorded.tools[0]?.ok).toBe(false);
    expect(recorded.replies.at(-1)).toMatch(
      /We don't take appointments on Saturdays\. The next available times are Monday, November 30 at 9:00 AM/,
    );
    await conversation.userSaid('The 30th at 9:30 then');
    await settle();
    expect(recorded.tools.at(-1)?.ok).toBe(true);
    expect(calendar.booked[0]?.start.toISOString()).toBe('2026-11-30T15:30:00.000Z');
  });

  it('asks before transferring when transfers must be confirmed, and transfers on yes', async () => {
    const { conversation, recorded, state, flagged } = setUp({ config: config({ confirmTransfers: true }) });
    await conversation.userSaid('Can I talk to a person please?');
    await settle();
    expect(recorded.tools[0]).toMatchObject({ ok: false });
    expect(recorded.replies.at(-1)).toBe('Would you like me to transfer you to front desk now?');
    expect(recorded.ended).toBeNull();
    await conversation.userSaid('yes please');
    await settle();
    expect(recorded.tools.at(-1)).toMatchObject({ ok: true, message: 'Transferring you to front desk now.' });
    expect(state.transfer).toBe('+15550100099');
    expect(flagged).toContain('transfer');
    expect(recorded.ended).toEqual({ reason: 'transfer', transfer: '+15550100099' });
  });

  it('does not accept a confirmation the caller never gave', async () => {
    // A model that claims confirmation straight away: the runtime still makes it ask first.
    const eager: LanguageModel = scripted([
      [
        {
          type: 'tool-call',
          call: toolCall('transfer_call', { destination: 'front desk', confirmed: true }),
        },
      ],
      [{ type: 'text', delta: 'Shall I put you through?' }],
    ]);
    const { conversation, recorded, state } = setUp({
      config: config({ confirmTransfers: true }),
      model: eager,
    });
    await conversation.userSaid('transfer me');
    await settle();
    expect(recorded.tools[0]).toMatchObject({ ok: false });
    expect(state.transfer).toBeNull();
  });

  it('ends politely when the caller says goodbye', async () => {
    const { conversation, recorded } = setUp();
    await conversation.userSaid('That is all, thanks, bye');
    await settle();
    expect(recorded.tools.map((t) => t.call.name)).toEqual(['end_conversation']);
    expect(recorded.replies.at(-1)).toBe('Thank you for contacting Acme Dental. Goodbye!');
    expect(recorded.ended).toEqual({ reason: 'agent', transfer: null });
    expect(conversation.state).toBe('ended');
  });

  it('stops a turn when the caller barges in, keeping what was said', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: LanguageModel = {
      name: 'slow',
      label: 'slow',
      sandbox: false,
      async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
        yield { type: 'text', delta: 'Let me check our ' };
        await Promise.race([
          gate,
          new Promise((resolve) => request.signal?.addEventListener('abort', resolve)),
        ]);
        if (request.signal?.aborted) return;
        yield { type: 'text', delta: 'calendar for you.' };
        yield { type: 'finish', reason: 'stop', usage: { inputTokens: 1, outputTokens: 1 } };
      },
    };
    const { conversation, recorded } = setUp({ model: slow });
    const turn = conversation.userSaid('Do you have time tomorrow?');
    await settle();
    expect(conversation.state).toBe('speaking');
    await conversation.bargeIn();
    await turn;
    release();
    expect(conversation.state).toBe('listening');
    expect(recorded.replies).toEqual(['Let me check our ']);
    expect(conversation.history.at(-1)).toEqual({ role: 'assistant', content: 'Let me check our ' });
  });

  it('answers a model failure with a graceful line and keeps the conversation going', async () => {
    const failing: LanguageModel = {
      name: 'failing',
      label: 'failing',
      sandbox: false,
      // eslint-disable-next-line require-yield
      async *stream(): AsyncIterable<ModelEvent> {
        await Promise.resolve();
        throw new Error('connection reset');
      },
    };
    const { conversation, recorded } = setUp({ model: failing });
    await conversation.userSaid('Hello?');
    await settle();
    expect(recorded.replies).toEqual([gracefulFailureLine]);
    expect(conversation.state).toBe('listening');
  });

  it('reports a failing function to the model instead of crashing', async () => {
    const model = scripted([
      [{ type: 'tool-call', call: toolCall('book_appointment', { date: 'next week', time: 'soon' }) }],
      [{ type: 'text', delta: 'Which day and time would you like?' }],
    ]);
    const { conversation, recorded } = setUp({ model });
    await conversation.userSaid('book me in');
    await settle();
    expect(recorded.tools[0]).toMatchObject({
      ok: false,
      message: 'I need both a day and a time for the appointment.',
    });
    expect(recorded.replies.at(-1)).toBe('Which day and time would you like?');
  });
});

function toolCall(name: string, args: Record<string, unknown>): ToolCall {
  return { id: `call_${name}`, name, arguments: args, rawArguments: JSON.stringify(args) };
}

/** A model that plays back one scripted reply per call. */
function scripted(replies: ModelEvent[][]): LanguageModel {
  let index = 0;
  return {
    name: 'scripted',
    label: 'scripted',
    sandbox: false,
    // eslint-disable-next-line @typescript-eslint/require-await
    async *stream(): AsyncIterable<ModelEvent> {
      const reply = replies[Math.min(index, replies.length - 1)] ?? [];
      index += 1;
      for (const event of reply) yield event;
      const calls = reply.some((event) => event.type === 'tool-call');
      yield {
        type: 'finish',
        reason: calls ? 'tool-calls' : 'stop',
        usage: { inputTokens: 10, outputTokens: 5 },
      };
    },
  };
}
