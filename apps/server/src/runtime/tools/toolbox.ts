import type { AgentAction, AgentConfig, CollectField } from '@switchboard/contract';
import {
  agentFunctions,
  normalizePhoneNumber,
  normalizeEmail,
  parseIsoDate,
  type AgentFunctionName,
} from '@switchboard/core';
import { bookingRulesSchema } from '@switchboard/contract';
import type { ToolCall, ToolSpec } from '../../providers/llm/types';
import type { AgentAppFunction } from '../../features/apps/apps.service';
import { lookUp, type ToolTurn } from '../knowledge/look-up';
import { appToolSpecs, runAppFunction } from './app-functions';
import { bookAppointment } from './booking';
import type { ToolEnvironment, ToolOutcome, ToolState } from './environment';

function actionOf(config: AgentConfig, name: AgentFunctionName): AgentAction | undefined {
  return config.actions.find((action) => action.name === name);
}

/**
 * The functions offered to the model: those the agent's actions enable, the ones always on, and the enabled
 * functions of its installed apps.
 */
export function toolSpecs(config: AgentConfig, apps: readonly AgentAppFunction[] = []): ToolSpec[] {
  return [...builtInToolSpecs(config), ...appToolSpecs(apps)];
}

function builtInToolSpecs(config: AgentConfig): ToolSpec[] {
  const enabled = new Set(config.actions.map((action) => action.name));
  return agentFunctions
    .filter(
      (definition) =>
        definition.alwaysOn ||
        enabled.has(definition.name) ||
        // Attached knowledge bases are searched whether or not the action was switched on.
        (definition.name === 'query_knowledge_base' && config.knowledgeBases.length > 0),
    )
    .map((definition) => {
      const action = actionOf(config, definition.name);
      let description = definition.description;
      if (action?.instructions) description += ` When to use it: ${action.instructions}`;
      if (definition.name === 'transfer_call' && action?.destinations?.length) {
        description += ` Destinations: ${action.destinations.map((d) => (d.name ? `${d.name} (${d.number})` : d.number)).join(', ')}.`;
      }
      if (definition.name === 'collect_data') {
        const fields = collectFields(config);
        if (fields.length > 0) {
          description += ` Fields: ${fields.map((f) => `${f.key} (${f.type}${f.required ? ', required' : ''}${f.label ? `: ${f.label}` : ''})`).join('; ')}.`;
        }
      }
      return { name: definition.name, description, parameters: definition.parameters };
    });
}

export function collectFields(config: AgentConfig): CollectField[] {
  return actionOf(config, 'collect_data')?.fields ?? [];
}

export function transferDestinations(config: AgentConfig): { name: string; number: string }[] {
  return actionOf(config, 'transfer_call')?.destinations ?? [];
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Runs one function call. Never throws: a failure is an outcome the model hears and the log keeps. */
export async function runTool(
  env: ToolEnvironment,
  state: ToolState,
  call: ToolCall,
  turn?: ToolTurn,
): Promise<ToolOutcome> {
  const app = env.apps?.find((tool) => tool.toolName === call.name);
  if (app) return runAppFunction(env, app, call.arguments);
  const offered = new Set(builtInToolSpecs(env.config).map((spec) => spec.name));
  if (!offered.has(call.name)) {
    return { ok: false, message: `The function ${call.name} is not available to this agent.` };
  }
  try {
    switch (call.name as AgentFunctionName) {
      case 'end_conversation':
        state.endRequested = { reason: 'agent' };
        return { ok: true, message: 'The conversation ends after your farewell.' };
      case 'transfer_call':
        return await transfer(env, state, call.arguments);
      case 'send_sms':
        return await sendSms(env, call.arguments);
      case 'take_message':
        return await takeMessage(env, state, call.arguments);
      case 'collect_data':
        return collect(env, state, call.arguments);
      case 'book_appointment':
        return await book(env, state, call.arguments);
      case 'query_knowledge_base':
        return await lookUp(env, call.arguments, turn);
    }
  } catch (error) {
    env.logger.error(
      { err: error, tool: call.name, conversation: env.conversation.uuid },
      'agent function failed',
    );
    return { ok: false, message: 'That did not work because of a problem on our side.' };
  }
  return { ok: false, message: `The function ${call.name} is not available to this agent.` };
}

function matchDestination(env: ToolEnvironment, wanted: string): { name: string; number: string } | null {
  const destinations = transferDestinations(env.config);
  const lower = wanted.toLowerCase();
  const asNumber = normalizePhoneNumber(wanted);
  return (
    destinations.find((d) => d.name.toLowerCase() === lower) ??
    destinations.find((d) => asNumber !== null && normalizePhoneNumber(d.number) === asNumber) ??
    destinations.find((d) => d.number === wanted) ??
    destinations.find(
      (d) => d.name !== '' && (lower.includes(d.name.toLowerCase()) || d.name.toLowerCase().includes(lower)),
    ) ??
    null
  );
}

async function transfer(
  env: ToolEnvironment,
  state: ToolState,
  args: Record<string, unknown>,
): Promise<ToolOutcome> {
  const destinations = transferDestinations(env.config);
  if (destinations.length === 0) {
    return {
      ok: false,
      message: 'No transfer destination is set up for this agent; offer to take a message instead.',
    };
  }
  const wanted = text(args.destination);
  const destination = wanted
    ? matchDestination(env, wanted)
    : destinations.length === 1
      ? (destinations[0] ?? null)
      : null;
  if (!destination) {
    const names = destinations.map((d) => d.name || d.number).join(', ');
    return { ok: false, message: `Ask who the caller wants: ${names}.`, data: { destinations: names } };
  }
  const label = destination.name || destination.number;
  if (env.config.confirmTransfers) {
    const pending = state.pendingTransfer;
    const confirmedNow = args.confirmed === true && pending !== null && state.userTurns > pending.askedAtTurn;
    if (!confirmedNow) {
      state.pendingTransfer = { destination: label, askedAtTurn: state.userTurns };
      return {
        ok: false,
        needsConfirmation: true,
        message: `Ask the caller to confirm the transfer to ${label} first; call again with confirmed true once they say yes.`,
      };
    }
  }
  state.pendingTransfer = null;
  await env.flagForPerson('transfer');
  const rung = env.ringTransfer ? await env.ringTransfer(destination.number) : 'unrung';
  if (rung === 'declined' || rung === 'no-answer') {
    // The caller is still on the line with the agent, who says so and carries on.
    const why = rung === 'declined' ? `${label} is not available right now` : `${label} did not answer`;
    const offer = actionOf(env.config, 'take_message') ? ' Offer to take a message instead.' : '';
    return {
      ok: false,
      message: `I'm sorry, ${why}.${offer}`,
      data: { destination: destination.number, outcome: rung, offerMessage: offer !== '' },
    };
  }
  state.transfer = destination.number;
  state.endRequested = { reason: 'transfer' };
  return {
    ok: true,
    message:
      rung === 'answered' ? `Putting you through to ${label} now.` : `Transferring you to ${label} now.`,
    data: { destination: destination.number, outcome: rung },
  };
}

async function sendSms(env: ToolEnvironment, args: Record<string, unknown>): Promise<ToolOutcome> {
  const action = actionOf(env.config, 'send_sms');
  const body = text(args.text) || text(action?.text);
  if (!body) return { ok: false, message: 'There is nothing to send: say what the text should contain.' };
  const to = normalizePhoneNumber(text(args.to) || (env.conversation.contactPhone ?? ''));
  if (!to)
    return { ok: false, message: "I need a phone number to text; ask for the caller's mobile number." };
  if (!env.agent.phoneNumber && !env.sms.sandbox) {
    return { ok: false, message: 'This agent has no phone number to send texts from.' };
  }
  const receipt = await env.sms.send({ to, from: env.agent.phoneNumber ?? undefined, text: body });
  await env.recordOutgoingSms(to, body, receipt);
  return { ok: true, message: `I've sent that by text to ${to}.`, data: { to } };
}

/**
 * On a call, a calendar that could only make a single-use link (Calendly without booking by API) has it texted to
 * the caller's phone rather than read out; null where it cannot be texted (a chat, a text thread, no number), and
 * the agent says the link instead.
 */
async function textSchedulingLink(
  env: ToolEnvironment,
  url: string,
  slot: string,
): Promise<ToolOutcome | null> {
  const to = normalizePhoneNumber(env.conversation.contactPhone ?? '');
  if (env.conversation.channel !== 'voice' || !to) return null;
  if (!env.agent.phoneNumber && !env.sms.sandbox) return null;
  const body = `${env.agent.name}: your single-use link to book ${slot}: ${url}`;
  const receipt = await env.sms.send({ to, from: env.agent.phoneNumber ?? undefined, text: body });
  await env.recordOutgoingSms(to, body, receipt);
  return {
    ok: false,
    message: `I can't book ${slot} directly, so I've texted you a single-use link that books it.`,
    data: { schedulingUrl: url, textedTo: to },
  };
}

async function takeMessage(
  env: ToolEnvironment,
  state: ToolState,
  args: Record<string, unknown>,
): Promise<ToolOutcome> {
  const message = text(args.message);
  if (!message) return { ok: false, message: 'Ask the caller what the message should say.' };
  const name = text(args.name);
  const callback =
    normalizePhoneNumber(text(args.callbackNumber)) ??
    (text(args.callbackNumber) || env.conversation.contactPhone);
  state.collectedData.message = { name: name || null, callbackNumber: callback ?? null, text: message };
  state.messageTaken = true;
  await env.flagForPerson('message');
  const thanks = name ? `Thanks, ${name.split(' ')[0] ?? name}.` : 'Thank you.';
  const back = callback ? ` and someone will get back to you at ${callback}` : '';
  return { ok: true, message: `${thanks} I've passed your message on${back}.` };
}

function coerce(field: CollectField, raw: string): { value: unknown } | { error: string } {
  switch (field.type) {
    case 'number': {
      const number = Number(raw.replace(/[,$\s]/g, ''));
      return Number.isFinite(number) ? { value: number } : { error: `${field.key} must be a number.` };
    }
    case 'boolean': {
      if (/^(yes|y|true|yeah|yep)$/i.test(raw)) return { value: true };
      if (/^(no|n|false|nope)$/i.test(raw)) return { value: false };
      return { error: `${field.key} must be yes or no.` };
    }
    case 'email': {
      const email = normalizeEmail(raw);
      return email ? { value: email } : { error: `${raw} is not a valid email address.` };
    }
    case 'phone': {
      const phone = normalizePhoneNumber(raw);
      return phone ? { value: phone } : { error: `${raw} is not a valid phone number.` };
    }
    case 'date':
      return parseIsoDate(raw) ? { value: raw } : { error: `${field.key} must be a date as YYYY-MM-DD.` };
    case 'choice': {
      const choice = field.choices?.find((option) => option.toLowerCase() === raw.toLowerCase());
      return choice
        ? { value: choice }
        : { error: `${field.key} must be one of: ${(field.choices ?? []).join(', ')}.` };
    }
    default:
      return { value: raw };
  }
}

function collect(env: ToolEnvironment, state: ToolState, args: Record<string, unknown>): ToolOutcome {
  const fields = collectFields(env.config);
  const key = text(args.field);
  const field = fields.find((candidate) => candidate.key.toLowerCase() === key.toLowerCase());
  if (!field) {
    return {
      ok: false,
      message: `Unknown field: ${key || '(none)'}. The fields are: ${fields.map((f) => f.key).join(', ') || 'none'}.`,
    };
  }
  const raw =
    typeof args.value === 'string'
      ? args.value.trim()
      : typeof args.value === 'number' || typeof args.value === 'boolean'
        ? String(args.value)
        : '';
  if (!raw) return { ok: false, message: `Ask the caller for ${field.label || field.key}.` };
  const coerced = coerce(field, raw);
  if ('error' in coerced) return { ok: false, message: coerced.error };
  state.collectedData[field.key] = coerced.value;
  const missing = fields
    .filter((f) => f.required && !(f.key in state.collectedData))
    .map((f) => f.label || f.key);
  return {
    ok: true,
    message: `Noted ${field.label || field.key}.`,
    data: missing.length > 0 ? { stillNeeded: missing } : {},
  };
}

async function book(
  env: ToolEnvironment,
  state: ToolState,
  args: Record<string, unknown>,
): Promise<ToolOutcome> {
  const rules = actionOf(env.config, 'book_appointment')?.booking ?? bookingRulesSchema.parse({});
  const outcome = await bookAppointment(env.calendar, rules, env.config.timezone, env.now(), {
    accountId: env.agent.accountId,
    organizationId: env.agent.organizationId,
    date: args.date,
    time: args.time,
    durationMinutes: args.durationMinutes,
    name: text(args.name),
    purpose: text(args.purpose),
    contactAddress: env.conversation.contactAddress,
    conversationUuid: env.conversation.uuid,
  });
  if (!outcome.ok && outcome.schedulingUrl && outcome.slot) {
    const texted = await textSchedulingLink(env, outcome.schedulingUrl, outcome.slot);
    if (texted) return texted;
  }
  if (!outcome.ok) {
    return {
      ok: false,
      message: outcome.message,
      retry: outcome.retry,
      data: { suggestions: outcome.suggestions },
    };
  }
  state.appointmentBooked = true;
  state.collectedData.appointment = {
    start: outcome.start.toISOString(),
    end: outcome.end.toISOString(),
    timezone: env.config.timezone,
    name: text(args.name) || null,
  };
  return { ok: true, message: outcome.message, data: { start: outcome.start.toISOString() } };
}

/** How an outcome is given back to the model: JSON a hosted model reads, with `message` for the Sandbox model. */
export function outcomeContent(outcome: ToolOutcome): string {
  return JSON.stringify({
    ok: outcome.ok,
    message: outcome.message,
    ...(outcome.needsConfirmation ? { needsConfirmation: true } : {}),
    ...(outcome.retry ? { retry: outcome.retry } : {}),
    ...(outcome.data ?? {}),
  });
}
