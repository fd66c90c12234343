import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import type { SipOutboundSlot } from '../../providers/telephony/sip/outbound';
import { callerOf, insertPlacedSipCall } from './sip-outbound.repo';

/**
 * A test call from the acting agent to a number by SIP (the account's outbound route or registration, else its
 * organization's): recorded like a task's call, then its INVITE sent. The agent talks with whoever answers.
 */
export async function placeTestCall(
  deps: { db: Db; sipOutbound: SipOutboundSlot },
  accountId: number | null,
  number: string,
) {
  if (accountId === null) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
  const caller = await callerOf(deps.db, accountId);
  if (caller?.accountType !== 'agent') {
    throw new AppError(
      'BAD_REQUEST',
      'A test call is placed from an agent account: act for one of your agents with targetAccountId',
    );
  }
  const placer = deps.sipOutbound.placer;
  if (!placer) {
    throw new AppError(
      'UNAVAILABLE',
      'This server runs no SIP endpoint (SIP_PORT is off), so it places no SIP calls',
    );
  }
  const prepared = await placer.prepare({ accountId, to: number, from: caller.number, ringSeconds: 30 });
  if (!prepared) {
    throw new AppError(
      'NOT_FOUND',
      'Neither the agent nor its organization has an outbound route or a registration to call out by',
    );
  }
  await insertPlacedSipCall(deps.db, {
    callId: prepared.callId,
    accountId,
    from: prepared.callerId,
    to: number,
  });
  prepared.start();
  return { success: true as const, message: 'Test call placed', callId: prepared.callId, via: prepared.via };
}
