import { billingEndpoints as b } from '@switchboard/contract';
import { eq, ilike, ledgerTransfers, planAssignments, pricePlans, subscriptionPlans } from '@switchboard/db';
import { createReseller, startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger, chargeUsage, createLedger, usdToUnits, type Ledger } from '../ledger';

let kit: DemoApp;
let ledger: Ledger;
let acme: SignedInClient;
let reseller: SignedInClient;
let partner: SignedInClient;
let sibling: SignedInClient;
let siblingId: number;

const usd = usdToUnits;
const voice = (first100: string, after: string, included?: number) => ({
  'pstn-inbound-voice': {
    type: 'usage',
    unit: 'minute',
    pricing: [
      { quantityMin: 1, quantityMax: 100, price: first100 },
      { quantityMin: 101, quantityMax: null, price: after },
    ],
    ...(included === undefined ? {} : { included }),
  },
});
const plan = (name: string, productItems: Record<string, unknown>) => ({
  name,
  monthlyCents: 4900,
  yearlyCents: 49000,
  features: ['2 agents'],
  productItems,
});

beforeAll(async () => {
  kit = await startApp();
  ledger = createLedger(kit.db);
  ({ acme, reseller, partner } = await kit.signInEach('acme', 'reseller', 'partner'));
  siblingId = (
    await createReseller(partner, { name: 'Sibling Reseller', email: 'owner@sibling-resale.test' })
  ).id;
  sibling = await kit.signIn('owner@sibling-resale.test');
});
afterAll(() => kit.close());

const catalogueIds = async (client: SignedInClient) =>
  (await client.call(b.productCatalog)).body.plans.map((candidate) => candidate.id);

describe('sellers editing their plans', () => {
  let basicId: string;

  it('a reseller adds a plan with tiers; its partner sees it, a sibling reseller neither sees nor edits it', async () => {
    const created = await reseller.call(b.createPlan, {
      body: { ...plan('Reseller Basic', voice('0.12', '0.10', 30)), visibility: 'public' },
    });
    expect(created.status, created.text).toBe(201);
    basicId = created.body.plan.id;
    expect(basicId).toMatch(/^pplan-reseller-basic-[0-9a-f]{6}$/);
    expect(created.body.plan).toMatchObject({
      ownerAccountId: kit.ids.reseller,
      prices: { month: { amountUsd: '49.00' } },
      productItems: {
        'pstn-inbound-voice': { included: 30, pricing: [{ price: '0.12' }, { price: '0.10' }] },
      },
    });
    expect(await catalogueIds(reseller)).toContain(basicId);
    expect(await catalogueIds(partner)).toContain(basicId);
    expect(await catalogueIds(sibling)).not.toContain(basicId);
    expect((await sibling.call(b.productCatalogPlan, { params: { productPlanId: basicId } })).status).toBe(
      404,
    );
    // Organizations of the reseller may now buy it.
    expect((await acme.call(b.allAvailablePlans)).body.plans.map((p) => p.id)).toContain(basicId);

    const siblingEdit = await sibling.call(b.updatePlan, {
      params: { productPlanId: basicId },
      body: { productItems: voice('0.01', '0.01') },
    });
    expect(siblingEdit.status).toBe(404);
    expect(siblingEdit.text).toContain(`productPlanId: no plan ${basicId} in this catalogue`);
    const partnerEdit = await partner.call(b.updatePlan, {
      params: { productPlanId: basicId },
      body: { name: 'Taken over' },
    });
    expect(partnerEdit.status).toBe(403);
    expect(partnerEdit.text).toContain('sold by another account');
    const platformEdit = await reseller.call(b.updatePlan, {
      params: { productPlanId: 'pplan-starter' },
      body: { name: 'Mine now' },
    });
    expect(platformEdit.status).toBe(403);
    // Organizations do not edit plans.
    expect((await acme.call(b.createPlan, { body: plan('Own', voice('0.1', '0.1')) })).status).toBe(403);
    const [stored] = await kit.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, basicId));
    expect(stored?.name).toBe('Reseller Basic');
  });

  it('the owner edits prices and tiers; bad input is a 400 naming the field and changes nothing', async () => {
    const edited = await reseller.call(b.updatePlan, {
      params: { productPlanId: basicId },
      body: { monthlyCents: 5900, productItems: voice('0.13', '0.11', 30) },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.plan.prices.month.amountUsd).toBe('59.00');
    const cases: [Record<string, unknown>, string][] = [
      [
        {
          productItems: {
            'pstn-inbound-voice': {
              type: 'usage',
              unit: 'minute',
              pricing: [
                { quantityMin: 1, quantityMax: 100, price: '0.1' },
                { quantityMin: 90, quantityMax: null, price: '0.09' },
              ],
            },
          },
        },
        'productItems.pstn-inbound-voice tier 2: starts at 90, inside the tier before it',
      ],
      [
        {
          productItems: {
            'pstn-inbound-voice': {
              type: 'usage',
              unit: 'minute',
              pricing: [
                { quantityMin: 1, quantityMax: 100, price: '0.1' },
                { quantityMin: 150, quantityMax: null, price: '0.09' },
              ],
            },
          },
        },
        'leaving a gap after 100',
      ],
      [{ productItems: voice('-0.10', '0.1') }, 'price must be a USD amount of 0 or more'],
      [{ monthlyCents: -100 }, 'monthlyCents'],
      [{ monthlyCents: 12.5 }, 'monthlyCents'],
      [{ yearlyCents: 5900 * 13 }, 'yearlyCents'],
      [{ visibility: 'hidden' }, 'visibility'],
      [{ name: '' }, 'name'],
    ];
    for (const [body, message] of cases) {
      const refused = await reseller.post(`/api/v2/product/productCatalog/${basicId}`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.text).toContain(message);
    }
    const current = (await reseller.call(b.productCatalogPlan, { params: { productPlanId: basicId } })).body
      .plan;
    expect(current.prices.month.amountCents).toBe(5900);
    expect(current.productItems['pstn-inbound-voice']?.pricing.map((tier) => tier.price)).toEqual([
      '0.13',
      '0.11',
    ]);
    const missing = await reseller.post('/api/v2/product/productCatalog', { name: 'No prices' });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('monthlyCents');
  });

  it('offers a private plan to one organization of its own, never to a sibling’s', async () => {
    const privatePlan = await reseller.call(b.createPlan, {
      body: { ...plan('Globex Deal', voice('0.11', '0.09')), visibility: 'private' },
    });
    expect(privatePlan.status, privatePlan.text).toBe(201);
    const id = privatePlan.body.plan.id;
    const globex = await kit.signIn('globex');
    expect((await globex.call(b.allAvailablePlans)).body.plans.map((p) => p.id)).not.toContain(id);
    const offered = await reseller.call(b.offerPlan, {
      body: { targetOrganizationId: kit.ids.globex, productPlanId: id },
    });
    expect(offered.status, offered.text).toBe(200);
    expect((await globex.call(b.offeredPlan)).body.plan?.id).toBe(id);
    expect((await globex.call(b.allAvailablePlans)).body.plans[0]?.id).toBe(id);
    // A sibling reseller offers nothing to the demo reseller's organization, nor its own plan of someone else's.
    const fromSibling = await sibling.call(b.offerPlan, {
      body: { targetOrganizationId: kit.ids.globex, productPlanId: null },
    });
    expect([403, 404]).toContain(fromSibling.status);
    const notOwn = await reseller.call(b.offerPlan, {
      body: { targetOrganizationId: kit.ids.globex, productPlanId: 'pplan-starter' },
    });
    expect(notOwn.status).toBe(404);
    expect(notOwn.text).toContain('productPlanId: pplan-starter is not a plan this account sells');
    expect((await globex.call(b.offeredPlan)).body.plan?.id).toBe(id);
    const withdrawn = await reseller.call(b.offerPlan, {
      body: { targetOrganizationId: kit.ids.globex, productPlanId: null },
    });
    expect(withdrawn.body.plan).toBeNull();
    expect((await globex.call(b.offeredPlan)).body.plan).toBeNull();
  });
});

describe('resale: one usage event posts the organization’s charge and each seller’s margin', () => {
  let retailId: string;

  it('a partner sets its reseller’s wholesale prices; the reseller is told when it prices below them', async () => {
    // The platform's price for the partner, as a super admin would set it.
    await kit.db.insert(pricePlans).values({
      id: 'pplan-platform-partner-rate',
      name: 'Partner rate',
      productItems: voice('0.03', '0.02'),
    });
    await kit.db
      .insert(planAssignments)
      .values({ accountId: kit.ids.partner, planId: 'pplan-platform-partner-rate' });

    const wholesale = await partner.call(b.createPlan, {
      body: { ...plan('Reseller wholesale', voice('0.05', '0.04')), visibility: 'private' },
    });
    expect(wholesale.status, wholesale.text).toBe(201);
    const set = await partner.call(b.wholesalePlan, {
      body: { targetResellerId: kit.ids.reseller, productPlanId: wholesale.body.plan.id },
    });
    expect(set.status, set.text).toBe(200);
    // Only the partner sets it, only for its own resellers, only with its own plans.
    expect(
      (
        await reseller.call(b.wholesalePlan, {
          body: { targetResellerId: siblingId, productPlanId: wholesale.body.plan.id },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await partner.call(b.wholesalePlan, {
          body: { targetResellerId: kit.ids.reseller, productPlanId: 'pplan-starter' },
        })
      ).status,
    ).toBe(404);

    const below = await reseller.call(b.createPlan, { body: plan('Too cheap', voice('0.06', '0.03')) });
    expect(below.status).toBe(400);
    expect(below.text).toContain(
      'productItems.pstn-inbound-voice from unit 101: 0.03 USD is below your cost of 0.04 USD',
    );
    expect(below.text).toContain('allowBelowCost');
    const told = await reseller.call(b.createPlan, {
      body: { ...plan('Loss leader', voice('0.06', '0.03')), allowBelowCost: true, visibility: 'private' },
    });
    expect(told.status).toBe(201);
    expect(told.body.belowCost).toEqual([
      'productItems.pstn-inbound-voice from unit 101: 0.03 USD is below your cost of 0.04 USD',
    ]);

    const retail = await reseller.call(b.createPlan, {
      body: { ...plan('Retail', voice('0.12', '0.10')), visibility: 'private' },
    });
    expect(retail.status, retail.text).toBe(201);
    expect(retail.body.belowCost).toEqual([]);
    retailId = retail.body.plan.id;
  });

  it('charges one minute: the organization pays retail, reseller and partner keep their margins, the platform its price', async () => {
    // Globex pays as it goes (no subscription) at the reseller's retail plan.
    await kit.db
      .insert(planAssignments)
      .values({ accountId: kit.ids.globex, planId: retailId })
      .onConflictDoUpdate({ target: planAssignments.accountId, set: { planId: retailId } });
    const wallet = (accountId: number) => ({ kind: 'wallet' as const, accountId });
    const balances = async () => ({
      globex: await ledger.balance(wallet(kit.ids.globex)),
      reseller: await ledger.balance(wallet(kit.ids.reseller)),
      partner: await ledger.balance(wallet(kit.ids.partner)),
      platform: await ledger.balance({ kind: 'platform', name: 'usage' }),
      sibling: await ledger.balance(wallet(siblingId)),
    });
    const minute = {
      agentAccountId: kit.ids.agent3,
      usageKey: 'pstn-inbound-voice',
      quantity: 1,
      eventKey: 'resale:minute:1',
      conversationId: 'resale-conversation-1',
    };
    const before = await balances();
    const charged = await chargeUsage(kit.db, ledger, minute, 0n);
    expect(charged.charged).toBe(usd('0.12'));
    const after = await balances();
    expect({
      globex: after.globex - before.globex,
      reseller: after.reseller - before.reseller,
      partner: after.partner - before.partner,
      platform: after.platform - before.platform,
      sibling: after.sibling - before.sibling,
    }).toEqual({
      globex: -usd('0.12'),
      reseller: usd('0.07'),
      partner: usd('0.02'),
      platform: usd('0.03'),
      sibling: 0n,
    });
    const legs = await kit.db
      .select({
        key: ledgerTransfers.idempotencyKey,
        kind: ledgerTransfers.kind,
        amount: ledgerTransfers.amount,
      })
      .from(ledgerTransfers)
      .where(ilike(ledgerTransfers.idempotencyKey, 'usage:resale:minute:1%'));
    expect(legs.sort((x, y) => x.key.localeCompare(y.key))).toEqual([
      { key: 'usage:resale:minute:1', kind: 'usage', amount: usd('0.12') },
      {
        key: `usage:resale:minute:1:wholesale:${String(kit.ids.partner)}`,
        kind: 'wholesale',
        amount: usd('0.03'),
      },
      {
        key: `usage:resale:minute:1:wholesale:${String(kit.ids.reseller)}`,
        kind: 'wholesale',
        amount: usd('0.05'),
      },
    ]);

    // The same event again posts nothing.
    await chargeUsage(kit.db, ledger, minute, 0n);
    expect(await balances()).toEqual(after);
    expect(await auditLedger(kit.db)).toMatchObject({ total: 0n, mismatches: 0 });
  });

  it('prices every seller’s share at the same units of the tiers (the 100th and 101st minute)', async () => {
    // 98 more minutes bring globex to 99 this month; the next event's two minutes straddle the tiers.
    await chargeUsage(
      kit.db,
      ledger,
      {
        agentAccountId: kit.ids.agent3,
        usageKey: 'pstn-inbound-voice',
        quantity: 98,
        eventKey: 'resale:minutes:98',
        conversationId: 'resale-conversation-2',
      },
      usd('100'),
    );
    const reseller0 = await ledger.balance({ kind: 'wallet', accountId: kit.ids.reseller });
    const partner0 = await ledger.balance({ kind: 'wallet', accountId: kit.ids.partner });
    const result = await chargeUsage(
      kit.db,
      ledger,
      {
        agentAccountId: kit.ids.agent3,
        usageKey: 'pstn-inbound-voice',
        quantity: 2,
        eventKey: 'resale:minutes:100-101',
        conversationId: 'resale-conversation-2',
      },
      usd('100'),
    );
    // Retail 0.12 + 0.10; the reseller pays 0.05 + 0.04; the partner pays 0.03 + 0.02.
    expect(result.charged).toBe(usd('0.22'));
    expect((await ledger.balance({ kind: 'wallet', accountId: kit.ids.reseller })) - reseller0).toBe(
      usd('0.13'),
    );
    expect((await ledger.balance({ kind: 'wallet', accountId: kit.ids.partner })) - partner0).toBe(
      usd('0.04'),
    );
    expect(await auditLedger(kit.db)).toMatchObject({ total: 0n, mismatches: 0 });
  });
});
