import { sip, type SipRequest } from '../../providers/telephony/sip/sip-stack';
import type { Db } from '../../platform/database';
import { addressInRange } from './sip-address';
import { findSipAgent, whitelistOf } from './sip.repo';

/** Who an INVITE is for and from, once every check has passed; or the SIP status refusing it and why. */
export type InviteAdmission =
  | { ok: true; agent: { id: number; username: string }; from: string; toUri: string }
  | { ok: false; status: 403 | 404; reason: string; accountId: number | null; from: string; toUri: string };

const e164 = /^\+[1-9]\d{6,14}$/;

/** A user part as E.164: `+15551234567`, or the same digits without the plus (many PBXs leave it out). */
export function e164Of(user: string | undefined): string | null {
  const text = decodeURIComponent(user ?? '').replace(/[\s().-]/g, '');
  const number = text.startsWith('+') ? text : `+${text}`;
  return e164.test(number) && /^\+?\d+$/.test(text) ? number : null;
}

/**
 * FACTS §8: the Request-URI names an agent by username (`sip:alice@host`) or number (`sip:+15551234567@host`),
 * else 404; the source address must be on the whitelist of the agent account or an account above it, else 403;
 * the From must be an E.164 number, else 404.
 */
export async function admitInvite(
  db: Db,
  request: SipRequest,
  sourceAddress: string,
): Promise<InviteAdmission> {
  const uri = sip.parseUri(request.uri);
  const toUri = request.uri.slice(0, 300);
  const fromUri = request.headers.from ? sip.parseUri(request.headers.from.uri) : undefined;
  const fromUser = decodeURIComponent(fromUri?.user ?? '').slice(0, 64);
  const user = decodeURIComponent(uri?.user ?? '').trim();
  const refused = (status: 403 | 404, reason: string, accountId: number | null = null): InviteAdmission => ({
    ok: false,
    status,
    reason,
    accountId,
    from: fromUser,
    toUri,
  });
  if (user === '' || user.length > 64) return refused(404, 'the request URI names no agent');
  const number = user.startsWith('+') ? e164Of(user) : null;
  const agent = await findSipAgent(db, number ? { phoneNumber: number } : { username: user });
  if (!agent) return refused(404, `no agent answers at ${user}`);
  const entries = await whitelistOf(db, agent.treeIds);
  if (!entries.some((entry) => addressInRange(sourceAddress, entry))) {
    return refused(403, `${sourceAddress} is not on the account's SIP whitelist`, agent.id);
  }
  const from = e164Of(fromUri?.user);
  if (!from) return refused(404, `the From "${fromUser}" is not an E.164 number`, agent.id);
  return { ok: true, agent: { id: agent.id, username: agent.username }, from, toUri };
}
