import { fillSpokenVariables, promptVariables } from './prompt';
import type { AgentSession, SessionTask } from './session-types';

/** The lines an agent says to whoever picks up an outbound call that is not (yet) the person: see outbound-answer.ts. */

const filled = (value: string | undefined): string | null => (value?.trim() ? value.trim() : null);

/** The menu option that fits the task: one its variables or context name, else an operator, else the first. */
export function chooseMenuOption(
  options: readonly { label: string; key: string }[],
  task: SessionTask | null,
): { label: string; key: string } | null {
  const wanted = [task?.variables.menuOption, task?.variables.department]
    .filter((value): value is string => Boolean(value?.trim()))
    .map((value) => value.trim().toLowerCase());
  for (const value of wanted) {
    const match = options.find((option) => option.key === value || option.label.includes(value));
    if (match) return match;
  }
  const about = [task?.taskContext, task?.context, task?.greeting].join(' ').toLowerCase();
  return (
    options.find((option) =>
      option.label.split(' ').some((word) => word.length > 3 && about.includes(word)),
    ) ??
    options.find((option) => /\b(operator|representative|agent|person|reception)\b/.test(option.label)) ??
    options[0] ??
    null
  );
}

/** What the agent tells a call screener: its name and why it calls. */
export function screenerIntroduction(session: Pick<AgentSession, 'agentName' | 'task' | 'config'>): string {
  const task = session.task;
  const variables = promptVariables(session.config, task);
  const purpose =
    filled(variables.purpose) ??
    filled(variables.reason) ??
    (task?.taskContext?.trim()
      ? `about this: ${fillSpokenVariables(task.taskContext.trim(), variables).replace(/[.!?]+$/, '')}`
      : 'with a message for them');
  return `My name is ${session.agentName}, and I'm calling ${purpose}.`;
}

/**
 * The message left on a voicemail: the task's message with its variables filled, else its greeting (or the
 * agent's welcome) followed by a request to call back.
 */
export function voicemailMessage(
  session: Pick<AgentSession, 'agentName' | 'task' | 'config' | 'greeting'>,
): string {
  const task = session.task;
  const variables = promptVariables(session.config, task);
  if (task?.message?.trim()) return fillSpokenVariables(task.message.trim(), variables);
  const opening =
    session.greeting.trim() && !session.greeting.trim().toLowerCase().startsWith('prompt:')
      ? session.greeting.trim()
      : `Hi, this is ${session.agentName}.`;
  return `${opening} Sorry I missed you. Please call us back when it suits you. Goodbye.`;
}
