import type { Db } from '../../platform/database';
import type { SessionTask } from '../../runtime/session-types';
import { findTaskByCall } from './dialer.repo';
import { policyOf } from './retry-policy';
import { recordAnsweredBy } from './task-outcomes';
import { findTextTaskOfRoom, type TaskRow } from './tasks.repo';

/**
 * What the agent on a task's call knows of the task: its context, variables, greeting, waitToGreet, and what to
 * do at a voicemail. The voicemail choice is the task's dial policy (`voicemail`), else its `voicemail` variable
 * (an API variable or a CSV column: `hang-up` or `leave-message`), else leave the message.
 */
export function sessionTaskOf(task: TaskRow): SessionTask {
  const variable = task.variables.voicemail?.trim().toLowerCase();
  const onVoicemail =
    task.dialPolicy?.voicemail ??
    (variable === 'hang-up' || variable === 'hangup' || variable === 'hang up' ? 'hang-up' : null) ??
    policyOf(null).voicemail;
  return {
    id: task.id,
    context: task.context,
    taskContext: task.taskContext,
    variables: task.variables,
    greeting: task.greeting,
    waitToGreet: task.waitToGreet,
    message: task.message,
    onVoicemail,
  };
}

/** The task a live call was placed for (the dialer's running try), as its session knows it. */
export async function taskOfCall(db: Db, callId: string): Promise<SessionTask | null> {
  const task = await findTaskByCall(db, callId);
  return task ? sessionTaskOf(task) : null;
}

/** How long a contact's reply to a task's text is still taken as part of that task. */
export const textTaskReplyWindowMs = 7 * 86_400_000;

/**
 * The task a contact's text answers: the latest text task the agent sent into the room within the reply window,
 * so the agent's reply knows what it wrote about and to whom.
 */
export async function taskOfTextRoom(
  db: Db,
  accountId: number,
  roomId: string,
  now = new Date(),
): Promise<SessionTask | null> {
  const task = await findTextTaskOfRoom(
    db,
    accountId,
    roomId,
    new Date(now.getTime() - textTaskReplyWindowMs),
  );
  return task ? sessionTaskOf(task) : null;
}

/** Who picked up a task's call, stored on its try in progress with what the agent did about it. */
export async function recordTaskAnswer(
  db: Db,
  callId: string,
  answer: { answeredBy: string; detail?: string | null },
): Promise<void> {
  await recordAnsweredBy(db, callId, answer.answeredBy, answer.detail);
}
