import { agentConfigSchema, type AgentConfig } from '@switchboard/contract';
import { agentFunction } from '@switchboard/core';

const shownElsewhere = new Set([
  'campaignId',
  'revision',
  'updatedAt',
  'published',
  'agentInstructions',
  'welcomeMessage',
  'knowledge',
  'actions',
  'apps',
  'enabledFunctions',
  'variables',
  'links',
  'templateFields',
]);

function section(title: string, body: string[]): string[] {
  return [`## ${title}`, ...(body.length > 0 ? body : ['(none)']), ''];
}

function lines(text: string): string[] {
  return text.trim() === '' ? [] : text.replace(/\r\n?/g, '\n').split('\n');
}

/**
 * A config as readable lines for comparing two versions: the prompt, greeting and knowledge verbatim, then the
 * actions and every setting one per line, in a fixed order so a diff shows only what really changed.
 */
export function configAsText(config: AgentConfig): string {
  const actions = config.actions.flatMap((action) => {
    const out = [`- ${agentFunction(action.name).title}: ${action.instructions.replace(/\s+/g, ' ').trim()}`];
    for (const destination of action.destinations ?? []) {
      out.push(`    transfer to ${destination.name ? `${destination.name} ` : ''}${destination.number}`);
    }
    if (action.text) out.push(`    text: ${action.text}`);
    for (const field of action.fields ?? []) {
      out.push(
        `    collect ${field.key} (${field.type}${field.required ? ', required' : ''})${field.label ? ` “${field.label}”` : ''}`,
      );
    }
    if (action.booking) {
      const { durationMinutes, days, startTime, endTime, horizonDays } = action.booking;
      out.push(
        `    book ${durationMinutes} min, days ${days.join(',')}, ${startTime}-${endTime}, up to ${horizonDays} days ahead`,
      );
    }
    return out;
  });
  const settings = Object.keys(agentConfigSchema.shape)
    .filter((key) => !shownElsewhere.has(key))
    .map((key) => `${key}: ${JSON.stringify(config[key as keyof AgentConfig])}`);
  return [
    ...section('Greeting', lines(config.welcomeMessage)),
    ...section('Prompt', lines(config.agentInstructions)),
    ...section('Knowledge', lines(config.knowledge)),
    ...section('Actions', actions),
    ...section(
      'Apps',
      config.apps.map((app) => `- ${app.appId} ${app.version}: ${app.instructions}`),
    ),
    ...section(
      'Variables',
      Object.entries(config.variables).map(([key, value]) => `${key} = ${value}`),
    ),
    ...section(
      'Template fields',
      Object.entries(config.templateFields).map(([key, value]) => `${key} = ${value}`),
    ),
    ...section('Links', config.links),
    ...section('Settings', settings),
  ]
    .join('\n')
    .trimEnd();
}
