import type { AgentAction, AgentConfig } from '@switchboard/contract';
import { agentFunction, templateVariablesIn, type AgentFunctionName } from '@switchboard/core';

/** One improvement the studio suggests for a draft; `fix` applies it when it can be applied automatically. */
export interface AgentSuggestion {
  id: string;
  title: string;
  detail: string;
  fix?: (config: AgentConfig) => AgentConfig;
  fixLabel?: string;
}

function hasAction(config: AgentConfig, name: AgentFunctionName): boolean {
  return config.actions.some((action) => action.name === name);
}

/** A new action with the function's sample instructions. */
export function newAction(name: AgentFunctionName): AgentAction {
  const base: AgentAction = { name, instructions: agentFunction(name).placeholder };
  if (name === 'transfer_call') return { ...base, destinations: [] };
  if (name === 'collect_data') return { ...base, fields: [] };
  if (name === 'book_appointment') {
    return {
      ...base,
      booking: {
        durationMinutes: 30,
        days: [1, 2, 3, 4, 5],
        startTime: '09:00',
        endTime: '17:00',
        horizonDays: 60,
      },
    };
  }
  return base;
}

function addAction(name: AgentFunctionName) {
  return (config: AgentConfig): AgentConfig =>
    hasAction(config, name) ? config : { ...config, actions: [...config.actions, newAction(name)] };
}

/** {{names}} used in the prompt or greeting that neither the variables nor the template fields give a value. */
export function missingVariables(config: AgentConfig): string[] {
  const used = templateVariablesIn(`${config.agentInstructions}\n${config.welcomeMessage}`);
  return used.filter(
    (name) =>
      (config.variables[name]?.trim() ?? '') === '' && (config.templateFields[name]?.trim() ?? '') === '',
  );
}

const mentions = (config: AgentConfig, pattern: RegExp) => pattern.test(config.agentInstructions);

/** Checks a draft the way an experienced agent builder would; each finding says what to do about it. */
export function reviewAgentConfig(config: AgentConfig): AgentSuggestion[] {
  const found: AgentSuggestion[] = [];
  const prompt = config.agentInstructions.trim();
  if (prompt === '') {
    found.push({
      id: 'prompt-empty',
      title: 'Write a prompt',
      detail: 'Tell the agent who it works for, what callers usually want and how to help them.',
    });
  } else if (prompt.length < 200) {
    found.push({
      id: 'prompt-short',
      title: 'Say more about the business',
      detail:
        'Short prompts make agents guess. Add opening hours, services, prices and what to do when the agent cannot help.',
    });
  }
  if (config.welcomeMessage.trim() === '') {
    found.push({
      id: 'greeting-empty',
      title: 'Add a greeting',
      detail:
        'Callers hear silence until they speak first. A short greeting that names the business works best.',
      fixLabel: 'Add a greeting',
      fix: (draft) => ({
        ...draft,
        welcomeMessage: `Hi, thanks for calling${draft.title ? ` ${draft.title}` : ''}. How can I help you today?`,
      }),
    });
  }
  for (const name of missingVariables(config)) {
    found.push({
      id: `variable-${name}`,
      title: `Give {{${name}}} a value`,
      detail: `The prompt uses {{${name}}} but no value is set, so the agent would say it literally. Set it under Variables.`,
    });
  }
  const transfer = config.actions.find((action) => action.name === 'transfer_call');
  if (transfer && (transfer.destinations ?? []).length === 0) {
    found.push({
      id: 'transfer-destination',
      title: 'Give call transfer a destination',
      detail: 'Without a number, a transfer rings the owner’s app. Add the numbers or names callers ask for.',
    });
  }
  const actionHints: [AgentFunctionName, RegExp, string][] = [
    [
      'transfer_call',
      /\btransfer|put (them|the caller) through|connect (them|the caller)/i,
      'The prompt talks about transferring calls',
    ],
    ['send_sms', /\b(text|sms)\b/i, 'The prompt talks about texting callers'],
    ['book_appointment', /\b(book|appointment|schedul)/i, 'The prompt talks about booking appointments'],
    ['take_message', /\b(take|leave) a message\b/i, 'The prompt talks about taking messages'],
  ];
  for (const [name, pattern, why] of actionHints) {
    if (!hasAction(config, name) && mentions(config, pattern)) {
      found.push({
        id: `action-${name}`,
        title: `Turn on ${agentFunction(name).title.toLowerCase()}`,
        detail: `${why}, but the agent cannot do it yet.`,
        fixLabel: `Add ${agentFunction(name).title}`,
        fix: addAction(name),
      });
    }
  }
  if (
    (config.links.length > 0 || config.knowledge.trim() !== '') &&
    !hasAction(config, 'query_knowledge_base')
  ) {
    found.push({
      id: 'action-query_knowledge_base',
      title: 'Let the agent look things up',
      detail: 'This agent has knowledge or links; the knowledge base action lets it search them mid-call.',
      fixLabel: 'Add Knowledge base',
      fix: addAction('query_knowledge_base'),
    });
  }
  return found;
}
