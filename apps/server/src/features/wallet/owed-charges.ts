import type { FastifyBaseLogger } from 'fastify';
import { collectOwedCharges } from '../ledger';
import type { WalletDeps } from './wallet-deps';

/**
 * After money came in, collects what the wallet owes for numbers and agents (oldest month first, as far as the
 * balance reaches). The top-up stands whatever happens here: a failure is logged and the daily sweep collects.
 */
export async function collectOwedAfterTopUp(
  deps: Pick<WalletDeps, 'db' | 'ledger'>,
  accountId: number,
  logger?: FastifyBaseLogger,
): Promise<void> {
  try {
    const collected = await collectOwedCharges(deps.db, deps.ledger, accountId);
    if (collected.charged > 0) logger?.info({ accountId, ...collected }, 'owed monthly charges collected');
  } catch (error) {
    logger?.warn({ err: error, accountId }, 'owed monthly charges were not collected after a top-up');
  }
}
