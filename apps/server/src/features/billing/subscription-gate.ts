import type { Db } from '../../platform/database';
import type { BalanceGate } from '../../runtime/ports/balance-gate';
import { organizationStatusOf } from './billing.repo';

/**
 * An organization whose renewal failed through every retry is unpaid: its agents take no new conversation (the
 * caller hears or reads the refusal line) until the invoice is paid; conversations already running go on.
 */
export function withSubscriptionGate(gate: BalanceGate, db: Db): BalanceGate {
  return {
    ...gate,
    async admit(agentAccountId) {
      const billing = await organizationStatusOf(db, agentAccountId);
      if (billing?.status === 'unpaid') {
        return {
          admitted: false,
          reason:
            'The subscription is unpaid: pay the open invoice in the billing portal to take conversations',
        };
      }
      return gate.admit(agentAccountId);
    },
  };
}
