import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { accounts } from '../schema/accounts';
import { agentTemplates, campaigns } from '../schema/agents';
import { builtInAgentTemplates } from './agent-templates/index';
import type { SeedStep } from './steps-type';

interface DemoAgent {
  username: string;
  templateId: string;
  timezone: string;
  templateFields: Record<string, string>;
  /** Booking rules matching the opening hours in templateFields. */
  booking?: { days: number[]; startTime: string; endTime: string };
}

const acmeDental = {
  businessName: 'Acme Dental',
  openingHours: 'Monday to Friday from 9 am to 6 pm',
  address: '120 Main Street, Springfield, IL 62701',
};

/** The demo agents run real, published configs made from the built-in templates. */
export const demoAgents: readonly DemoAgent[] = [
  {
    username: 'agent1',
    templateId: 'receptionist',
    timezone: 'America/Chicago',
    templateFields: {
      ...acmeDental,
      businessDescription: 'a family dental practice',
      services: 'check-ups, cleanings, fillings, crowns, teeth whitening and emergency dental care',
      prices:
        'A check-up with cleaning costs $95. A new-patient exam with X-rays costs $150. Teeth whitening costs $350.',
      parking: 'Free parking is available behind the building.',
      transferNumber: '+15550100099',
    },
    booking: { days: [1, 2, 3, 4, 5], startTime: '09:00', endTime: '18:00' },
  },
  {
    username: 'agent2',
    templateId: 'after-hours',
    timezone: 'America/Chicago',
    templateFields: {
      ...acmeDental,
      emergencyDefinition: 'severe tooth pain, a knocked-out tooth, or bleeding that does not stop',
      callbackPromise: 'We return every message by 10 am on the next business day.',
      transferNumber: '+15550100098',
    },
  },
  {
    username: 'agent3',
    templateId: 'receptionist',
    timezone: 'America/New_York',
    templateFields: {
      businessName: 'Globex Plumbing',
      businessDescription: 'a licensed plumbing company serving homes and small businesses',
      openingHours: 'Monday to Saturday from 7 am to 7 pm',
      address: '9 Harbor Road, Tampa, FL 33602',
      services: 'leak repairs, drain cleaning, water heater installation and bathroom remodels',
      prices:
        'A service call costs $89. Drain cleaning starts at $150. A new water heater starts at $1,200 installed.',
      parking: 'We come to you, so there is nothing to park.',
      transferNumber: '+15550100097',
    },
    booking: { days: [1, 2, 3, 4, 5, 6], startTime: '07:00', endTime: '19:00' },
  },
];

async function upsertBuiltInTemplates(db: Db): Promise<void> {
  for (const template of builtInAgentTemplates) {
    const values = {
      name: template.name,
      description: template.description,
      category: template.category,
      config: template.config,
      fields: template.fields as unknown as Record<string, unknown>[],
    };
    await db
      .insert(agentTemplates)
      .values({ id: template.id, ownerAccountId: null, disabled: false, published: true, ...values })
      .onConflictDoUpdate({ target: agentTemplates.id, set: { ...values, updatedAt: sql`now()` } });
  }
}

async function ensureDemoCampaign(db: Db, demo: DemoAgent): Promise<void> {
  const [account] = await db.select().from(accounts).where(eq(accounts.username, demo.username));
  const template = builtInAgentTemplates.find((candidate) => candidate.id === demo.templateId);
  if (!account || !template) return;
  const actions = (template.config.actions as Record<string, unknown>[]).map((action) =>
    action.name === 'book_appointment' && demo.booking
      ? { ...action, booking: { ...(action.booking as object), ...demo.booking } }
      : action,
  );
  const config = {
    ...template.config,
    actions,
    timezone: demo.timezone,
    templateId: template.id,
    templateFields: demo.templateFields,
  };
  await db
    .insert(campaigns)
    .values({
      agentAccountId: account.id,
      campaignId: `camp${randomBytes(6).toString('hex')}`,
      staging: config,
      production: { ...config, published: true },
      publishedAt: sql`now()`,
    })
    .onConflictDoNothing({ target: campaigns.agentAccountId });
}

export const agentsSeed: SeedStep = {
  name: 'agents',
  async run(db) {
    await upsertBuiltInTemplates(db);
    for (const demo of demoAgents) await ensureDemoCampaign(db, demo);
  },
};
