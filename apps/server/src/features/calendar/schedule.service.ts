import {
  scheduleInputSchema,
  scheduleWeekdays,
  type ScheduleView,
  type ScheduleWeekday,
} from '@switchboard/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/database';
import type { BookingSchedule, ScheduleInterval } from '../../providers/calendar/types';
import { findFirstSchedule, findSchedule, upsertSchedule, type StoredSchedule } from './schedule.repo';

type ScheduleInput = z.output<typeof scheduleInputSchema>;

const workday = [{ start: '09:00', end: '17:00' }];

/** What an account books within until it saves its own: weekdays 9 to 5 in New York, half-hour appointments. */
export function defaultSchedule(): BookingSchedule {
  return {
    timezone: 'America/New_York',
    weeklyHours: Object.fromEntries(
      scheduleWeekdays.map((day) => [day, day === 'saturday' || day === 'sunday' ? [] : workday]),
    ),
    breaks: [],
    blockedDates: [],
    appointmentMinutes: 30,
    bufferMinutes: 0,
    minimumNoticeMinutes: 60,
    horizonDays: 60,
  };
}

function bookingScheduleOf(row: StoredSchedule): BookingSchedule {
  return {
    timezone: row.timezone,
    weeklyHours: row.weeklyHours,
    breaks: row.breaks,
    blockedDates: row.blockedDates,
    appointmentMinutes: row.appointmentMinutes,
    bufferMinutes: row.bufferMinutes,
    minimumNoticeMinutes: row.minimumNoticeMinutes,
    horizonDays: row.horizonDays,
  };
}

const byStart = (a: ScheduleInterval, b: ScheduleInterval) => a.start.localeCompare(b.start);

function viewOf(schedule: BookingSchedule, row: StoredSchedule | null): ScheduleView {
  return {
    timezone: schedule.timezone,
    weeklyHours: Object.fromEntries(
      scheduleWeekdays.map((day) => [
        day,
        [...(schedule.weeklyHours[day] ?? [])].sort(byStart).map(({ start, end }) => ({ start, end })),
      ]),
    ) as ScheduleView['weeklyHours'],
    breaks: schedule.breaks.map(({ start, end, days }) => ({
      start,
      end,
      days: days.filter((day): day is ScheduleWeekday =>
        (scheduleWeekdays as readonly string[]).includes(day),
      ),
    })),
    blockedDates: [...schedule.blockedDates].sort(),
    appointmentMinutes: schedule.appointmentMinutes,
    bufferMinutes: schedule.bufferMinutes,
    minimumNoticeMinutes: schedule.minimumNoticeMinutes,
    horizonDays: schedule.horizonDays,
    saved: row !== null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function getSchedule(db: Db, accountId: number) {
  const row = await findSchedule(db, accountId);
  return { success: true as const, schedule: viewOf(row ? bookingScheduleOf(row) : defaultSchedule(), row) };
}

/** Saves the parts sent over the current schedule (or the default); each part was validated on its own. */
export async function saveSchedule(db: Db, accountId: number, input: ScheduleInput) {
  const current = await findSchedule(db, accountId);
  const base = current ? bookingScheduleOf(current) : defaultSchedule();
  const weeklyHours = { ...base.weeklyHours, ...(input.weeklyHours ?? {}) };
  const row = await upsertSchedule(db, {
    accountId,
    timezone: input.timezone ?? base.timezone,
    weeklyHours: Object.fromEntries(
      scheduleWeekdays.map((day) => [day, [...(weeklyHours[day] ?? [])].sort(byStart)]),
    ),
    breaks: input.breaks ?? [...base.breaks].map((pause) => ({ ...pause, days: [...pause.days] })),
    blockedDates: [...(input.blockedDates ?? base.blockedDates)].sort(),
    appointmentMinutes: input.appointmentMinutes ?? base.appointmentMinutes,
    bufferMinutes: input.bufferMinutes ?? base.bufferMinutes,
    minimumNoticeMinutes: input.minimumNoticeMinutes ?? base.minimumNoticeMinutes,
    horizonDays: input.horizonDays ?? base.horizonDays,
  });
  return { success: true as const, schedule: viewOf(bookingScheduleOf(row), row) };
}

/** The schedule an agent books within: its own account's, else its organization's; null when neither saved one. */
export async function bookingScheduleFor(
  db: Db,
  accountId: number,
  organizationId: number | null,
): Promise<BookingSchedule | null> {
  const ids =
    organizationId !== null && organizationId !== accountId ? [accountId, organizationId] : [accountId];
  const row = await findFirstSchedule(db, ids);
  return row ? bookingScheduleOf(row) : null;
}
