import { readFileSync } from 'node:fs';
import path from 'node:path';
import { agentConfigSchema } from '@switchboard/contract';
import { builtInAgentTemplates } from '@switchboard/db';
import { describe, expect, it } from 'vitest';
import { fillConfigTemplateVariables } from '../features/agents/campaign-config';
import { createLogger } from '../platform/logger';
import type { CalendarProvider } from '../providers/calendar/types';
import { createSandboxModel } from '../providers/llm/sandbox/sandbox-model';
import type { ToolCall } from '../providers/llm/types';
import { Conversation } from './conversation';
import { buildPrompt } from './prompt';
import { newToolState } from './tools/environment';
import { documentKnowledgeSearch } from './knowledge/document-search';

interface ExpectedTool {
  name: string;
  ok?: boolean;
  arguments?: Record<string, unknown>;
}

interface Turn {
  user: string;
  expect: {
    replyEquals?: string;
    replyIncludes?: string[];
    tools?: ExpectedTool[];
    noTools?: boolean;
    ended?: 'agent' | 'transfer';
    transfer?: string;
    appointmentStartsAt?: string;
  };
}

interface Dialogue {
  name: string;
  template: string;
  timezone: string;
  now: string;
  confirmTransfers?: boolean;
  turns: Turn[];
}

const fixture = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, '../../../../packages/testing/fixtures/sandbox-dialogues.json'),
    'utf8',
  ),
) as { dialogues: Dialogue[] };

const logger = createLogger({ level: 'silent' });

function templateConfig(dialogue: Dialogue) {
  const template = builtInAgentTemplates.find((candidate) => candidate.id === dialogue.template);
  if (!template) throw new Error(`No built-in template ${dialogue.template}`);
  const fields = Object.fromEntries(template.fields.map((field) => [field.key, field.example]));
  return fillConfigTemplateVariables(
    agentConfigSchema.parse({
      ...template.config,
      templateFields: fields,
      timezone: dialogue.timezone,
      confirmTransfers: dialogue.confirmTransfers ?? false,
    }),
  );
}

function memoryCalendar() {
  const booked: { start: Date; end: Date }[] = [];
  const calendar: CalendarProvider = {
    name: 'memory',
    sandbox: true,
    busy: (_account, from, to) => Promise.resolve(booked.filter((b) => b.start < to && b.end > from)),
    book: (request) => {
      booked.push({ start: request.start, end: request.end });
      return Promise.resolve({ id: String(booked.length) });
    },
  };
  return { calendar, booked };
}

describe('the Sandbox model passes the dialogues written against the built-in templates', () => {
  it('has at least 20 dialogues covering every template', () => {
    expect(fixture.dialogues.length).toBeGreaterThanOrEqual(20);
    expect(new Set(fixture.dialogues.map((dialogue) => dialogue.template))).toEqual(
      new Set(builtInAgentTemplates.map((template) => template.id)),
    );
  });

  for (const dialogue of fixture.dialogues) {
    it(dialogue.name, async () => {
      const config = templateConfig(dialogue);
      const now = new Date(dialogue.now);
      const { calendar, booked } = memoryCalendar();
      const { system, context } = buildPrompt({
        config,
        agentName: config.templateFields.businessName ?? 'the business',
        contact: { name: null, phoneNumber: null, email: null },
        channel: 'chat',
        now,
      });
      let reply: string;
      let tools: { call: ToolCall; ok: boolean }[];
      let ended: { reason: string; transfer: string | null } | null = null;
      const state = newToolState();
      const conversation = new Conversation({
        model: createSandboxModel(),
        system,
        context,
        state,
        logger,
        tools: {
          config,
          agent: { accountId: 1, organizationId: null, name: 'agent', phoneNumber: null },
          conversation: {
            uuid: '00000000-0000-4000-8000-000000000002',
            roomId: '1:2',
            contactAddress: 'visitor',
            contactPhone: null,
            channel: 'chat',
            isTest: true,
          },
          documents: [...context.documents],
          knowledge: documentKnowledgeSearch,
          calendar,
          sms: { name: 'none', sandbox: true, send: () => Promise.resolve() },
          recordOutgoingSms: () => Promise.resolve(),
          flagForPerson: () => Promise.resolve(),
          now: () => now,
          logger,
        },
        events: {
          state: () => undefined,
          delta: () => undefined,
          reply: (turnId, text) => {
            reply = text;
            queueMicrotask(() => conversation.delivered(turnId));
          },
          tool: (call, outcome) => tools.push({ call, ok: outcome.ok }),
          ended: (reason, transfer) => {
            ended = { reason, transfer };
          },
        },
      });

      for (const turn of dialogue.turns) {
        reply = '';
        tools = [];
        await conversation.userSaid(turn.user);
        await new Promise((resolve) => setTimeout(resolve, 0));
        const said = `after "${turn.user}" the agent said "${reply}" and called ${JSON.stringify(tools.map((t) => [t.call.name, t.call.arguments, t.ok]))}`;
        const { expect: wanted } = turn;
        // One best sentence, never the prompt.
        expect(reply.length, said).toBeLessThan(320);
        expect(reply, said).not.toMatch(/You are |How to help callers/);
        if (wanted.replyEquals !== undefined) expect(reply, said).toBe(wanted.replyEquals);
        for (const part of wanted.replyIncludes ?? [])
          expect(reply.toLowerCase(), said).toContain(part.toLowerCase());
        if (wanted.noTools) expect(tools, said).toEqual([]);
        if (wanted.tools) {
          // Expected calls appear in order; recording calls (collect_data) may come along.
          const relevant = tools.filter(
            (tool) =>
              tool.call.name !== 'collect_data' || wanted.tools?.some((w) => w.name === 'collect_data'),
          );
          expect(
            relevant.map((tool) => tool.call.name),
            said,
          ).toEqual(wanted.tools.map((tool) => tool.name));
          wanted.tools.forEach((expected, index) => {
            const actual = relevant[index];
            if (expected.ok !== undefined) expect(actual?.ok, said).toBe(expected.ok);
            if (expected.arguments) expect(actual?.call.arguments, said).toMatchObject(expected.arguments);
          });
        }
        if (wanted.ended) expect(ended, said).toMatchObject({ reason: wanted.ended });
        if (wanted.transfer) expect(ended, said).toMatchObject({ transfer: wanted.transfer });
        if (wanted.appointmentStartsAt)
          expect(booked.at(-1)?.start.toISOString(), said).toBe(wanted.appointmentStartsAt);
      }
    });
  }
});
