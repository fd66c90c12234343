import type { FastifyInstance } from 'fastify';
import {
  calendarEndpoints,
  googleCalendarEndpoints,
  jobNimbusEndpoints,
  teamCallEndpoints,
} from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import { createSecretBox } from '../../platform/secret-box';
import type { Feature } from '../feature';
import { receiveCalendlyWebhook } from './calendly-webhook';
import {
  calendarConnections,
  connectCalendly,
  disconnectCalendly,
  type CalendarDeps,
} from './calendly.service';
import { appointmentOwner, cancelBooking, listBookings } from './bookings.service';
import {
  completeGoogleConsent,
  disconnectGoogle,
  getGoogleMainCalendar,
  listGoogleCalendars,
  sandboxGoogleFor,
  setGoogleMainCalendar,
  startGoogleConsent,
} from './google.service';
import { disconnectJobNimbus, jobNimbusTeam, saveJobNimbusSettings } from './jobnimbus.service';
import { accountCalendar } from './calendar.service';
import { getSchedule, saveSchedule } from './schedule.service';
import { bookTeamCall, teamCallSlots, type TeamCallDeps } from './team-call.service';

const acting = (accountId: number | null): number => {
  if (accountId === null) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
  return accountId;
};

const person = (actor: { userId: number } | null): number => {
  if (!actor) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
  return actor.userId;
};

/**
 * POST /api/v1/calendly/webhook/:hook: Calendly's signed deliveries for one connection. The raw body is kept as
 * text (the signature covers it exactly) and verified before anything is read from it.
 */
async function registerCalendlyWebhook(app: FastifyInstance, deps: CalendarDeps): Promise<void> {
  await app.register((scope: FastifyInstance, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, parsed) =>
      parsed(null, body),
    );
    scope.post<{ Params: { hook: string } }>('/api/v1/calendly/webhook/:hook', async (request) => {
      const signature = request.headers['calendly-webhook-signature'];
      return receiveCalendlyWebhook(
        deps,
        request.params.hook,
        typeof signature === 'string' ? signature : '',
        typeof request.body === 'string' ? request.body : '',
      );
    });
    done();
  });
}

/** The account's booking schedule and the calendars bookings go to. */
export const calendarFeature: Feature = {
  name: 'calendar',
  ownerResolvers: ({ db }) => ({
    appointment: (id) => {
      const bookingId = Number(id);
      return Number.isSafeInteger(bookingId) && bookingId > 0
        ? appointmentOwner(db, bookingId)
        : Promise.resolve(null);
    },
  }),
  async registerRoutes({ app, implement, db, config, logger }) {
    const deps: CalendarDeps = {
      db,
      secrets: createSecretBox({ secretsKey: config.secretsKey, dataDir: config.dataDir }),
      calendar: config.calendar,
      publicUrl: config.publicUrl,
      sandboxOpen: config.sandboxOpen,
      logger,
    };
    implement(calendarEndpoints)({
      getSchedule: ({ ctx }) => getSchedule(db, acting(ctx.accountId)),
      saveSchedule: ({ body, ctx }) => saveSchedule(db, acting(ctx.accountId), body),
      getCalendarConnections: ({ ctx }) => calendarConnections(deps, acting(ctx.accountId)),
      connectCalendly: ({ body, ctx }) => connectCalendly(deps, acting(ctx.accountId), body),
      disconnectCalendly: ({ ctx }) => disconnectCalendly(deps, acting(ctx.accountId)),
    });
    implement(googleCalendarEndpoints)({
      startGoogleConsent: ({ body, ctx }) =>
        Promise.resolve(startGoogleConsent(deps, acting(ctx.accountId), person(ctx.actor), body.returnTo)),
      completeGoogleConsent: async ({ body, ctx }) => {
        const accountId = acting(ctx.accountId);
        const { returnTo } = await completeGoogleConsent(deps, accountId, person(ctx.actor), body);
        return { success: true, returnTo, connections: await calendarConnections(deps, accountId) };
      },
      getGoogleCalendars: async ({ ctx }) => ({
        success: true,
        calendars: await listGoogleCalendars(deps, acting(ctx.accountId)),
      }),
      getGoogleMainCalendar: ({ ctx }) => getGoogleMainCalendar(deps, acting(ctx.accountId)),
      setGoogleMainCalendar: ({ body, ctx }) => setGoogleMainCalendar(deps, acting(ctx.accountId), body),
      disconnectGoogle: ({ ctx }) => disconnectGoogle(deps, acting(ctx.accountId)),
      sandboxGoogleConsent: ({ body }) => {
        const sandbox = sandboxGoogleFor(deps);
        return Promise.resolve({
          success: true,
          ...(body.allow ? sandbox.authorize(body.state) : sandbox.deny(body.state)),
        });
      },
      listBookings: ({ query, ctx }) => listBookings(db, acting(ctx.accountId), query.past === 'true'),
      cancelBooking: ({ params, ctx }) => cancelBooking(deps, acting(ctx.accountId), params.bookingId),
    });
    implement(jobNimbusEndpoints)({
      saveJobNimbusSettings: ({ body, ctx }) =>
        saveJobNimbusSettings(deps, acting(ctx.accountId), body.token),
      disconnectJobNimbus: ({ ctx }) => disconnectJobNimbus(deps, acting(ctx.accountId)),
      jobNimbusTeam: ({ body, ctx }) => jobNimbusTeam(deps, acting(ctx.accountId), body.targetDate),
    });
    const teamDeps: TeamCallDeps = {
      ...deps,
      teamCalendar: accountCalendar(db, { config, logger }),
      salesAccountUsername: config.accounts.salesAccountUsername,
    };
    implement(teamCallEndpoints)({
      getTeamCallSlots: ({ query, ctx }) =>
        teamCallSlots(teamDeps, acting(ctx.accountId), person(ctx.actor), query),
      bookTeamCall: ({ body, ctx }) => bookTeamCall(teamDeps, acting(ctx.accountId), person(ctx.actor), body),
    });
    await registerCalendlyWebhook(app, deps);
  },
};
