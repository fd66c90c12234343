import type { OwnTaskLimitsView, ResponseOf, TaskLimitsView, tasksEndpoints } from '@switchboard/contract';
import { isValidTimeZone, zonedParts } from '@switchboard/core';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { defaultRetryPolicy, narrowRetryPolicies, policyForTask, retryPolicyWidening } from './retry-policy';
import {
  findLimitChain,
  upsertTaskLimitRow,
  type AccountNode,
  type TaskLimitsRow,
  type TaskRow,
} from './tasks.repo';

type LimitsAnswer = ResponseOf<typeof tasksEndpoints.getTaskLimits>;
type BusinessHours = NonNullable<TaskLimitsView['businessHours']>;
type DailyKey = keyof TaskLimitsView['daily'];
type CooldownKey = keyof TaskLimitsView['cooldowns'];

const dailyKeys: readonly DailyKey[] = ['calls', 'texts', 'tasks'];
const cooldownKeys: readonly CooldownKey[] = ['calls', 'texts'];

/** What holds where no account has set anything (FACTS §6's example figures; cooldowns in seconds). */
export const defaultTaskLimits: TaskLimitsView = {
  businessHours: null,
  daily: { calls: 100, texts: 200, tasks: 300 },
  concurrencyPerRun: 10,
  cooldowns: { calls: 86_400, texts: 300 },
  retryPolicy: defaultRetryPolicy,
};

const noLimits: OwnTaskLimitsView = {
  businessHours: null,
  daily: null,
  concurrencyPerRun: null,
  cooldowns: null,
  retryPolicy: null,
};

const ownOf = (row: TaskLimitsRow | undefined): OwnTaskLimitsView =>
  row
    ? {
        businessHours: row.businessHours,
        daily: row.daily,
        concurrencyPerRun: row.concurrencyPerRun,
        cooldowns: row.cooldowns,
        retryPolicy: row.retryPolicy,
      }
    : noLimits;

interface Level {
  node: AccountNode;
  own: OwnTaskLimitsView;
}

/**
 * Every level's limits together: the lowest caps and concurrency any level sets, the longest cooldowns, the
 * deepest level's hours; `base` holds where no level sets a value (it is a default, not a ceiling).
 */
function narrow(base: TaskLimitsView, levels: readonly OwnTaskLimitsView[]): TaskLimitsView {
  const set = <T>(pick: (own: OwnTaskLimitsView) => T | null | undefined) =>
    levels.map(pick).filter((value): value is T => value !== null && value !== undefined);
  const lowest = (values: number[], fallback: number) => (values.length > 0 ? Math.min(...values) : fallback);
  const longest = (values: number[], fallback: number) =>
    values.length > 0 ? Math.max(...values) : fallback;
  const hours = set((own) => own.businessHours);
  return {
    businessHours: hours.at(-1) ?? base.businessHours,
    daily: {
      calls: lowest(
        set((own) => own.daily?.calls),
        base.daily.calls,
      ),
      texts: lowest(
        set((own) => own.daily?.texts),
        base.daily.texts,
      ),
      tasks: lowest(
        set((own) => own.daily?.tasks),
        base.daily.tasks,
      ),
    },
    concurrencyPerRun: lowest(
      set((own) => own.concurrencyPerRun),
      base.concurrencyPerRun,
    ),
    cooldowns: {
      calls: longest(
        set((own) => own.cooldowns?.calls),
        base.cooldowns.calls,
      ),
      texts: longest(
        set((own) => own.cooldowns?.texts),
        base.cooldowns.texts,
      ),
    },
    retryPolicy: narrowRetryPolicies(levels.map((own) => own.retryPolicy)),
  };
}

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether an instant falls inside business hours (start inclusive, end exclusive, local to their zone). */
export function isWithinBusinessHours(hours: BusinessHours, instant: Date): boolean {
  const parts = zonedParts(instant, hours.timezone);
  const minute = parts.hour * 60 + parts.minute;
  return (
    hours.days.includes(parts.weekday) && minute >= minuteOf(hours.start) && minute < minuteOf(hours.end)
  );
}

const dayNames = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
export const describeBusinessHours = (hours: BusinessHours) =>
  `${[...hours.days]
    .sort()
    .map((day) => dayNames[day])
    .join(', ')} ${hours.start}–${hours.end} ${hours.timezone}`;

/** The limits of an account: its chain of levels (top first), its own settings and what holds for it. */
export async function readLimitLevels(db: Db, accountId: number) {
  const chain = await findLimitChain(db, accountId);
  const levels: Level[] = chain.map(({ node, limits }) => ({ node, own: ownOf(limits ?? undefined) }));
  const self = levels.find((level) => level.node.id === accountId);
  const ancestors = levels.filter((level) => level.node.id !== accountId);
  return {
    ancestors,
    own: self?.own ?? noLimits,
    effective: narrow(
      defaultTaskLimits,
      levels.map((level) => level.own),
    ),
  };
}

/** Every business-hours window in force (each level that set one, in its own zone), from the levels read. */
function windowsOf(levels: Awaited<ReturnType<typeof readLimitLevels>>) {
  const windows = levels.ancestors.flatMap((level) =>
    level.own.businessHours ? [{ hours: level.own.businessHours, from: level.node.name }] : [],
  );
  return levels.own.businessHours
    ? [...windows, { hours: levels.own.businessHours, from: 'this account' }]
    : windows;
}

/** Every business-hours window in force for an account (each level that set one, in its own zone). */
export async function businessHoursInForce(
  db: Db,
  accountId: number,
): Promise<{ hours: BusinessHours; from: string }[]> {
  return windowsOf(await readLimitLevels(db, accountId));
}

/** What the dialer checks for an account, read once: the business hours in force and the effective limits. */
export async function dialingLimits(db: Db, accountId: number) {
  const levels = await readLimitLevels(db, accountId);
  return { windows: windowsOf(levels).map((window) => window.hours), effective: levels.effective };
}

function ceilingOf(ancestors: readonly Level[]) {
  const unbounded = 1_000_000;
  return narrow(
    {
      ...defaultTaskLimits,
      daily: { calls: unbounded, texts: unbounded, tasks: unbounded },
      concurrencyPerRun: 10_000,
    },
    ancestors.map((level) => level.own),
  );
}

async function limitsAnswer(db: Db, accountId: number, superAdmin: boolean): Promise<LimitsAnswer> {
  const { ancestors, own, effective } = await readLimitLevels(db, accountId);
  const bound = ceilingOf(ancestors);
  return {
    success: true,
    limits: effective,
    own,
    inherited: [
      {
        accountId: null,
        name: 'Platform defaults',
        accountType: 'platform',
        limits: { ...defaultTaskLimits, businessHours: null },
      },
      ...ancestors.map((level) => ({
        accountId: level.node.id,
        name: level.node.name,
        accountType: level.node.accountType,
        limits: level.own,
      })),
    ],
    ceiling: superAdmin
      ? { daily: bound.daily, concurrencyPerRun: bound.concurrencyPerRun }
      : { daily: effective.daily, concurrencyPerRun: effective.concurrencyPerRun },
  };
}

export const getTaskLimits = (db: Db, accountId: number, superAdmin: boolean) =>
  limitsAnswer(db, accountId, superAdmin);

// Business hours are compared by sampling a week in quarter hours: exact across time zones and DST changes to
// the quarter hour, which is the finest step a person sets them in.
function reachesOutside(inner: BusinessHours, outer: BusinessHours): boolean {
  const start = Date.now();
  for (let step = 0; step < 7 * 24 * 4; step += 1) {
    const instant = new Date(start + step * 15 * 60_000);
    if (isWithinBusinessHours(inner, instant) && !isWithinBusinessHours(outer, instant)) return true;
  }
  return false;
}

export interface LimitsChange {
  businessHours?: BusinessHours | null | undefined;
  daily?: OwnTaskLimitsView['daily'] | undefined;
  concurrencyPerRun?: number | null | undefined;
  cooldowns?: OwnTaskLimitsView['cooldowns'] | undefined;
  retryPolicy?: OwnTaskLimitsView['retryPolicy'] | undefined;
}

function checkNarrowing(ancestors: readonly Level[], next: OwnTaskLimitsView): void {
  const bound = ceilingOf(ancestors);
  for (const key of dailyKeys) {
    const value = next.daily?.[key];
    if (value !== undefined && value > bound.daily[key]) {
      throw new AppError(
        'BAD_REQUEST',
        `daily.${key}: ${value} is more than the ${bound.daily[key]} a day inherited from above; a limit can narrow what it inherits, never widen it`,
      );
    }
  }
  if (next.concurrencyPerRun !== null && next.concurrencyPerRun > bound.concurrencyPerRun) {
    throw new AppError(
      'BAD_REQUEST',
      `concurrencyPerRun: ${next.concurrencyPerRun} is more than the ${bound.concurrencyPerRun} inherited from above`,
    );
  }
  for (const level of ancestors) {
    for (const key of cooldownKeys) {
      const value = next.cooldowns?.[key];
      const inherited = level.own.cooldowns?.[key];
      if (value !== undefined && inherited !== undefined && value < inherited) {
        throw new AppError(
          'BAD_REQUEST',
          `cooldowns.${key}: ${value} s is shorter than the ${inherited} s inherited from ${level.node.name}`,
        );
      }
    }
    const widened = retryPolicyWidening(next.retryPolicy, {
      name: level.node.name,
      policy: level.own.retryPolicy,
    });
    if (widened) throw new AppError('BAD_REQUEST', widened);
    const outer = level.own.businessHours;
    if (next.businessHours && outer && reachesOutside(next.businessHours, outer)) {
      throw new AppError(
        'BAD_REQUEST',
        `businessHours: they reach outside the hours inherited from ${level.node.name} (${describeBusinessHours(outer)})`,
      );
    }
  }
}

/** Saves an account's own limits (undefined leaves a field, null inherits it) and answers the new state. */
export async function saveTaskLimits(
  db: Db,
  actor: { userId: number; superAdmin: boolean },
  accountId: number,
  change: LimitsChange,
): Promise<LimitsAnswer> {
  if (change.businessHours && !isValidTimeZone(change.businessHours.timezone)) {
    throw new AppError(
      'BAD_REQUEST',
      `businessHours.timezone: "${change.businessHours.timezone}" is not a known time zone (e.g. America/Chicago)`,
    );
  }
  const { ancestors, own, effective } = await readLimitLevels(db, accountId);
  const next: OwnTaskLimitsView = {
    businessHours: change.businessHours === undefined ? own.businessHours : change.businessHours,
    daily: change.daily === undefined ? own.daily : change.daily,
    concurrencyPerRun:
      change.concurrencyPerRun === undefined ? own.concurrencyPerRun : change.concurrencyPerRun,
    cooldowns: change.cooldowns === undefined ? own.cooldowns : change.cooldowns,
    retryPolicy: change.retryPolicy === undefined ? own.retryPolicy : change.retryPolicy,
  };
  checkNarrowing(ancestors, next);
  if (!actor.superAdmin) {
    const after = narrow(defaultTaskLimits, [...ancestors.map((level) => level.own), next]);
    const raised = [
      ...dailyKeys
        .filter((key) => after.daily[key] > effective.daily[key])
        .map((key) => `daily.${key} (now ${effective.daily[key]})`),
      ...(after.concurrencyPerRun > effective.concurrencyPerRun
        ? [`concurrencyPerRun (now ${effective.concurrencyPerRun})`]
        : []),
    ];
    if (raised.length > 0) {
      throw new AppError('FORBIDDEN', `Only a super admin may raise ${raised.join(' or ')}`);
    }
  }
  await upsertTaskLimitRow(db, { accountId, ...next, updatedBy: actor.userId });
  return limitsAnswer(db, accountId, actor.superAdmin);
}

/** The retry policy a task's tries run under: the one in force for its agent account, then the task's own. */
export async function retryPolicyForTask(db: Db, task: Pick<TaskRow, 'accountId' | 'dialPolicy'>) {
  const { effective } = await readLimitLevels(db, task.accountId);
  return policyForTask(effective.retryPolicy, task.dialPolicy);
}
