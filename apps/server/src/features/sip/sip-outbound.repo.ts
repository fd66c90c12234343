import {
  accounts,
  and,
  asc,
  eq,
  inArray,
  phoneCalls,
  sipOutboundRoutes,
  sipRegistrations,
  sql,
  type Db,
} from '@switchboard/db';
import { parseSipRoute, type SipRoute } from './sip-route';
import type { SipRegistrationRow } from './sip-registration.repo';

/** How an account's outbound SIP call leaves: by one of its outbound routes, or through its registration. */
export type OutboundSipTarget =
  | { kind: 'route'; ownerId: number; route: SipRoute; text: string }
  | { kind: 'registration'; ownerId: number; registration: SipRegistrationRow };

/**
 * The SIP settings an agent's outbound calls use: those of the agent account itself, else those of the
 * organization above it (SIP settings belong to whichever account saved them). A route comes before a
 * registration; the oldest route first. Null when neither account has any: the carrier places the call.
 */
export async function findOutboundSipTarget(db: Db, agentId: number): Promise<OutboundSipTarget | null> {
  const [agent] = await db
    .select({ id: accounts.id, organizationId: accounts.organizationId })
    .from(accounts)
    .where(eq(accounts.id, agentId));
  if (!agent) return null;
  const owners = [agent.id, ...(agent.organizationId === null ? [] : [agent.organizationId])];
  const routes = await db
    .select({ accountId: sipOutboundRoutes.accountId, route: sipOutboundRoutes.route })
    .from(sipOutboundRoutes)
    .where(inArray(sipOutboundRoutes.accountId, owners))
    .orderBy(asc(sipOutboundRoutes.createdAt), asc(sipOutboundRoutes.id));
  const registrations = await db
    .select()
    .from(sipRegistrations)
    .where(inArray(sipRegistrations.accountId, owners));
  for (const ownerId of owners) {
    for (const row of routes.filter((one) => one.accountId === ownerId)) {
      const parsed = parseSipRoute(row.route);
      if (parsed.ok) return { kind: 'route', ownerId, route: parsed.route, text: row.route };
    }
    const registration = registrations.find((one) => one.accountId === ownerId);
    if (registration && registration.state !== 'unregistered') {
      return { kind: 'registration', ownerId, registration };
    }
  }
  return null;
}

/** The statuses a call ends in: once one is stored, nothing but another end replaces it. */
export const placedCallEnds = ['completed', 'busy', 'no-answer', 'failed', 'canceled'] as const;

/**
 * A placed call's status on its phone_calls row, as a carrier's status callback would store it: an ended call
 * never goes back to ringing or in progress.
 */
export async function advancePlacedCall(
  db: Db,
  callId: string,
  status: string,
  durationSeconds: number | null,
): Promise<void> {
  const ends = (placedCallEnds as readonly string[]).includes(status);
  await db
    .update(phoneCalls)
    .set({ status, ...(durationSeconds === null ? {} : { durationSeconds }), updatedAt: new Date() })
    .where(
      ends
        ? eq(phoneCalls.callId, callId)
        : and(
            eq(phoneCalls.callId, callId),
            sql`${phoneCalls.status} NOT IN (${sql.join(
              placedCallEnds.map((one) => sql`${one}`),
              sql`, `,
            )})`,
          ),
    );
}

/** Who answered a placed call, or the conversation it became. */
export async function notePlacedCall(
  db: Db,
  callId: string,
  note: { answeredBy: string } | { conversationUuid: string },
): Promise<void> {
  await db.update(phoneCalls).set(note).where(eq(phoneCalls.callId, callId));
}

/** The account's kind and number, for a test call from it. */
export async function callerOf(
  db: Db,
  accountId: number,
): Promise<{ accountType: string; number: string | null } | null> {
  const [row] = await db
    .select({ accountType: accounts.accountType, number: accounts.vidaPhoneNumber })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ?? null;
}

/** A test call's phone_calls row, as the dialer records the calls it places. */
export async function insertPlacedSipCall(
  db: Db,
  call: { callId: string; accountId: number; from: string; to: string },
): Promise<void> {
  await db.insert(phoneCalls).values({
    callId: call.callId,
    carrier: 'sip',
    accountId: call.accountId,
    direction: 'outbound',
    fromNumber: call.from,
    toNumber: call.to,
    status: 'queued',
  });
}
