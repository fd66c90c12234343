import { fillTemplateVariables } from '@switchboard/core';
import type { TaskAttempt } from './dialer.repo';
import type { FastifyBaseLogger } from 'fastify';
import type { JobContext } from '../../jobs';
import type { Db } from '../../platform/database';
import type { SmsProvider } from '../../providers/sms/types';
import { TelephonyError, type TelephonyProvider } from '../../providers/telephony/types';
import type { AgentRuntime } from '../../runtime/session-types';
import { appendMessage, openRoom } from '../inbox/inbox.service';
import { sendTrackedText } from '../telephony/text-delivery.service';
import { findTaskRow, updateTaskRow, type TaskRow } from './tasks.repo';
import { checkLimits } from './dial-gate';
import {
  findDialingFacts,
  insertDial,
  insertPlacedCall,
  isOnDoNotCallList,
  isOptedOut,
  lockAccountDialing,
} from './dialer.repo';
import { closeTry } from './task-outcomes';

export interface DialerDeps {
  db: Db;
  telephony: TelephonyProvider;
  /** The agents' outbound texts (the carrier from the agent's number, honouring opt-outs). */
  sms: SmsProvider;
  runtime: Pick<AgentRuntime, 'runPrompt'>;
  publicUrl: string;
  logger: FastifyBaseLogger;
  now: () => Date;
}

/** How long a call rings before the carrier gives up (no-answer). */
const ringSeconds = 30;

const step = (task: TaskRow) => `${task.type === 'call' ? 'call' : 'text'}:${String(task.attempts.length)}`;

export type PlaceResult =
  | 'gone'
  | 'not due'
  | 'waiting'
  | 'skipped'
  | 'placed'
  | 'sent'
  | 'already placed'
  | 'interrupted'
  | 'failed';

/** Marks a task errored without a try (a target the organization must not reach). */
async function skip(db: Db, task: TaskRow, outcome: string, reason: string): Promise<PlaceResult> {
  await updateTaskRow(db, task.id, ['pending'], {
    state: 'errored',
    outcome,
    errorReason: reason,
    waitingReason: null,
    waitingDetail: null,
  });
  return 'skipped';
}

/**
 * Takes a pending, due task to running when its target may be reached and the limits allow it now; otherwise
 * reschedules it to the next allowed time with the reason, or closes it when the target must not be reached.
 */
async function admit(deps: DialerDeps, task: TaskRow, now: Date): Promise<TaskRow | PlaceResult> {
  const facts = await findDialingFacts(deps.db, task);
  if (facts.agentNumber && (await isOptedOut(deps.db, facts.agentNumber, task.target)))
    return skip(deps.db, task, 'opted-out', `${task.target} opted out of messages from ${facts.agentNumber}`);
  if (await isOnDoNotCallList(deps.db, facts.organizationId, task.target))
    return skip(deps.db, task, 'do-not-call', `${task.target} is on the organization's do-not-call list`);
  if (!facts.agentNumber) {
    return skip(
      deps.db,
      task,
      'no-number',
      `The agent account has no phone number to ${task.type === 'call' ? 'call' : 'text'} from`,
    );
  }
  return deps.db.transaction(async (tx) => {
    await lockAccountDialing(tx, task.accountId);
    const gate = await checkLimits(tx, task, facts, now);
    if (!gate.go) {
      await updateTaskRow(tx, task.id, ['pending'], {
        scheduledFor: gate.until,
        waitingReason: gate.reason,
        waitingDetail: gate.detail,
      });
      return 'waiting' as const;
    }
    const attempt: TaskAttempt = {
      startedAt: now.toISOString(),
      endedAt: null,
      result: task.type === 'call' ? 'dialing' : 'sending',
      answeredBy: null,
      conversationId: null,
      detail: null,
      callId: null,
      durationSeconds: null,
    };
    const running = await updateTaskRow(tx, task.id, ['pending'], {
      state: 'running',
      waitingReason: null,
      waitingDetail: null,
      attempts: [...task.attempts, attempt],
    });
    if (running) await insertDial(tx, task, facts.organizationId, now);
    return running ?? ('gone' as const);
  });
}

/**
 * The job of one due task ('tasks.place'): re-reads the task (a canceled, rescheduled or deleted one is left
 * alone), applies the opt-out and do-not-call lists and the limits, then places the call or sends the text as a
 * job effect, so a crash never places it twice: a retry that finds the step done stops, one that finds it cut off
 * closes the try as interrupted and leaves the rest to the task's retry policy.
 */
export async function placeTaskJob(
  deps: DialerDeps,
  taskId: number,
  context: Pick<JobContext, 'effects'>,
): Promise<PlaceResult> {
  const now = deps.now();
  let task = await findTaskRow(deps.db, taskId);
  if (!task) return 'gone';
  if (task.state === 'pending') {
    if (task.scheduledFor.getTime() > now.getTime() + 1000) return 'not due';
    const admitted = await admit(deps, task, now);
    if (typeof admitted === 'string') return admitted;
    task = admitted;
  } else if (task.state !== 'running' || task.callId !== null) {
    return task.state === 'running' ? 'already placed' : 'gone';
  }
  // Running without a call: admitted by this job (perhaps by an attempt a crash cut off before it dialed).
  const name = step({ ...task, attempts: task.attempts.slice(0, -1) });
  const claim = await context.effects.claim<{ callId: string | null }>(name);
  if (claim.state === 'done') return 'already placed';
  if (claim.state === 'interrupted') {
    await closeTry(deps, task, {
      result: 'interrupted',
      detail:
        'The dialer stopped (a restart) while placing this try; whether it reached the contact is unknown, so it was not placed again',
    });
    return 'interrupted';
  }
  return task.type === 'call' ? dial(deps, task, name, context) : text(deps, task, name, context);
}

async function dial(
  deps: DialerDeps,
  task: TaskRow,
  name: string,
  context: Pick<JobContext, 'effects'>,
): Promise<PlaceResult> {
  const facts = await findDialingFacts(deps.db, task);
  const from = facts.agentNumber ?? '';
  let placed: { callId: string; status: string };
  try {
    placed = await deps.telephony.placeCall({
      to: task.target,
      from,
      answerUrl: `${deps.publicUrl}/api/twilio/voice`,
      statusUrl: `${deps.publicUrl}/api/twilio/status`,
      ringSeconds,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // A carrier that answered 4xx refused this call for good (a bad number); no answer or 5xx may pass.
    const retryable = !(error instanceof TelephonyError && error.status !== null && error.status < 500);
    await deps.db.transaction(async (tx) => {
      await context.effects.complete(name, { callId: null, error: reason }, tx);
    });
    await closeTry(deps, task, {
      result: 'failed',
      detail: `The carrier refused the call: ${reason}`,
      retryable,
    });
    return 'failed';
  }
  await deps.db.transaction(async (tx) => {
    await insertPlacedCall(tx, {
      callId: placed.callId,
      carrier: deps.telephony.sandbox ? 'sandbox' : 'twilio',
      accountId: task.accountId,
      direction: 'outbound',
      fromNumber: from,
      toNumber: task.target,
      status: placed.status,
    });
    const attempts = task.attempts.map((attempt, index) =>
      index === task.attempts.length - 1
        ? { ...attempt, callId: placed.callId, result: placed.status }
        : attempt,
    );
    await updateTaskRow(tx, task.id, ['running'], { callId: placed.callId, attempts });
    await context.effects.complete(name, { callId: placed.callId }, tx);
  });
  return 'placed';
}

/** The text a text task sends: its message with the variables filled in, else one the agent writes from it. */
async function composeText(deps: DialerDeps, task: TaskRow): Promise<string> {
  if (task.message?.trim()) return fillTemplateVariables(task.message.trim(), task.variables);
  const facts = [
    task.taskContext ? `What to do: ${task.taskContext}` : null,
    task.context ? `About the contact: ${task.context}` : null,
    ...Object.entries(task.variables).map(([key, value]) => `${key}: ${value}`),
  ].filter((line): line is string => line !== null);
  const prompt = [
    'Write one text message (SMS, at most 300 characters, no greeting line of its own) to send to a contact now.',
    ...facts,
    'Answer with the text only.',
  ].join('\n');
  return (await deps.runtime.runPrompt(task.accountId, prompt)).trim().slice(0, 600);
}

async function text(
  deps: DialerDeps,
  task: TaskRow,
  name: string,
  context: Pick<JobContext, 'effects'>,
): Promise<PlaceResult> {
  const facts = await findDialingFacts(deps.db, task);
  const body = await composeText(deps, task);
  // The same path as a person's reply in the inbox: stored first (queued), then sent with its delivery tracked.
  const room = await openRoom(deps.db, {
    accountId: task.accountId,
    contactAddress: task.target,
    channel: 'sms',
  });
  const stored = await appendMessage(deps.db, {
    accountId: task.accountId,
    roomId: room.roomId,
    conversationUuid: room.conversationUuid,
    direction: 'outbound',
    channel: 'sms',
    author: 'agent',
    text: body,
    status: 'queued',
  });
  const sent = await sendTrackedText(deps, stored, {
    to: task.target,
    from: facts.agentNumber ?? undefined,
    text: body,
  });
  const failed = sent.status === 'failed';
  await deps.db.transaction(async (tx) => {
    await context.effects.complete(name, { messageId: sent.id }, tx);
  });
  await closeTry(deps, task, {
    result: failed ? 'failed' : 'sent',
    detail: failed ? 'The carrier did not take the text' : null,
    conversationId: room.roomId,
    callId: String(sent.id),
    retryable: false,
  });
  return failed ? 'failed' : 'sent';
}
