import { eq } from 'drizzle-orm';
import type { Db } from '../database';
import { accounts } from '../schema/accounts';
import { domainProfiles, domains } from '../schema/domains';
import type { SeedStep } from './steps-type';

/** The product's own brand (2286) and its generic mode (1217159); both count as the product's own host. */
export const ownDomainProfiles = [
  { id: 2286, name: 'Switchboard', supportEmail: 'support@switchboard.test' },
  { id: 1217159, name: 'Automated Phone', supportEmail: 'help@automatedphone.test' },
] as const;

/** The demo reseller's white-label brand, served at http://demo-reseller.localhost:<port>. */
export const demoWhiteLabel = {
  domain: 'demo-reseller.localhost',
  name: 'Demo Voice',
  supportUrl: 'https://help.demo-reseller.test/',
  supportEmail: `help@demo-reseller.test`,
};

export const domainsSeed: SeedStep = {
  name: 'domains',
  async run(db: Db) {
    await db
      .insert(domainProfiles)
      .values(ownDomainProfiles.map((profile) => ({ ...profile, smsMessaging: true, allowEmbeds: true })))
      .onConflictDoNothing();
    const [reseller] = await db.select().from(accounts).where(eq(accounts.username, 'reseller'));
    if (!reseller) return;
    await db
      .insert(domainProfiles)
      .values({
        accountId: reseller.id,
        name: demoWhiteLabel.name,
        supportUrl: demoWhiteLabel.supportUrl,
        supportEmail: demoWhiteLabel.supportEmail,
        smsMessaging: true,
      })
      .onConflictDoNothing();
    await db
      .insert(domains)
      .values({ domain: demoWhiteLabel.domain, accountId: reseller.id, isDefault: true })
      .onConflictDoNothing();
  },
  signInHelp: [
    `White-label demo: the demo reseller's brand is served at http://${demoWhiteLabel.domain}:<port>`,
  ],
};
