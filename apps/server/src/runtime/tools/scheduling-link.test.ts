import { agentConfigSchema } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger';
import type { CalendarProvider } from '../../providers/calendar/types';
import type { SmsProvider } from '../../providers/sms/types';
import { documentKnowledgeSearch } from '../knowledge/document-search';
import { newToolState, type ToolEnvironment } from './environment';
import { runTool } from './toolbox';

const now = new Date('2026-11-23T15:00:00Z'); // Monday 9:00 in Chicago
const link = 'https://calendly.com/d/single-use-abc';

/** A calendar that, like Calendly without booking by API, answers each booking with a single-use link. */
const linkOnlyCalendar: CalendarProvider = {
  name: 'link-only',
  sandbox: false,
  busy: () => Promise.resolve([]),
  book: () => Promise.resolve({ id: 'link-1', schedulingUrl: link }),
};

function environment(channel: 'voice' | 'chat' | 'sms', contactPhone: string | null) {
  const texts: { to: string; from: string | undefined; text: string }[] = [];
  const recorded: { to: string; text: string }[] = [];
  const sms: SmsProvider = {
    name: 'memory',
    sandbox: false,
    send: (message) => {
      texts.push({ to: message.to, from: message.from, text: message.text });
      return Promise.resolve();
    },
  };
  const env: ToolEnvironment = {
    config: agentConfigSchema.parse({
      timezone: 'America/Chicago',
      actions: [{ name: 'book_appointment', booking: { durationMinutes: 30, days: [1, 2, 3, 4, 5] } }],
    }),
    agent: { accountId: 7, organizationId: 3, name: 'Acme Dental', phoneNumber: '+15550100001' },
    conversation: {
      uuid: '00000000-0000-4000-8000-000000000002',
      roomId: '7:9',
      contactAddress: contactPhone ?? 'web-user:12',
      contactPhone,
      channel,
      isTest: false,
    },
    documents: [],
    knowledge: documentKnowledgeSearch,
    calendar: linkOnlyCalendar,
    sms,
    recordOutgoingSms: (to, text) => {
      recorded.push({ to, text });
      return Promise.resolve();
    },
    flagForPerson: () => Promise.resolve(),
    now: () => now,
    logger: createLogger({ level: 'silent' }),
  };
  return { env, texts, recorded };
}

const args = { date: '2026-11-24', time: '13:00', name: 'Lee Park', purpose: 'cleaning' };
const bookTuesdayAtOne = (env: ToolEnvironment) =>
  runTool(env, newToolState(), {
    id: 'call-1',
    name: 'book_appointment',
    arguments: args,
    rawArguments: JSON.stringify(args),
  });

describe('a calendar that can only make a single-use scheduling link', () => {
  it('on a call, texts the link to the caller from the agent’s number and says so, kept in the thread', async () => {
    const { env, texts, recorded } = environment('voice', '+1 (555) 777-0123');
    const outcome = await bookTuesdayAtOne(env);
    expect(outcome.ok).toBe(false);
    expect(outcome.message).toBe(
      "I can't book Tuesday, November 24 at 1:00 PM directly, so I've texted you a single-use link that books it.",
    );
    expect(outcome.data).toEqual({ schedulingUrl: link, textedTo: '+15557770123' });
    expect(texts).toEqual([
      {
        to: '+15557770123',
        from: '+15550100001',
        text: `Acme Dental: your single-use link to book Tuesday, November 24 at 1:00 PM: ${link}`,
      },
    ]);
    expect(recorded).toEqual([{ to: '+15557770123', text: texts[0]?.text }]);
  });

  it('in a chat or a text thread, or without the caller’s number, gives the link in the answer and texts nothing', async () => {
    for (const [channel, phone] of [
      ['chat', null],
      ['sms', '+15557770123'],
      ['voice', null],
    ] as const) {
      const { env, texts } = environment(channel, phone);
      const outcome = await bookTuesdayAtOne(env);
      expect(outcome.ok).toBe(false);
      expect(outcome.message).toContain(link);
      expect(texts).toEqual([]);
    }
  });
});
