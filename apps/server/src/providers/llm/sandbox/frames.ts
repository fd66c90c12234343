import { formatIsoDate, formatIsoTime, speakDate, speakTime } from '@switchboard/core';
import type { ConversationContext, ToolCall, ToolSpec } from '../types';
import { nextAppStep } from './app-tasks';
import { extractPhone, nameFromAnswer, type Extracted } from './extract';
import type { Intent } from './intents';
import type { FactIndex } from './retrieval';
import { contentStems, terms } from './text';

/**
 * The dialogue's state and how it moves: the frame of the task being worked on with its slots, filling them from
 * what the caller said, asking for the one still missing (or calling the task's function once none is), and what
 * a function's result does to the frame.
 */

export type Decision =
  | { kind: 'say'; text: string; calls?: ToolCallDraft[] }
  | { kind: 'call'; calls: ToolCallDraft[]; text?: string };

export interface ToolCallDraft {
  name: string;
  arguments: Record<string, unknown>;
}

export type Task = 'book' | 'transfer' | 'message' | 'sms';
export type Slot = 'date' | 'time' | 'name' | 'callbackNumber' | 'message' | 'destination';

export interface Frame {
  task: Task;
  slots: Partial<Record<Slot, string>>;
  awaiting: Slot | null;
  /** What the caller asked for when the task began ("text me the address"). */
  request: string;
}

/** A task of a function described at run time (an app function), with its parameters as slots. */
export interface AppFrame {
  task: 'app';
  tool: ToolSpec;
  slots: Record<string, string>;
  awaiting: string | null;
}

export interface State {
  frame: Frame | AppFrame | null;
  offeredMessage: boolean;
  pendingTransfer: string | null;
  collected: Set<string>;
}

export const taskTool: Record<Task, string> = {
  book: 'book_appointment',
  transfer: 'transfer_call',
  message: 'take_message',
  sms: 'send_sms',
};

/** What a turn is decided with: the conversation's context, its facts, and what the model may do. */
export interface Env {
  context: ConversationContext;
  index: FactIndex;
  allowed: ReadonlySet<Intent>;
  tools: ReadonlySet<string>;
  appTools: readonly ToolSpec[];
}

export function isTask(intent: Intent): intent is Task {
  return intent === 'book' || intent === 'transfer' || intent === 'message' || intent === 'sms';
}

export function withCalls(decision: Decision, calls: ToolCallDraft[]): Decision {
  if (calls.length === 0) return decision;
  if (decision.kind === 'call') return { ...decision, calls: [...calls, ...decision.calls] };
  return { kind: 'say', text: decision.text, calls: [...calls, ...(decision.calls ?? [])] };
}

/**
 * The message itself when the caller dictates it with the request: the text after "tell them that ..." or
 * "the message is ...", or the whole request when it says more than "can I leave a message".
 */
export function messageContent(text: string): string | null {
  if (
    contentStems(text).filter((stem) => !/^(leav|messag|call|back|someon|pleas|can|could)$/.test(stem))
      .length >= 3
  ) {
    return text.trim().replace(/[.!]+$/, '');
  }
  const match =
    /\b(?:tell (?:him|her|them|\w+) (?:that )?|the message is:? |message: |let (?:him|her|them|\w+) know (?:that )?)(.{4,})$/i.exec(
      text.trim(),
    );
  return match ? (match[1] ?? '').trim().replace(/[.!]+$/, '') : null;
}

/** Puts what the caller said into the frame's slots; true when anything new was filled. */
export function fillSlots(
  frame: Frame,
  found: Extracted,
  text: string,
  context: ConversationContext,
): boolean {
  let filled = false;
  const set = (slot: Slot, value: string | null | undefined) => {
    if (value && frame.slots[slot] !== value) {
      frame.slots[slot] = value;
      filled = true;
    }
  };
  if (frame.task === 'book') {
    if (found.date) set('date', formatIsoDate(found.date));
    if (found.time) set('time', formatIsoTime(found.time));
    set('name', found.name);
    if (frame.awaiting === 'name' && !found.name) set('name', nameFromAnswer(text));
  } else if (frame.task === 'message') {
    set('name', found.name);
    set('callbackNumber', found.phone);
    if (frame.awaiting === 'name' && !found.name) set('name', nameFromAnswer(text));
    if (frame.awaiting === 'callbackNumber' && !found.phone) {
      const phone = extractPhone(text);
      if (phone) set('callbackNumber', phone);
      else if (
        /\b(this|same|my) (number|phone|one)\b|\bthis one\b/i.test(text) &&
        context.contact.phoneNumber
      ) {
        set('callbackNumber', context.contact.phoneNumber);
      }
    }
    if (frame.awaiting === 'message') set('message', text.trim().replace(/[.!]+$/, ''));
  } else if (frame.task === 'transfer') {
    set('destination', matchDestination(text, context));
  }
  return filled;
}

function matchDestination(text: string, context: ConversationContext): string | null {
  const spoken = new Set(terms(text));
  let best: { name: string; score: number } | null = null;
  for (const destination of context.transferDestinations) {
    const nameTerms = terms(destination.name).filter((term) => !term.startsWith('#'));
    const score = nameTerms.filter((term) => spoken.has(term)).length;
    if (score > 0 && (!best || score > best.score))
      best = { name: destination.name || destination.number, score };
  }
  return best?.name ?? null;
}

export function advance(frame: Frame, env: Env): Decision {
  const { context } = env;
  const ask = (slot: Slot, text: string): Decision => {
    frame.awaiting = slot;
    return { kind: 'say', text };
  };
  switch (frame.task) {
    case 'book': {
      frame.slots.name ??= context.contact.name ?? undefined;
      const date = frame.slots.date;
      const time = frame.slots.time;
      if (!date && !time)
        return ask('date', 'I can help with that. What day and time would work best for you?');
      if (!date) return ask('date', `What day would you like, at ${speakTime(parseTime(time))}?`);
      if (!time) return ask('time', `What time on ${speakDate(parseDate(date))} works for you?`);
      if (!frame.slots.name) return ask('name', 'Can I have your name for the booking, please?');
      frame.awaiting = null;
      return {
        kind: 'call',
        calls: [{ name: 'book_appointment', arguments: { date, time, name: frame.slots.name } }],
      };
    }
    case 'message': {
      frame.slots.name ??= context.contact.name ?? undefined;
      if (!frame.slots.name) return ask('name', "Sure, I can take a message. What's your name?");
      if (!frame.slots.callbackNumber && context.contact.phoneNumber && context.channel !== 'chat') {
        frame.slots.callbackNumber = context.contact.phoneNumber;
      }
      if (!frame.slots.callbackNumber)
        return ask('callbackNumber', "What's the best number to call you back on?");
      if (!frame.slots.message) return ask('message', 'What message would you like me to pass on?');
      frame.awaiting = null;
      return {
        kind: 'call',
        calls: [
          {
            name: 'take_message',
            arguments: {
              name: frame.slots.name,
              callbackNumber: frame.slots.callbackNumber,
              message: frame.slots.message,
            },
          },
        ],
      };
    }
    case 'transfer': {
      const destinations = context.transferDestinations;
      if (!frame.slots.destination && destinations.length === 1) {
        const only = destinations[0];
        frame.slots.destination = only && only.name !== '' ? only.name : only?.number;
      }
      if (!frame.slots.destination && destinations.length > 1) {
        const names = destinations.map((destination) => destination.name || destination.number);
        return ask('destination', `Who would you like to speak with: ${joinOr(names)}?`);
      }
      frame.awaiting = null;
      return {
        kind: 'call',
        calls: [
          {
            name: 'transfer_call',
            arguments: { destination: frame.slots.destination ?? '', reason: 'caller asked for a person' },
          },
        ],
      };
    }
    case 'sms': {
      frame.awaiting = null;
      // The fact the caller wants by text ("text me the address"); the action's own text when none matches.
      const fact = env.index.best(frame.request, 0.2)?.fact.text;
      return { kind: 'call', calls: [{ name: 'send_sms', arguments: fact ? { text: fact } : {} }] };
    }
  }
}

export function advanceApp(frame: AppFrame, env: Env): Decision {
  const step = nextAppStep(frame.tool, frame.slots, env.context);
  if (step.kind === 'ask') {
    frame.awaiting = step.slot;
    return { kind: 'say', text: step.text };
  }
  frame.awaiting = null;
  return { kind: 'call', calls: [{ name: frame.tool.name, arguments: step.arguments }] };
}

function joinOr(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`;
}

function parseDate(iso: string) {
  const [year, month, day] = iso.split('-').map(Number);
  return { year: year ?? 1970, month: month ?? 1, day: day ?? 1 };
}

function parseTime(iso: string | undefined) {
  const [hour, minute] = (iso ?? '00:00').split(':').map(Number);
  return { hour: hour ?? 0, minute: minute ?? 0 };
}

/** What the tools' results change in the state: a failed booking asks again, a confirmation waits for yes. */
export function afterTool(previous: State, call: ToolCall, content: Record<string, unknown>): State {
  const state: State = { ...previous, collected: new Set(previous.collected) };
  const ok = content.ok !== false;
  if (call.name === 'collect_data' && typeof call.arguments.field === 'string')
    state.collected.add(call.arguments.field);
  if (call.name === 'transfer_call' && content.needsConfirmation === true) {
    state.pendingTransfer = typeof call.arguments.destination === 'string' ? call.arguments.destination : '';
    state.frame = null;
    return state;
  }
  if (call.name === 'query_knowledge_base' && content.offerMessage === true) {
    // Nothing in the knowledge: the agent offered a message, so the caller's yes starts one.
    state.offeredMessage = true;
    return state;
  }
  if (call.name === 'transfer_call' && content.offerMessage === true) {
    // Nobody took the transfer and the agent offered a message: the caller's yes starts one.
    state.offeredMessage = true;
    state.frame = null;
    return state;
  }
  if (state.frame?.task === 'app') {
    if (state.frame.tool.name === call.name) state.frame = null;
    return state;
  }
  if (state.frame && taskTool[state.frame.task] === call.name) {
    if (ok) state.frame = null;
    else {
      const retry = content.retry;
      const frame: Frame = { ...state.frame, slots: { ...state.frame.slots } };
      if (retry === 'date' || retry === 'time' || retry === 'datetime') {
        if (retry !== 'time') delete frame.slots.date;
        delete frame.slots.time;
        frame.awaiting = retry === 'time' ? 'time' : 'date';
        state.frame = frame;
      } else state.frame = null;
    }
  }
  return state;
}
