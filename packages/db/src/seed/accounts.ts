import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../database';
import { accounts, memberships, users } from '../schema/accounts';
import type { SeedStep } from './steps-type';

export const demoEmailDomain = 'demo.switchboard.test';

type Tier = 'partner' | 'reseller' | 'organization' | 'agent';

interface DemoAccount {
  username: string;
  type: Tier;
  parent: string | null;
  name: string;
  premium?: boolean;
  smsEnabled?: boolean;
  phone?: string;
}

/** The demo tree: one partner, one reseller, two organizations (acme premium, globex not) and three agents. */
export const demoAccounts: readonly DemoAccount[] = [
  { username: 'partner', type: 'partner', parent: null, name: 'Demo Partner' },
  { username: 'reseller', type: 'reseller', parent: 'partner', name: 'Demo Reseller' },
  {
    username: 'acme',
    type: 'organization',
    parent: 'reseller',
    name: 'Acme Dental',
    premium: true,
    smsEnabled: true,
  },
  { username: 'globex', type: 'organization', parent: 'reseller', name: 'Globex Plumbing' },
  {
    username: 'agent1',
    type: 'agent',
    parent: 'acme',
    name: 'Acme Front Desk',
    premium: true,
    smsEnabled: true,
    phone: '+15550100001',
  },
  {
    username: 'agent2',
    type: 'agent',
    parent: 'acme',
    name: 'Acme After Hours',
    premium: true,
    smsEnabled: true,
  },
  { username: 'agent3', type: 'agent', parent: 'globex', name: 'Globex Reception' },
];

const nameKey: Record<Tier, string> = {
  partner: 'partnerName',
  reseller: 'resellerName',
  organization: 'orgName',
  agent: 'agentName',
};

async function nextId(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(db, sql`SELECT nextval('principal_id_seq') AS id`);
  return Number(row?.id);
}

async function ensureAccount(db: Db, demo: DemoAccount): Promise<typeof accounts.$inferSelect> {
  const [existing] = await db.select().from(accounts).where(eq(accounts.username, demo.username));
  if (existing) return existing;
  const [parent] = demo.parent
    ? await db.select().from(accounts).where(eq(accounts.username, demo.parent))
    : [];
  const id = await nextId(db);
  const email = `${demo.username}@${demoEmailDomain}`;
  const [row] = await db
    .insert(accounts)
    .values({
      id,
      accountType: demo.type,
      parentId: parent?.id ?? null,
      partnerId: demo.type === 'partner' ? id : (parent?.partnerId ?? null),
      resellerId: demo.type === 'reseller' ? id : (parent?.resellerId ?? null),
      organizationId: demo.type === 'agent' ? (parent?.organizationId ?? null) : id,
      username: demo.username,
      email,
      details: { [nameKey[demo.type]]: demo.name },
      vidaPremium: demo.premium ?? false,
      smsEnabled: demo.smsEnabled ?? false,
      vidaPhoneNumber: demo.phone ?? null,
    })
    .returning();
  if (!row) throw new Error(`could not seed ${demo.username}`);
  await db.insert(users).values({ email, accountId: row.id, name: demo.name }).onConflictDoNothing();
  return row;
}

export const accountsSeed: SeedStep = {
  name: 'accounts',
  async run(db) {
    for (const demo of demoAccounts) await ensureAccount(db, demo);
    // The super admin works from the top of the demo tree.
    const email = `superadmin@${demoEmailDomain}`;
    await db.insert(users).values({ email, name: 'Super Admin', superAdmin: true }).onConflictDoNothing();
    const [admin] = await db.select().from(users).where(eq(users.email, email));
    const [partner] = await db.select().from(accounts).where(eq(accounts.username, 'partner'));
    if (admin && partner) {
      await db
        .insert(memberships)
        .values({ userId: admin.id, accountId: partner.id, isOwner: false })
        .onConflictDoNothing();
    }
  },
  signInHelp: [
    `Demo sign-in: any of superadmin@, partner@, reseller@, acme@, globex@, agent1@, agent2@, agent3@${demoEmailDomain}`,
    'The 6-digit code lands in the sandbox outbox: /api/dev/outbox',
  ],
};
