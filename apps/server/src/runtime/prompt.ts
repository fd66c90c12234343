import type { AgentConfig } from '@switchboard/contract';
import { isValidTimeZone, speakDate, speakTime, zonedParts } from '@switchboard/core';
import type { ConversationContext } from '../providers/llm/types';
import type { SessionTask } from './session-types';
import { collectFields, transferDestinations } from './tools/toolbox';

export interface PromptInput {
  config: AgentConfig;
  agentName: string;
  contact: { name: string | null; phoneNumber: string | null; email: string | null };
  channel: 'voice' | 'chat' | 'sms';
  now: Date;
  /** Text of the agent's links, when it could be read. */
  linkTexts?: readonly string[];
  /** The task the conversation is for: its context and variables. */
  task?: Pick<SessionTask, 'context' | 'taskContext' | 'variables'> | null;
}

/** Replaces {{name}} placeholders from the agent's variables; unknown ones stay as they are. */
export function fillVariables(text: string, variables: Record<string, string>): string {
  return text.replace(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g, (whole, name: string) => variables[name] ?? whole);
}

/**
 * Fills a line the agent says aloud (a greeting, a voicemail message): known placeholders get their values, an
 * unknown one is said as its name in words ("{{first_name}}" → "first name"), never as braces or "undefined".
 */
export function fillSpokenVariables(text: string, variables: Record<string, string>): string {
  return text.replace(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g, (_whole, name: string) => {
    const value = variables[name]?.trim() ?? '';
    if (value !== '') return value;
    return name
      .replace(/[_.-]+/g, ' ')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase();
  });
}

/** The values placeholders are filled from: the agent's template fields and variables, then the task's. */
export function promptVariables(
  config: AgentConfig,
  task?: Pick<SessionTask, 'variables'> | null,
): Record<string, string> {
  return { ...config.templateFields, ...config.variables, ...(task?.variables ?? {}) };
}

/** The task's part of the prompt: what to do, who the contact is, and its named values. */
function taskSection(
  task: NonNullable<PromptInput['task']>,
  variables: Record<string, string>,
): string | null {
  const details = Object.entries(task.variables)
    .filter(([, value]) => value.trim() !== '')
    .map(([key, value]) => `${key}: ${value}`);
  const lines = [
    task.taskContext?.trim()
      ? `What to do on this call: ${fillVariables(task.taskContext.trim(), variables)}`
      : null,
    task.context?.trim() ? `About the person: ${fillVariables(task.context.trim(), variables)}` : null,
    details.length > 0 ? `Details:\n${details.join('\n')}` : null,
  ].filter((line): line is string => line !== null);
  return lines.length === 0 ? null : `You placed this conversation for a task.\n${lines.join('\n')}`;
}

export function agentTimezone(config: AgentConfig): string {
  return isValidTimeZone(config.timezone) ? config.timezone : 'UTC';
}

const channelStyle: Record<PromptInput['channel'], string> = {
  voice:
    'You are on a phone call. Speak naturally in short sentences (one to three per reply), without lists, markdown, emojis or URLs read letter by letter.',
  chat: 'You are chatting on a website. Reply briefly and clearly; plain text, no markdown.',
  sms: 'You are replying by text message. Keep replies under 300 characters; plain text.',
};

/**
 * The system prompt of a turn: the agent's instructions and knowledge with its variables filled in, the
 * caller's contact data, the current time in the agent's time zone, and how to behave on this channel. The
 * same facts, structured, are the context the Sandbox model reasons over.
 */
export function buildPrompt(input: PromptInput): { system: string; context: ConversationContext } {
  const { config } = input;
  const timezone = agentTimezone(config);
  const variables = promptVariables(config, input.task);
  const task = input.task ? taskSection(input.task, variables) : null;
  const instructions = fillVariables(config.agentInstructions, variables);
  const knowledge = fillVariables(config.knowledge, variables);
  const local = zonedParts(input.now, timezone);
  const nowText = `${speakDate(local)}, ${local.year}, ${speakTime(local)} (${timezone})`;
  const contactLines = [
    input.contact.name ? `Name: ${input.contact.name}` : null,
    input.contact.phoneNumber ? `Phone: ${input.contact.phoneNumber}` : null,
    input.contact.email ? `Email: ${input.contact.email}` : null,
  ].filter((line): line is string => line !== null);

  const sections = [
    instructions.trim() || `You are ${input.agentName}, a helpful assistant answering calls and messages.`,
    task,
    knowledge.trim() ? `Knowledge you can answer from:\n${knowledge.trim()}` : null,
    ...(input.linkTexts ?? []).map((text, index) => `Web page ${index + 1}:\n${text}`),
    `Current date and time: ${nowText}. Interpret "today", "tomorrow" and weekdays in this time zone; give dates to functions as YYYY-MM-DD and times as HH:MM (24-hour).`,
    config.noContactInjection || contactLines.length === 0
      ? null
      : `The person you are talking to:\n${contactLines.join('\n')}`,
    channelStyle[input.channel],
    'Only state facts given above. When you do not know an answer, say so and offer to take a message. Use the functions when they fit; never invent their results.',
  ].filter((section): section is string => section !== null);

  return {
    system: sections.join('\n\n'),
    context: {
      agentName: input.agentName,
      documents: [
        { source: 'prompt', text: instructions },
        ...(task ? [{ source: 'knowledge' as const, text: task }] : []),
        ...(knowledge.trim() ? [{ source: 'knowledge' as const, text: knowledge }] : []),
        ...(input.linkTexts ?? []).map((text) => ({ source: 'link' as const, text })),
      ],
      timezone,
      now: input.now,
      contact: input.contact,
      transferDestinations: transferDestinations(config),
      collectFields: collectFields(config).map((field) => ({
        key: field.key,
        label: field.label,
        type: field.type,
        required: field.required,
      })),
      channel: input.channel,
    },
  };
}
