import { inArray } from 'drizzle-orm';
import { accounts } from '../schema/accounts';
import { conversationLogs } from '../schema/conversations';
import type { SeedStep } from './steps-type';

const rowsPerAgent = 100;
const names = [
  'Pat Smith',
  'Lee Chen',
  'Maria Garcia',
  'Sam Okafor',
  'Dana Levi',
  'Chris Park',
  'Alex Novak',
];
const reasons = ['Cleaning', 'Check-up', 'Toothache', 'Whitening consult', 'Billing question', 'Reschedule'];

// A small deterministic generator, so the demo looks the same on every machine.
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

/**
 * About 200 calls and texts of acme's two agents over the last 30 days, so the dashboard and the call log have
 * something to show. Fixed uuids make the step idempotent.
 */
export const conversationLogsSeed: SeedStep = {
  name: 'conversation-logs',
  async run(db) {
    const agents = await db
      .select()
      .from(accounts)
      .where(inArray(accounts.username, ['agent1', 'agent2']));
    const now = Date.now();
    for (const [agentIndex, agent] of agents.sort((a, b) => a.id - b.id).entries()) {
      const next = random(agent.id * 7919);
      const detailsName = agent.details.agentName;
      const agentName = typeof detailsName === 'string' ? detailsName : agent.username;
      const rows = Array.from({ length: rowsPerAgent }, (_, index): typeof conversationLogs.$inferInsert => {
        const channel: 'voice' | 'sms' = next() < 0.82 ? 'voice' : 'sms';
        const direction: 'inbound' | 'outbound' = next() < 0.78 ? 'inbound' : 'outbound';
        const duration = channel === 'voice' ? Math.round(25 + next() * 320) : Math.round(60 + next() * 900);
        const booked = next() < 0.27;
        const caller = `+1555${String(2_000_000 + Math.floor(next() * 7_000_000)).padStart(7, '0')}`;
        const agentNumber = agent.vidaPhoneNumber ?? '+15550100001';
        const name = pick(next, names);
        const secondsAgo = Math.floor(next() * 30 * 86_400);
        return {
          uuid: `00000000-5eed-4000-8000-${String(agentIndex * 1000 + index).padStart(12, '0')}`,
          accountId: agent.id,
          accountName: agentName,
          agentId: agent.id,
          organizationId: agent.organizationId,
          resellerId: agent.resellerId,
          partnerId: agent.partnerId,
          timestamp: new Date(now - secondsAgo * 1000),
          duration,
          fromNumber: direction === 'inbound' ? caller : agentNumber,
          toNumber: direction === 'inbound' ? agentNumber : caller,
          cnam: direction === 'inbound' && next() < 0.6 ? name.toUpperCase() : null,
          direction,
          transfer: channel === 'voice' && next() < 0.12 ? '+15550109999' : null,
          callId: channel === 'voice' ? `CA${String(agent.id)}${String(index).padStart(6, '0')}` : null,
          channel,
          appointmentBooked: booked,
          collectedData: booked
            ? { patientName: name, reason: pick(next, reasons), partySize: 1 + Math.floor(next() * 3) }
            : next() < 0.3
              ? { patientName: name }
              : {},
          greetingLatencyMs: channel === 'voice' ? Math.round(350 + next() * 900) : null,
          turnLatenciesMs: [],
          usage:
            channel === 'voice'
              ? { voice: duration, tokens: Math.round(duration * 9) }
              : { 'inbound-message': 2 },
        };
      });
      await db.insert(conversationLogs).values(rows).onConflictDoNothing({ target: conversationLogs.uuid });
    }
  },
};
