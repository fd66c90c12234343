import { calendarEndpoints } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Feature } from '../feature';
import { getSchedule, saveSchedule } from './schedule.service';

const acting = (accountId: number | null): number => {
  if (accountId === null) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
  return accountId;
};

/** The account's booking schedule and the calendars bookings go to. */
export const calendarFeature: Feature = {
  name: 'calendar',
  registerRoutes({ implement, db }) {
    implement(calendarEndpoints)({
      getSchedule: ({ ctx }) => getSchedule(db, acting(ctx.accountId)),
      saveSchedule: ({ body, ctx }) => saveSchedule(db, acting(ctx.accountId), body),
    });
  },
};
