import type { TaskWaitingReason } from './dialer.repo';
import type { Db } from '../../platform/database';
import { dialingLimits } from './task-limits.service';
import type { TaskRow } from './tasks.repo';
import { contactTimeZone } from './contact-time-zones';
import { dayBounds, describeWindows, nextTimeInside, windowsForContact } from './dial-windows';
import { countDialingLoad, lastDialTo } from './dialer.repo';

/** Whether a task may be placed now, or must wait (until when, and why). */
export type GateAnswer =
  | { go: true; /** The day the daily caps count in: the dial is counted there. */ dayStart: Date }
  | { go: false; reason: TaskWaitingReason; until: Date; detail: string };

/** How long a task waits for a free line before it is looked at again. */
export const concurrencyRecheckMs = 30_000;

const at = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The limits in force for the task's agent account, in order: business hours in the contact's own zone, the
 * daily caps (counted from local midnight in the hours' zone, else UTC), the concurrency per run and the cooldown
 * per target. Run inside the account's dialing lock so two workers do not both take the last free line.
 */
export async function checkLimits(
  db: Db,
  task: TaskRow,
  facts: { organizationId: number | null; contactZone: string | null },
  now: Date,
): Promise<GateAnswer> {
  const { windows, effective } = await dialingLimits(db, task.accountId);
  const zone = contactTimeZone(task.target, [task.variables.timezone, facts.contactZone]);
  if (windows.length > 0) {
    const local = windowsForContact(windows, zone);
    const opens = nextTimeInside(local, now);
    if (opens === null) {
      return {
        go: false,
        reason: 'outside-hours',
        until: new Date(now.getTime() + 24 * 3_600_000),
        detail: `The business hours in force never meet (${describeWindows(local)}); looked at again in a day`,
      };
    }
    if (opens.getTime() > now.getTime()) {
      return {
        go: false,
        reason: 'outside-hours',
        until: opens,
        detail: `Outside business hours for the contact (${describeWindows(local)}); next at ${at(opens)}`,
      };
    }
  }

  const day = dayBounds(now, windows[0]?.timezone ?? 'UTC');
  const { dialed, running } = await countDialingLoad(db, task.accountId, day.start);
  const kind = task.type === 'call' ? 'calls' : 'texts';
  const full =
    dialed[kind] >= effective.daily[kind]
      ? `${String(effective.daily[kind])} ${kind}`
      : dialed.tasks >= effective.daily.tasks
        ? `${String(effective.daily.tasks)} tasks`
        : null;
  if (full !== null) {
    return {
      go: false,
      reason: 'cap-reached',
      until: day.next,
      detail: `The daily cap of ${full} is reached; next at ${at(day.next)}`,
    };
  }

  if (running >= effective.concurrencyPerRun) {
    const until = new Date(now.getTime() + concurrencyRecheckMs);
    return {
      go: false,
      reason: 'concurrency',
      until,
      detail: `${String(running)} of ${String(effective.concurrencyPerRun)} lines are busy; looked at again at ${at(until)}`,
    };
  }

  const cooldown = effective.cooldowns[kind] * 1000;
  const last = cooldown > 0 ? await lastDialTo(db, task, facts.organizationId) : null;
  if (last && last.getTime() + cooldown > now.getTime()) {
    const until = new Date(last.getTime() + cooldown);
    return {
      go: false,
      reason: 'cooldown',
      until,
      detail: `${task.target} was reached by another task at ${at(last)}; the cooldown ends at ${at(until)}`,
    };
  }
  return { go: true, dayStart: day.start };
}
