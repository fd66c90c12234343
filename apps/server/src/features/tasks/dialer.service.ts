import { fillTemplateVariables } from '@switchboard/core';
import type { TaskAttempt } from './dialer.repo';
import type { FastifyBaseLogger } from 'fastify';
import type { JobContext } from '../../jobs';
import type { Db } from '../../platform/database';
import type { SmsProvider } from '../../providers/sms/types';
import type { SipOutboundSlot } from '../../providers/telephony/sip/outbound';
import { TelephonyError, type TelephonyProvider } from '../../providers/telephony/types';
import type { AgentRuntime } from '../../runtime/session-types';
import { appendMessage, openRoom } from '../inbox/inbox.service';
import { sendTrackedText } from '../telephony/text-delivery.service';
import { findTaskRow, updateTaskRow, type TaskRow } from './tasks.repo';
import { checkLimits } from './dial-gate';
import {
  findDialingFacts,
  findTargetBlocks,
  insertDial,
  insertPlacedCall,
  lockAccountDialing,
  type DialingFacts,
} from './dialer.repo';
import { closeTry } from './task-outcomes';

export interface DialerDeps {
  db: Db;
  telephony: TelephonyProvider;
  /** Outbound calls by SIP, for accounts with an outbound route or a registration (tried before the carrier). */
  sip?: SipOutboundSlot | undefined;
  /** How long a call rings before it is given up as no-answer, seconds (30). */
  ringSeconds?: number | undefined;
  /** The agents' outbound texts (the carrier from the agent's number, honouring opt-outs). */
  sms: SmsProvider;
  runtime: Pick<AgentRuntime, 'runPrompt'>;
  publicUrl: string;
  logger: FastifyBaseLogger;
  now: () => Date;
}

/** How long a call rings before the carrier gives up (no-answer). */
const defaultRingSeconds = 30;

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

/** Whether the account's calls can go out by SIP (this process runs a SIP endpoint and the account has settings). */
async function canCallBySip(deps: DialerDeps, task: TaskRow): Promise<boolean> {
  const placer = deps.sip?.placer;
  return placer ? placer.canPlace(task.accountId) : false;
}

/**
 * Takes a pending, due task to running when its target may be reached and the limits allow it now; otherwise
 * reschedules it to the next allowed time with the reason, or closes it when the target must not be reached.
 */
async function admit(
  deps: DialerDeps,
  task: TaskRow,
  facts: DialingFacts,
  now: Date,
): Promise<TaskRow | PlaceResult> {
  const blocks = await findTargetBlocks(deps.db, task.target, facts.agentNumber, facts.organizationId);
  if (facts.agentNumber && blocks.optedOut)
    return skip(deps.db, task, 'opted-out', `${task.target} opted out of messages from ${facts.agentNumber}`);
  if (blocks.doNotCall)
    return skip(deps.db, task, 'do-not-call', `${task.target} is on the organization's do-not-call list`);
  // Without a number, a call may still go out by the account's SIP route or registration; a text may not.
  if (!facts.agentNumber && !(task.type === 'call' && (await canCallBySip(deps, task)))) {
    return skip(
      deps.db,
      task,
      'no-number',
      task.type === 'call'
        ? 'The agent account has no phone number to call from, and neither it nor its organization has a SIP outbound route or registration'
        : 'The agent account has no phone number to text from',
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
    if (running) await insertDial(tx, task, facts.organizationId, now, gate.dayStart);
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
  let facts: DialingFacts | null = null;
  if (task.state === 'pending') {
    if (task.scheduledFor.getTime() > now.getTime() + 1000) return 'not due';
    facts = await findDialingFacts(deps.db, task);
    const admitted = await admit(deps, task, facts, now);
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
  facts ??= await findDialingFacts(deps.db, task);
  return task.type === 'call'
    ? dial(deps, task, facts, name, context)
    : text(deps, task, facts, name, context);
}

async function dial(
  deps: DialerDeps,
  task: TaskRow,
  facts: DialingFacts,
  name: string,
  context: Pick<JobContext, 'effects'>,
): Promise<PlaceResult> {
  const ringSeconds = deps.ringSeconds ?? defaultRingSeconds;
  const viaSip = await deps.sip?.placer?.prepare({
    accountId: task.accountId,
    to: task.target,
    from: facts.agentNumber,
    ringSeconds,
  });
  if (viaSip) {
    // Recorded (and the try linked) before its INVITE leaves, so its answer finds the task and its status the row.
    const placed = { callId: viaSip.callId, status: 'queued' };
    await recordPlaced(deps, task, name, context, placed, 'sip', viaSip.callerId);
    viaSip.start();
    return 'placed';
  }
  const from = facts.agentNumber;
  if (!from) {
    // Its SIP settings went away after it was admitted: the carrier has no number to call from either.
    await deps.db.transaction(async (tx) => {
      await context.effects.complete(name, { callId: null, error: 'no-number' }, tx);
    });
    await closeTry(deps, task, {
      result: 'failed',
      detail: 'The agent account has no phone number to call from, and no SIP outbound route or registration',
      retryable: false,
    });
    return 'failed';
  }
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
  await recordPlaced(deps, task, name, context, placed, deps.telephony.sandbox ? 'sandbox' : 'twilio', from);
  return 'placed';
}

/** The placed call on its phone_calls row and on the task's try, and the step done, in one transaction. */
async function recordPlaced(
  deps: DialerDeps,
  task: TaskRow,
  name: string,
  context: Pick<JobContext, 'effects'>,
  placed: { callId: string; status: string },
  carrier: 'sandbox' | 'twilio' | 'sip',
  from: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await insertPlacedCall(tx, {
      callId: placed.callId,
      carrier,
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
  facts: DialingFacts,
  name: string,
  context: Pick<JobContext, 'effects'>,
): Promise<PlaceResult> {
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
