import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../database';
import type { SeedStep } from './steps-type';

const voice = (first100: string, after: string) => ({
  type: 'usage',
  unit: 'minute',
  pricing: [
    { quantityMin: 1, quantityMax: 100, price: first100 },
    { quantityMin: 101, quantityMax: null, price: after },
  ],
});
const flat = (unit: string, price: string, type = 'usage') => ({
  type,
  unit,
  pricing: [{ quantityMin: 1, quantityMax: null, price }],
});

/**
 * The demo price catalogue: one plan with productItems keyed by the usage keys (FACTS §9.1), USD per unit. Voice
 * is tiered: the first 100 minutes of a month at one price, the rest cheaper.
 */
export const demoPricePlan = {
  id: 'pplan-demo-standard',
  name: 'Demo Standard',
  productItems: {
    'pstn-inbound-voice': voice('0.12', '0.09'),
    'pstn-outbound-voice': voice('0.14', '0.11'),
    'sip-inbound-voice': voice('0.08', '0.06'),
    'sip-outbound-voice': voice('0.08', '0.06'),
    'client-inbound-voice': voice('0.10', '0.08'),
    'client-outbound-voice': voice('0.10', '0.08'),
    'sms-inbound-message': flat('message', '0.01'),
    'sms-outbound-message': flat('message', '0.015'),
    'mms-inbound-message': flat('message', '0.03'),
    'mms-outbound-message': flat('message', '0.04'),
    'client-inbound-message': flat('message', '0.005'),
    'client-outbound-message': flat('message', '0.005'),
    'gpt4o-input-tokens': flat('token', '0.0000025'),
    'gpt4o-output-tokens': flat('token', '0.00001'),
    'gpt4o-input-cachedTokens': flat('token', '0.00000125'),
    // Per model, USD per token (the model's family: docs/decisions/027); a model not listed is priced as gpt4o.
    'gpt4oMini-input-tokens': flat('token', '0.00000015'),
    'gpt4oMini-output-tokens': flat('token', '0.0000006'),
    'gpt41-input-tokens': flat('token', '0.000002'),
    'gpt41-output-tokens': flat('token', '0.000008'),
    'gpt41Mini-input-tokens': flat('token', '0.0000004'),
    'gpt41Mini-output-tokens': flat('token', '0.0000016'),
    'gpt4oRealtime-input-tokens': flat('token', '0.000005'),
    'gpt4oRealtime-output-tokens': flat('token', '0.00002'),
    'deepgram-speechtotext': flat('minute', '0.0043'),
    'elevenlabs-texttospeech': flat('character', '0.00003'),
    'us-number': flat('number', '1.50', 'recurring'),
    'byo-number': flat('number', '0.50', 'recurring'),
    agents: flat('agent', '10.00', 'recurring'),
  },
} as const;

/** The demo organizations are on the demo plan and start with this much in their wallets (nano-dollars). */
const startingBalances: Record<string, bigint> = { acme: 25_000_000_000n, globex: 10_000_000_000n };

/**
 * The demo catalogue, the demo organizations' plan and a starting balance posted as a top-up (card clearing →
 * wallet), so talking to the demo agents works offline. Written like the ledger writes: entries and balances agree.
 */
export const ledgerSeed: SeedStep = {
  name: 'ledger',
  async run(db: Db) {
    await db.execute(
      sql`INSERT INTO price_plans (id, name, owner_account_id, is_default, product_items)
          VALUES (${demoPricePlan.id}, ${demoPricePlan.name}, NULL, false, ${JSON.stringify(demoPricePlan.productItems)}::jsonb)
          ON CONFLICT (id) DO NOTHING`,
    );
    await db.execute(
      sql`INSERT INTO ledger_accounts (kind, platform_name) VALUES ('platform', 'card_clearing')
          ON CONFLICT (platform_name) DO NOTHING`,
    );
    for (const [username, amount] of Object.entries(startingBalances)) {
      const [account] = await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM accounts WHERE username = ${username}`,
      );
      if (!account) continue;
      await db.execute(
        sql`INSERT INTO plan_assignments (account_id, plan_id) VALUES (${account.id}, ${demoPricePlan.id})
            ON CONFLICT (account_id) DO NOTHING`,
      );
      const key = `demo-seed:starting-balance:${username}`;
      const done = await queryRows<{ id: string }>(
        db,
        sql`SELECT id FROM ledger_transfers WHERE idempotency_key = ${key}`,
      );
      if (done.length > 0) continue;
      await db.execute(
        sql`INSERT INTO ledger_accounts (kind, account_id) VALUES ('wallet', ${account.id}) ON CONFLICT (account_id) DO NOTHING`,
      );
      const [ids] = await queryRows<{
        card: number;
        wallet: number;
        cardBalance: string;
        walletBalance: string;
      }>(
        db,
        sql`SELECT c.id AS card, w.id AS wallet, c.balance::text AS "cardBalance", w.balance::text AS "walletBalance"
            FROM ledger_accounts c, ledger_accounts w
            WHERE c.platform_name = 'card_clearing' AND w.account_id = ${account.id}
            FOR UPDATE`,
      );
      if (!ids) continue;
      const transferId = randomUUID();
      const units = amount.toString();
      const cardAfter = (BigInt(ids.cardBalance) - amount).toString();
      const walletAfter = (BigInt(ids.walletBalance) + amount).toString();
      await db.execute(
        sql`INSERT INTO ledger_transfers (id, idempotency_key, kind, status, from_ledger_account_id, to_ledger_account_id, amount, reason, metadata)
            VALUES (${transferId}::uuid, ${key}, 'top_up', 'posted', ${ids.card}, ${ids.wallet}, ${units}::bigint,
              'Demo starting balance', '{"provider":"demo-seed"}'::jsonb)`,
      );
      await db.execute(
        sql`INSERT INTO ledger_entries (transfer_id, ledger_account_id, amount, balance_after)
            VALUES (${transferId}::uuid, ${ids.card}, -(${units}::bigint), ${cardAfter}::bigint),
                   (${transferId}::uuid, ${ids.wallet}, ${units}::bigint, ${walletAfter}::bigint)`,
      );
      await db.execute(sql`UPDATE ledger_accounts SET balance = ${cardAfter}::bigint WHERE id = ${ids.card}`);
      await db.execute(
        sql`UPDATE ledger_accounts SET balance = ${walletAfter}::bigint WHERE id = ${ids.wallet}`,
      );
    }
  },
};
