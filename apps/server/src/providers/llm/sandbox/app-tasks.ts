import { formatIsoDate, formatIsoTime } from '@switchboard/core';
import type { FunctionParameter } from '@switchboard/core';
import type { ConversationContext, ToolSpec } from '../types';
import { digitsFromWords, extractPhone, nameFromAnswer, type Extracted } from './extract';
import { similarityTo } from './intents';

/**
 * Functions described at run time (an app's "order status", "save a contact") as tasks of the Sandbox model:
 * recognised by their examples, their parameters filled from what the caller says (by type and meaning), the
 * missing required ones asked for one at a time.
 */

export interface AppMatch {
  tool: ToolSpec;
  score: number;
}

/** The run-time function closest to what the caller said, if any. */
export function matchAppTool(text: string, tools: readonly ToolSpec[]): AppMatch | null {
  let best: AppMatch | null = null;
  for (const tool of tools) {
    const firstSentence = tool.description.split(/(?<=\.)\s/)[0] ?? tool.description;
    const score = similarityTo(text, [...(tool.examples ?? []), firstSentence]);
    if (!best || score > best.score) best = { tool, score };
  }
  return best;
}

/** Free-text parameters the caller's request itself answers ("summary", "message"...). */
const requestLike = /^(summary|message|details|request|text|note|notes|description|reason|question)$/i;
/** Parameters holding an identifier: order numbers, ids, codes, references. */
const identifierLike = /(number|id|code|reference|ref|zip|postcode)$/i;

function isPhone(name: string, parameter: FunctionParameter): boolean {
  return /phone|mobile|cell/i.test(name) || /phone number/i.test(parameter.description);
}

/** An identifier said in the text: "order 1234", "A-1002", digits spoken one by one joined. */
function identifierIn(text: string): string | null {
  const joined = digitsFromWords(text.toLowerCase()).replace(/\b(\d)\s+(?=\d\b)/g, '$1');
  const match = /#?\b([a-z]{0,4}-?\d[\w-]*)\b/i.exec(joined);
  return match ? (match[1] ?? '').toUpperCase() : null;
}

function enumIn(text: string, options: readonly string[]): string | null {
  const lower = text.toLowerCase();
  return (
    options.find((option) =>
      new RegExp(`\\b${option.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(lower),
    ) ?? null
  );
}

/**
 * Fills parameters from an utterance. `awaiting` is the parameter just asked for (its answer may be free
 * text); `first` marks the request that started the task. True when anything new was filled.
 */
export function fillAppSlots(
  tool: ToolSpec,
  slots: Record<string, string>,
  input: { text: string; found: Extracted; awaiting: string | null; first: boolean },
): boolean {
  const { text, found, awaiting, first } = input;
  let filled = false;
  const set = (name: string, value: string | null | undefined) => {
    if (value && slots[name] !== value) {
      slots[name] = value;
      filled = true;
    }
  };
  const numericParameters = Object.values(tool.parameters.properties).filter(
    (parameter) => parameter.type === 'number' || parameter.type === 'integer',
  ).length;
  for (const [name, parameter] of Object.entries(tool.parameters.properties)) {
    if (slots[name] !== undefined && name !== awaiting) continue;
    const asked = name === awaiting;
    if (parameter.enum) set(name, enumIn(text, parameter.enum));
    else if (parameter.format === 'date') set(name, found.date ? formatIsoDate(found.date) : null);
    else if (parameter.format === 'time') set(name, found.time ? formatIsoTime(found.time) : null);
    else if (parameter.format === 'email' || /email/i.test(name)) set(name, found.email);
    else if (isPhone(name, parameter)) set(name, found.phone ?? (asked ? extractPhone(text) : null));
    else if (/name$/i.test(name)) {
      const full = found.name ?? (asked ? nameFromAnswer(text) : null);
      if (full) {
        const [given, ...rest] = full.split(' ');
        if (/^(first|given)/i.test(name)) set(name, given);
        else if (/^(last|family|sur)/i.test(name)) set(name, rest.join(' ') || null);
        else set(name, full);
      }
    } else if (parameter.type === 'number' || parameter.type === 'integer') {
      if (asked || numericParameters === 1)
        set(name, found.numbers[0] !== undefined ? String(found.numbers[0]) : null);
    } else if (parameter.type === 'boolean') {
      if (asked)
        set(
          name,
          /\b(yes|yeah|sure|correct|please do)\b/i.test(text)
            ? 'true'
            : /\bno\b/i.test(text)
              ? 'false'
              : null,
        );
    } else if (identifierLike.test(name)) {
      set(name, identifierIn(text));
    } else if (asked || (first && requestLike.test(name))) {
      set(name, text.trim().replace(/[.!?]+$/, ''));
    }
  }
  return filled;
}

/** "The order number, without the # sign." → "the order number"; "The caller's email address." → "your email address". */
function describeParameter(name: string, parameter: FunctionParameter): string {
  const clause = (parameter.description.split(/[,.;(]/)[0] ?? '').trim();
  if (clause !== '') {
    return clause
      .replace(/^the caller['’]s\b/i, 'your')
      .replace(/^(The|A|An|Your)\b/, (word) => word.toLowerCase());
  }
  return `your ${name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()}`;
}

export type AppStep =
  { kind: 'ask'; slot: string; text: string } | { kind: 'call'; arguments: Record<string, unknown> };

/** The next step of an app task: ask for the first missing required parameter, or call with what is known. */
export function nextAppStep(
  tool: ToolSpec,
  slots: Record<string, string>,
  context: ConversationContext,
): AppStep {
  for (const name of tool.parameters.required) {
    const parameter = tool.parameters.properties[name];
    if (!parameter || slots[name] !== undefined) continue;
    // The caller's own number is the phone number wanted, unless they are typing in a chat.
    if (isPhone(name, parameter) && context.contact.phoneNumber && context.channel !== 'chat') {
      slots[name] = context.contact.phoneNumber;
      continue;
    }
    return { kind: 'ask', slot: name, text: `Could you tell me ${describeParameter(name, parameter)}?` };
  }
  const args: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(slots)) {
    const parameter = tool.parameters.properties[name];
    if (!parameter) continue;
    args[name] =
      parameter.type === 'number' || parameter.type === 'integer'
        ? Number(value)
        : parameter.type === 'boolean'
          ? value === 'true'
          : value;
  }
  return { kind: 'call', arguments: args };
}
