import type { FunctionParameter } from '@switchboard/core';
import {
  AppRequestError,
  buildRequest,
  renderText,
  sendRequest,
  type TemplateScope,
} from '../../features/apps/app-request';
import type { AgentAppFunction } from '../../features/apps/apps.service';
import type { ToolSpec } from '../../providers/llm/types';
import type { ToolEnvironment, ToolOutcome } from './environment';

/** What the model reads of an app's answer: enough to word a reply, never a whole document. */
const maxDataCharacters = 3000;

export function appToolSpecs(apps: readonly AgentAppFunction[]): ToolSpec[] {
  return apps.map((tool) => {
    const properties: Record<string, FunctionParameter> = {};
    for (const [name, parameter] of Object.entries(tool.fn.parameters.properties)) {
      const format = parameter.format === 'phone' ? undefined : parameter.format;
      properties[name] = {
        type: parameter.type,
        description:
          parameter.format === 'phone'
            ? `${parameter.description} (a phone number in E.164)`.trim()
            : parameter.description,
        ...(parameter.enum ? { enum: parameter.enum } : {}),
        ...(format ? { format } : {}),
      };
    }
    let description = `${tool.fn.description} (${tool.appName})`;
    if (tool.instructions) description += ` When to use it: ${tool.instructions}`;
    return {
      name: tool.toolName,
      description,
      parameters: {
        type: 'object',
        properties,
        required: tool.fn.parameters.required,
        additionalProperties: false,
      },
      examples: tool.fn.examples,
    };
  });
}

/** The arguments as the function declares them: numbers and booleans converted, enums checked. */
function checkArguments(
  tool: AgentAppFunction,
  args: Record<string, unknown>,
): { args: Record<string, unknown> } | { problem: string } {
  const checked: Record<string, unknown> = {};
  const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  for (const [name, parameter] of Object.entries(tool.fn.parameters.properties)) {
    let value = args[name];
    if (typeof value === 'string') value = value.trim();
    if (value === undefined || value === null || value === '') continue;
    if (parameter.type === 'number' || parameter.type === 'integer') {
      const number = typeof value === 'number' ? value : Number(asText(value).replace(/[, ]/g, ''));
      if (!Number.isFinite(number) || (parameter.type === 'integer' && !Number.isInteger(number))) {
        return { problem: `${name} must be a number` };
      }
      value = number;
    } else if (parameter.type === 'boolean') {
      if (typeof value !== 'boolean') value = /^(true|yes|1)$/i.test(asText(value));
    } else if (typeof value !== 'string') {
      value = JSON.stringify(value);
    }
    if (parameter.enum && !parameter.enum.includes(asText(value))) {
      return { problem: `${name} must be one of ${parameter.enum.join(', ')}` };
    }
    checked[name] = value;
  }
  const missing = tool.fn.parameters.required.filter((name) => checked[name] === undefined);
  if (missing.length > 0) {
    const wanted = missing
      .map((name) => {
        const description = tool.fn.parameters.properties[name]?.description ?? '';
        return description !== '' ? description : name;
      })
      .join('; ');
    return { problem: `Ask the caller for: ${wanted}` };
  }
  return { args: checked };
}

function dataFor(body: unknown): unknown {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  if (text.length <= maxDataCharacters) return body;
  return `${text.slice(0, maxDataCharacters)}… (cut)`;
}

/**
 * Calls an app function: its request is built from the template with the model's arguments and the install's
 * credentials, sent with the server's egress rules, and the answer becomes an outcome the model relays. Never
 * throws.
 */
export async function runAppFunction(
  env: ToolEnvironment,
  tool: AgentAppFunction,
  rawArgs: Record<string, unknown>,
): Promise<ToolOutcome> {
  const checked = checkArguments(tool, rawArgs);
  if ('problem' in checked) return { ok: false, message: `${checked.problem}.` };
  const scope: TemplateScope = {
    args: checked.args,
    auth: tool.auth,
    conversation: {
      uuid: env.conversation.uuid,
      channel: env.conversation.channel,
      contactPhone: env.conversation.contactPhone ?? '',
      agentName: env.agent.name,
    },
  };
  const logged = {
    app: tool.appId,
    version: tool.appVersion,
    function: tool.fn.name,
    conversation: env.conversation.uuid,
  };
  try {
    const built = buildRequest(tool.fn.request, scope);
    const response = await sendRequest(built, {
      allowPrivateNetwork: env.appRequests?.allowPrivateNetwork ?? false,
      timeoutMs: env.appRequests?.timeoutMs ?? 8000,
    });
    env.logger.info(
      {
        ...logged,
        method: built.method,
        host: built.url.host,
        status: response.status,
        ms: response.durationMs,
      },
      'app function called',
    );
    const withResponse: TemplateScope = { ...scope, response: response.body };
    const data = { status: response.status, response: dataFor(response.body) };
    const failedMessage = () =>
      tool.fn.messages.failed
        ? renderText(tool.fn.messages.failed, withResponse).text
        : `${tool.appName} could not do that (it answered with status ${response.status}).`;
    if (!response.ok) return { ok: false, message: failedMessage(), data };
    if (tool.fn.messages.complete) {
      const rendered = renderText(tool.fn.messages.complete, withResponse);
      // The answer lacks what the message reads (an empty search result): that is a miss, said as one.
      const missed = rendered.missing.some((name) => name.trim().startsWith('response.'));
      return missed
        ? { ok: false, message: failedMessage(), data }
        : { ok: true, message: rendered.text, data };
    }
    return { ok: true, message: `${tool.fn.title}: done.`, data };
  } catch (error) {
    if (error instanceof AppRequestError) {
      env.logger.warn({ ...logged, problem: error.message }, 'app function failed');
      return {
        ok: false,
        message: `I couldn't reach ${tool.appName} just now.`,
        data: { error: error.message },
      };
    }
    env.logger.error({ ...logged, err: error }, 'app function failed');
    return { ok: false, message: `I couldn't reach ${tool.appName} just now.` };
  }
}
