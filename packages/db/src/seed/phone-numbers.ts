import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { accounts } from '../schema/accounts';
import { phoneNumbers, sandboxNumbers } from '../schema/phone-numbers';
import type { SeedStep } from './steps-type';

/**
 * The demo agents keep the numbers the accounts step gave them: each is recorded as held at the sandbox phone
 * network (and sold in the sandbox carrier's books), so the sandbox never offers it to anyone else.
 */
export const phoneNumbersSeed: SeedStep = {
  name: 'phone-numbers',
  async run(db) {
    const agents = await db
      .select({ id: accounts.id, number: accounts.vidaPhoneNumber })
      .from(accounts)
      .where(and(eq(accounts.accountType, 'agent'), isNotNull(accounts.vidaPhoneNumber)));
    for (const agent of agents) {
      if (!agent.number) continue;
      const carrierId = `SBPNdemo${agent.number.replace(/\D/g, '')}`;
      await db
        .insert(sandboxNumbers)
        .values({ number: agent.number, carrierId })
        .onConflictDoNothing({ target: sandboxNumbers.number });
      const [held] = await db
        .select({ id: phoneNumbers.id })
        .from(phoneNumbers)
        .where(and(eq(phoneNumbers.number, agent.number), isNull(phoneNumbers.releasedAt)));
      if (held) continue;
      await db.insert(phoneNumbers).values({
        number: agent.number,
        country: 'US',
        accountId: agent.id,
        kind: 'carrier',
        carrier: 'sandbox',
        carrierId,
      });
    }
  },
};
