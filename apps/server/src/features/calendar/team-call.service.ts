import {
  addDays,
  compareLocalDates,
  formatIsoDate,
  parseIsoDate,
  zonedParts,
  zonedToInstant,
  type LocalDate,
} from '@switchboard/core';
import type { teamCallInputSchema } from '@switchboard/contract';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { daySlots, dayWindows, instantAt, refuseSlot } from '../../providers/calendar/availability';
import {
  CalendarUnavailableError,
  type BookingSchedule,
  type CalendarProvider,
} from '../../providers/calendar/types';
import type { CalendarDeps } from './calendly.service';
import { bookingScheduleFor, defaultSchedule } from './schedule.service';
import { findPerson, findTeamAccount, noteTeamCall, type TeamAccount } from './team-call.repo';

export interface TeamCallDeps extends CalendarDeps {
  /** The calendar the team's bookings go to (features/calendar accountCalendar). */
  teamCalendar: CalendarProvider;
  salesAccountUsername: string | null;
  now?: () => Date;
}

type TeamCallInput = z.output<typeof teamCallInputSchema>;

const midnight = (day: LocalDate, timezone: string) =>
  zonedToInstant({ ...day, hour: 0, minute: 0 }, timezone);

async function teamFor(deps: TeamCallDeps, accountId: number): Promise<TeamAccount> {
  const team = await findTeamAccount(deps.db, accountId, deps.salesAccountUsername);
  if (!team) throw new AppError('NOT_FOUND', 'No team takes calls booked here yet');
  return team;
}

async function scheduleOf(deps: TeamCallDeps, team: TeamAccount): Promise<BookingSchedule> {
  return (await bookingScheduleFor(deps.db, team.id, team.organizationId)) ?? defaultSchedule();
}

/** A calendar that cannot be read or refuses: said plainly with its reason, and logged. */
function unreachable(deps: TeamCallDeps, team: TeamAccount, error: unknown): never {
  if (!(error instanceof CalendarUnavailableError)) throw error;
  deps.logger?.error({ err: error, teamAccountId: team.id }, 'team calendar failed');
  throw new AppError(
    'UNAVAILABLE',
    `The team's calendar could not be reached (${error.reason}). Nothing was booked; try again in a moment.`,
  );
}

/** The team's open times starting on a day of the viewer's zone, and the next day with one when it has none. */
export async function teamCallSlots(
  deps: TeamCallDeps,
  accountId: number,
  userId: number,
  query: { date: string; timezone: string },
) {
  const team = await teamFor(deps, accountId);
  const schedule = await scheduleOf(deps, team);
  const now = deps.now?.() ?? new Date();
  const day = parseIsoDate(query.date);
  if (!day) throw new AppError('VALIDATION_FAILED', 'query.date: must be a date as YYYY-MM-DD');
  const firstDay = zonedParts(now, query.timezone);
  const lastInstant = instantAt(
    addDays(zonedParts(now, schedule.timezone), schedule.horizonDays),
    1440,
    schedule.timezone,
  );
  const lastDay = zonedParts(new Date(lastInstant.getTime() - 1), query.timezone);
  if (compareLocalDates(day, firstDay) < 0) {
    throw new AppError('VALIDATION_FAILED', `query.date: ${query.date} is in the past`);
  }
  const from = midnight(day, query.timezone);
  const to = midnight(addDays(day, 1), query.timezone);
  const busyOf = (start: Date, end: Date) =>
    deps.teamCalendar.busy(team.id, start, end).catch((error: unknown) => unreachable(deps, team, error));
  const slots: { start: string; end: string }[] = [];
  if (compareLocalDates(day, lastDay) <= 0) {
    // The viewer's day spans one or two days of the team's zone.
    const teamFirst = zonedParts(from, schedule.timezone);
    const teamLast = zonedParts(new Date(to.getTime() - 1), schedule.timezone);
    const busy = await busyOf(
      midnight(teamFirst, schedule.timezone),
      midnight(addDays(teamLast, 1), schedule.timezone),
    );
    for (
      let teamDay: LocalDate = teamFirst;
      compareLocalDates(teamDay, teamLast) <= 0;
      teamDay = addDays(teamDay, 1)
    ) {
      for (const local of daySlots(schedule, now, teamDay, busy)) {
        const start = zonedToInstant(local, schedule.timezone);
        if (start < from || start >= to) continue;
        const end = new Date(start.getTime() + schedule.appointmentMinutes * 60_000);
        slots.push({ start: start.toISOString(), end: end.toISOString() });
      }
    }
  }
  let nextOpenDate: string | null = null;
  if (slots.length === 0 && compareLocalDates(day, lastDay) < 0) {
    const teamLastDay = addDays(zonedParts(now, schedule.timezone), schedule.horizonDays);
    for (
      let teamDay: LocalDate = zonedParts(to, schedule.timezone);
      nextOpenDate === null && compareLocalDates(teamDay, teamLastDay) <= 0;
      teamDay = addDays(teamDay, 1)
    ) {
      if (dayWindows(schedule, teamDay).length === 0) continue;
      const busy = await busyOf(
        midnight(teamDay, schedule.timezone),
        midnight(addDays(teamDay, 1), schedule.timezone),
      );
      const next = daySlots(schedule, now, teamDay, busy)
        .map((local) => zonedToInstant(local, schedule.timezone))
        .find((start) => start >= to);
      if (next) nextOpenDate = formatIsoDate(zonedParts(next, query.timezone));
    }
  }
  const person = (await findPerson(deps.db, userId)) ?? { name: '', email: '', phone: '' };
  return {
    success: true as const,
    team: { name: team.name, timezone: schedule.timezone, appointmentMinutes: schedule.appointmentMinutes },
    date: query.date,
    timezone: query.timezone,
    slots,
    nextOpenDate,
    firstDate: formatIsoDate(firstDay),
    lastDate: formatIsoDate(lastDay),
    viewer: person,
  };
}

const refusals = {
  past: 'is in the past',
  notice: 'is sooner than the team takes calls',
  horizon: 'is further ahead than the team takes calls',
  blocked: "is on a day the team doesn't take calls",
  closed: "is outside the team's hours",
  busy: 'is taken',
} as const;

/**
 * Books a call with the team: the time must be one of its open times (schedule, notice, horizon), then the team's
 * calendar books it in one step with its busy times read again (decisions/035). A calendar that fails books
 * nothing and says why.
 */
export async function bookTeamCall(
  deps: TeamCallDeps,
  accountId: number,
  userId: number,
  input: TeamCallInput,
) {
  const team = await teamFor(deps, accountId);
  const schedule = await scheduleOf(deps, team);
  const now = deps.now?.() ?? new Date();
  const start = new Date(input.start);
  if (start.getTime() <= now.getTime()) {
    throw new AppError('VALIDATION_FAILED', 'body.start: is in the past; pick a later time');
  }
  const refusal = refuseSlot(
    schedule,
    now,
    zonedParts(start, schedule.timezone),
    schedule.appointmentMinutes,
  );
  if (refusal) {
    const detail =
      refusal === 'notice'
        ? `${refusals.notice} (at least ${schedule.minimumNoticeMinutes} minutes ahead)`
        : refusal === 'horizon'
          ? `${refusals.horizon} (up to ${schedule.horizonDays} days ahead)`
          : refusals[refusal];
    throw new AppError('VALIDATION_FAILED', `body.start: ${detail}; pick one of the open times`);
  }
  const end = new Date(start.getTime() + schedule.appointmentMinutes * 60_000);
  // Both arrive trimmed; an empty one was left out.
  const phone = input.phone === '' ? null : (input.phone ?? null);
  const purpose = input.purpose === '' ? 'Call with the team' : (input.purpose ?? 'Call with the team');
  const booked = await deps.teamCalendar
    .book({
      accountId: team.id,
      organizationId: team.organizationId,
      start,
      end,
      timezone: schedule.timezone,
      name: input.name,
      purpose: phone ? `${purpose} (phone ${phone})` : purpose,
      contactAddress: input.email,
      conversationUuid: null,
    })
    .catch((error: unknown) => unreachable(deps, team, error));
  if (!booked) {
    throw new AppError('CONFLICT', 'That time was just taken; pick another of the open times');
  }
  const id = booked.id && !booked.schedulingUrl ? Number(booked.id) : null;
  if (id !== null && Number.isSafeInteger(id)) {
    await noteTeamCall(deps.db, id, {
      accountId,
      userId,
      email: input.email,
      phone,
      viewerTimezone: input.timezone,
    });
  }
  deps.logger?.info({ teamAccountId: team.id, accountId, appointmentId: id }, 'team call booked');
  return {
    success: true as const,
    booking: {
      id,
      start: start.toISOString(),
      end: end.toISOString(),
      timezone: input.timezone,
      teamName: team.name,
      schedulingUrl: booked.schedulingUrl ?? null,
    },
  };
}
