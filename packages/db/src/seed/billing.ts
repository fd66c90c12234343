import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../database';
import { demoPricePlan } from './ledger';
import type { SeedStep } from './steps-type';

interface DemoPlan {
  id: string;
  /** The demo account that sells it; null for the platform's own catalogue. */
  owner: string | null;
  name: string;
  description: string;
  monthlyCents: number;
  yearlyCents: number;
  features: string[];
  visibility: 'public' | 'private';
  /** Voice price per minute for the first 100 minutes and after, USD. */
  voice: [string, string];
}

/**
 * The demo plans: the platform's catalogue, the demo reseller's two public plans (what acme and globex may buy)
 * and a private plan the reseller offers acme. Each has its usage prices as a price plan of the same id.
 */
export const demoSubscriptionPlans: readonly DemoPlan[] = [
  {
    id: 'pplan-starter',
    owner: null,
    name: 'Starter',
    description: 'One agent answering calls and texts on one number.',
    monthlyCents: 2900,
    yearlyCents: 29000,
    features: ['1 agent', '1 phone number', 'Inbox and call logs'],
    visibility: 'public',
    voice: ['0.12', '0.09'],
  },
  {
    id: 'pplan-basic-monthly',
    owner: 'reseller',
    name: 'Basic',
    description: 'For a small office: answer every call and start conversations from the inbox.',
    monthlyCents: 4900,
    yearlyCents: 49000,
    features: ['2 agents', '1 phone number', 'Premium inbox', 'Email support'],
    visibility: 'public',
    voice: ['0.12', '0.09'],
  },
  {
    id: 'pplan-vida-business-basic',
    owner: 'reseller',
    name: 'Business',
    description: 'For busy teams: more agents and numbers, lower minute prices.',
    monthlyCents: 14900,
    yearlyCents: 149000,
    features: ['10 agents', '5 phone numbers', 'Premium inbox', 'Tasks and campaigns', 'Priority support'],
    visibility: 'public',
    voice: ['0.10', '0.07'],
  },
  {
    id: 'pplan-demo-123',
    owner: 'reseller',
    name: 'Acme Partner Rate',
    description: 'Business at a price agreed with Acme Dental.',
    monthlyCents: 9900,
    yearlyCents: 99000,
    features: ['10 agents', '5 phone numbers', 'Premium inbox', 'Tasks and campaigns'],
    visibility: 'private',
    voice: ['0.10', '0.07'],
  },
];

const withVoice = (items: Record<string, unknown>, [first100, after]: [string, string]) =>
  Object.fromEntries(
    Object.entries(items).map(([key, item]) =>
      key.endsWith('-voice')
        ? [
            key,
            {
              type: 'usage',
              unit: 'minute',
              pricing: [
                { quantityMin: 1, quantityMax: 100, price: first100 },
                { quantityMin: 101, quantityMax: null, price: after },
              ],
            },
          ]
        : [key, item],
    ),
  );

export const billingSeed: SeedStep = {
  name: 'billing',
  async run(db: Db) {
    const ids = Object.fromEntries(
      (
        await queryRows<{ id: number; username: string }>(
          db,
          sql`SELECT id, username FROM accounts WHERE username IN ('reseller', 'acme')`,
        )
      ).map((row) => [row.username, row.id]),
    );
    for (const [order, plan] of demoSubscriptionPlans.entries()) {
      const owner = plan.owner === null ? null : (ids[plan.owner] ?? null);
      if (plan.owner !== null && owner === null) continue;
      const items = JSON.stringify(withVoice(demoPricePlan.productItems, plan.voice));
      await db.execute(
        sql`INSERT INTO price_plans (id, name, owner_account_id, is_default, product_items)
            VALUES (${plan.id}, ${plan.name}, ${owner}, false, ${items}::jsonb)
            ON CONFLICT (id) DO NOTHING`,
      );
      await db.execute(
        sql`INSERT INTO subscription_plans
              (id, owner_account_id, name, description, monthly_cents, yearly_cents, features, visibility, sort_order)
            VALUES (${plan.id}, ${owner}, ${plan.name}, ${plan.description}, ${plan.monthlyCents},
              ${plan.yearlyCents}, ${JSON.stringify(plan.features)}::jsonb, ${plan.visibility}, ${order})
            ON CONFLICT (id) DO NOTHING`,
      );
    }
    if (ids.acme !== undefined) {
      await db.execute(
        sql`INSERT INTO organization_billing (account_id, offered_plan_id) VALUES (${ids.acme}, 'pplan-demo-123')
            ON CONFLICT (account_id) DO NOTHING`,
      );
    }
  },
};
