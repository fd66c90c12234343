import { formatIsoDate } from '@switchboard/core';
import type { ConversationContext, ModelMessage, ToolCall, ToolSpec } from '../types';
import { answerQuestion } from './answers';
import { fillAppSlots, matchAppTool } from './app-tasks';
import { extract, type Extracted } from './extract';
import {
  advance,
  advanceApp,
  afterTool,
  fillSlots,
  isTask,
  messageContent,
  taskTool,
  withCalls,
  type AppFrame,
  type Decision,
  type Env,
  type Frame,
  type State,
  type Task,
  type ToolCallDraft,
} from './frames';
import { classify, intentThreshold, type Intent } from './intents';
import { speakKnowledge } from './knowledge-answers';
import { FactIndex } from './retrieval';
import { terms } from './text';

/**
 * The Sandbox model's dialogue manager. It is a pure function of the conversation so far: the state (the task
 * being worked on, its filled slots, the slot being asked for, a pending offer or confirmation) is rebuilt by
 * folding over the messages, and the last message decides the reply: text, or function calls with arguments
 * extracted from what the caller said.
 */

export interface DialogueInput {
  context: ConversationContext;
  messages: readonly ModelMessage[];
  /** Names of the functions offered to the model this turn. */
  tools: ReadonlySet<string>;
  /** The offered functions that are not built in (app functions), with their descriptions and examples. */
  appTools?: readonly ToolSpec[];
}

const anythingElse = 'Is there anything else I can help you with?';

export function decide(input: DialogueInput): Decision {
  const { context, messages, tools } = input;
  const index = FactIndex.of(context.documents);
  const allowed = new Set<Intent>(['affirm', 'deny', 'greet', 'thanks', 'question']);
  if (tools.has('end_conversation')) allowed.add('end');
  for (const [task, tool] of Object.entries(taskTool) as [Task, string][]) {
    if (tools.has(tool)) allowed.add(task);
  }

  let state: State = { frame: null, offeredMessage: false, pendingTransfer: null, collected: new Set() };
  let decision: Decision | null = null;
  const toolResults: { call: ToolCall; content: Record<string, unknown> }[] = [];
  let lastCalls: readonly ToolCall[] = [];

  for (const message of messages) {
    if (message.role === 'user') {
      toolResults.length = 0;
      const step = onUser(state, message.content, {
        context,
        index,
        allowed,
        tools,
        appTools: input.appTools ?? [],
      });
      state = step.state;
      decision = step.decision;
    } else if (message.role === 'assistant') {
      lastCalls = message.toolCalls ?? [];
    } else {
      const call = lastCalls.find((candidate) => candidate.id === message.toolCallId);
      if (!call) continue;
      const content = parseToolContent(message.content);
      toolResults.push({ call, content });
      state = afterTool(state, call, content);
    }
  }

  const last = messages.at(-1);
  if (!last) return { kind: 'say', text: greeting(context) };
  if (last.role === 'tool')
    return { kind: 'say', text: speakToolResults(toolResults, context.channel, tools) };
  return decision ?? { kind: 'say', text: `How can I help you today?` };
}

export function greeting(context: ConversationContext): string {
  const name = context.agentName.trim();
  return name
    ? `Hello, thanks for contacting ${name}. How can I help you today?`
    : 'Hello! How can I help you today?';
}

function parseToolContent(content: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(content);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { message: content };
  } catch {
    return { ok: true, message: content };
  }
}

function onUser(previous: State, text: string, env: Env): { state: State; decision: Decision } {
  const state: State = { ...previous, collected: new Set(previous.collected) };
  const found = extract(text, env.context.now, env.context.timezone);
  const classification = classify(text, env.allowed);
  let intent = classification.intent;
  // "How much is an exam, and how much are vaccines?" shares words with "thanks so much" but asks something;
  // so does a follow-up ("What does it cost?") that only the knowledge bases may answer.
  const asks =
    answerQuestion(env.index, text) !== null ||
    (env.tools.has('query_knowledge_base') && !/\b(thanks?|thank you|hello|hi|hey)\b/i.test(text));
  if ((intent === 'thanks' || intent === 'greet') && isQuestion(text) && asks) {
    intent = 'question';
  }
  // A day or time named with a weak booking match is a booking request ("Can I come in Saturday at 10?").
  if (
    intent === 'question' &&
    env.allowed.has('book') &&
    (found.date || found.time) &&
    (classification.scores.book ?? 0) >= 0.3
  ) {
    const answer = env.index.best(text);
    if (!answer || answer.confidence < 0.6) intent = 'book';
  }
  // "Are you open on Saturday?" names a day like a booking does, but it is a question the facts answer.
  if (isTask(intent) && isQuestion(text)) {
    const answer = env.index.best(text);
    if (answer && answer.confidence >= classification.confidence) intent = 'question';
  }
  const collect = collectCalls(state, found, env);
  // An app function the request is closer to than to any built-in task ("where is my order 1234?").
  const appMatch = matchAppTool(text, env.appTools);
  let appWanted =
    appMatch !== null &&
    appMatch.score >= intentThreshold &&
    (!isTask(intent) || appMatch.score > classification.confidence) &&
    intent !== 'end' &&
    intent !== 'affirm' &&
    intent !== 'deny';
  if (appWanted && isQuestion(text)) {
    const answer = env.index.best(text);
    if (answer && appMatch && answer.confidence >= appMatch.score) appWanted = false;
  }

  // A pending transfer confirmation: yes transfers, no drops it.
  if (state.pendingTransfer) {
    const destination = state.pendingTransfer;
    state.pendingTransfer = null;
    if (intent === 'affirm') {
      return {
        state,
        decision: {
          kind: 'call',
          calls: [...collect, { name: 'transfer_call', arguments: { destination, confirmed: true } }],
        },
      };
    }
    if (intent === 'deny')
      return { state, decision: withCalls({ kind: 'say', text: `No problem. ${anythingElse}` }, collect) };
  }

  // An offer to take a message: yes starts one, no closes the offer.
  if (state.offeredMessage) {
    state.offeredMessage = false;
    if (intent === 'affirm') intent = 'message';
    else if (intent === 'deny')
      return { state, decision: withCalls({ kind: 'say', text: `Alright. ${anythingElse}` }, collect) };
  }

  if (state.frame?.task === 'app') {
    const frame: AppFrame = { ...state.frame, slots: { ...state.frame.slots } };
    if (intent === 'end') {
      state.frame = null;
      return { state, decision: endDecision(env.context, collect) };
    }
    const switching =
      (isTask(intent) && classification.confidence > 0.55) ||
      (appWanted && appMatch !== null && appMatch.tool.name !== frame.tool.name && appMatch.score > 0.55);
    if (!switching) {
      const filled = fillAppSlots(frame.tool, frame.slots, {
        text,
        found,
        awaiting: frame.awaiting,
        first: false,
      });
      state.frame = frame;
      if (!filled && intent === 'deny') {
        state.frame = null;
        return { state, decision: withCalls({ kind: 'say', text: `No problem. ${anythingElse}` }, collect) };
      }
      if (!filled && intent === 'question') {
        const answer = answerQuestion(env.index, text);
        const next = advanceApp(frame, env);
        if (answer) {
          const followUp = next.kind === 'say' ? ` ${next.text}` : '';
          return { state, decision: withCalls({ kind: 'say', text: `${answer.text}${followUp}` }, collect) };
        }
        return { state, decision: withCalls(next, collect) };
      }
      return { state, decision: withCalls(advanceApp(frame, env), collect) };
    }
    state.frame = null;
  }

  if (appWanted && appMatch) {
    const frame: AppFrame = { task: 'app', tool: appMatch.tool, slots: {}, awaiting: null };
    fillAppSlots(frame.tool, frame.slots, { text, found, awaiting: null, first: true });
    state.frame = frame;
    return { state, decision: withCalls(advanceApp(frame, env), collect) };
  }

  // Inside a task: the answer fills the slot being asked for, unless the caller clearly changes the subject.
  if (state.frame) {
    const frame: Frame = { ...state.frame, slots: { ...state.frame.slots } };
    const switching = isTask(intent) && intent !== frame.task && classification.confidence > 0.55;
    if (intent === 'end') {
      state.frame = null;
      return { state, decision: endDecision(env.context, collect) };
    }
    if (!switching && intent !== 'question' && intent !== 'deny') {
      fillSlots(frame, found, text, env.context);
      state.frame = frame;
      return { state, decision: withCalls(advance(frame, env), collect) };
    }
    if (!switching && (intent === 'question' || intent === 'deny')) {
      // A question in the middle of a task: answer it, then ask again for what is missing.
      const filled = fillSlots(frame, found, text, env.context);
      state.frame = frame;
      if (filled) return { state, decision: withCalls(advance(frame, env), collect) };
      if (intent === 'deny') {
        state.frame = null;
        return { state, decision: withCalls({ kind: 'say', text: `No problem. ${anythingElse}` }, collect) };
      }
      const answer = answerQuestion(env.index, text);
      if (answer) {
        const next = advance(frame, env);
        const followUp = next.kind === 'say' ? ` ${next.text}` : '';
        return { state, decision: withCalls({ kind: 'say', text: `${answer.text}${followUp}` }, collect) };
      }
      return { state, decision: withCalls(advance(frame, env), collect) };
    }
    state.frame = null;
  }

  if (isTask(intent)) {
    const frame: Frame = { task: intent, slots: {}, awaiting: null, request: text };
    fillSlots(frame, found, text, env.context);
    if (intent === 'message') {
      const content = messageContent(text);
      if (content) frame.slots.message = content;
    }
    state.frame = frame;
    return { state, decision: withCalls(advance(frame, env), collect) };
  }

  switch (intent) {
    case 'end':
      return { state, decision: endDecision(env.context, collect) };
    case 'greet':
      return {
        state,
        decision: withCalls({ kind: 'say', text: 'Hello! How can I help you today?' }, collect),
      };
    case 'thanks':
      return {
        state,
        decision: withCalls({ kind: 'say', text: `You're welcome! ${anythingElse}` }, collect),
      };
    case 'affirm':
      return {
        state,
        decision: withCalls({ kind: 'say', text: 'Great. What can I help you with?' }, collect),
      };
    case 'deny':
      return { state, decision: withCalls({ kind: 'say', text: `Alright. ${anythingElse}` }, collect) };
    default:
      break;
  }

  // A question: each of its parts answered from the facts, or an honest "I don't know" that offers a message.
  const answer = answerQuestion(env.index, text);
  if (answer) return { state, decision: withCalls({ kind: 'say', text: answer.text }, collect) };
  if (collect.length > 0 && terms(text).length <= 3) {
    return { state, decision: { kind: 'call', calls: collect, text: 'Thank you, I have noted that.' } };
  }
  // Not in the prompt's facts: the business's knowledge bases may have it.
  if (env.tools.has('query_knowledge_base') && isQuestion(text)) {
    return {
      state,
      decision: {
        kind: 'call',
        calls: [...collect, { name: 'query_knowledge_base', arguments: { query: text } }],
      },
    };
  }
  if (env.tools.has('take_message')) {
    state.offeredMessage = true;
    return {
      state,
      decision: withCalls(
        {
          kind: 'say',
          text: "I'm sorry, I don't have that information. Would you like me to take a message so someone can get back to you?",
        },
        collect,
      ),
    };
  }
  return {
    state,
    decision: withCalls(
      { kind: 'say', text: `I'm sorry, I don't have that information. ${anythingElse}` },
      collect,
    ),
  };
}

function isQuestion(text: string): boolean {
  const trimmed = text.trim();
  return (
    trimmed.endsWith('?') ||
    /^(what|when|where|how|why|who|which|is|are|do|does|can you tell)\b/i.test(trimmed)
  );
}

function endDecision(context: ConversationContext, collect: ToolCallDraft[]): Decision {
  const farewell = context.agentName
    ? `Thank you for contacting ${context.agentName}. Goodbye!`
    : 'Thank you for calling. Goodbye!';
  return {
    kind: 'call',
    calls: [...collect, { name: 'end_conversation', arguments: { farewell, reason: 'caller said goodbye' } }],
  };
}

/** collect_data calls for values the caller just gave that fit a field not yet collected. */
function collectCalls(state: State, found: Extracted, env: Env): ToolCallDraft[] {
  if (!env.tools.has('collect_data')) return [];
  const calls: ToolCallDraft[] = [];
  for (const field of env.context.collectFields) {
    if (state.collected.has(field.key)) continue;
    const key = field.key.toLowerCase();
    let value: string | null = null;
    if (field.type === 'email' || key.includes('email')) value = found.email;
    else if (field.type === 'phone' || key.includes('phone')) value = found.phone;
    else if (key.includes('name')) value = found.name;
    else if (field.type === 'date') value = found.date ? formatIsoDate(found.date) : null;
    else if (field.type === 'number')
      value = found.numbers[0] !== undefined ? String(found.numbers[0]) : null;
    if (value) {
      state.collected.add(field.key);
      calls.push({ name: 'collect_data', arguments: { field: field.key, value } });
    }
  }
  return calls;
}

function speakToolResults(
  results: readonly { call: ToolCall; content: Record<string, unknown> }[],
  channel: ConversationContext['channel'],
  tools: ReadonlySet<string>,
): string {
  const spoken: string[] = [];
  let needsFollowUp = false;
  for (const { call, content } of results) {
    if (call.name === 'collect_data' && content.ok !== false) continue;
    if (call.name === 'query_knowledge_base') {
      spoken.push(speakKnowledge(content, channel, tools));
      needsFollowUp ||= content.ok !== false;
      continue;
    }
    const message = typeof content.message === 'string' ? content.message : '';
    if (call.name === 'end_conversation') {
      spoken.push(typeof call.arguments.farewell === 'string' ? call.arguments.farewell : 'Goodbye!');
      continue;
    }
    if (call.name === 'transfer_call' && content.needsConfirmation === true) {
      const destination =
        typeof call.arguments.destination === 'string' ? call.arguments.destination : 'the team';
      spoken.push(`Would you like me to transfer you to ${destination} now?`);
      continue;
    }
    if (message) spoken.push(message);
    needsFollowUp ||= call.name !== 'transfer_call' && content.ok !== false;
  }
  if (needsFollowUp) spoken.push(anythingElse);
  return spoken.filter(Boolean).join(' ');
}
