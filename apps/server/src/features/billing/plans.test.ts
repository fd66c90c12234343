import { billingEndpoints as b, walletEndpoints as w } from '@switchboard/contract';
import { accounts, eq, inArray, planAssignments, subscriptionPlans } from '@switchboard/db';
import { createReseller, startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRoom } from '../inbox/inbox.service';
import { refusalLines } from '../../runtime/ports/balance-gate';

let kit: DemoApp;
let acme: SignedInClient;
let globex: SignedInClient;
let reseller: SignedInClient;
let partner: SignedInClient;
let otherResellerId: number;

const urls = { cancelUrl: 'https://app.test/payment/cancel', successUrl: 'https://app.test/payment/success' };

beforeAll(async () => {
  kit = await startApp();
  ({ acme, globex, reseller, partner } = await kit.signInEach('acme', 'globex', 'reseller', 'partner'));
  // A sibling reseller under the same partner, selling a plan of its own.
  otherResellerId = (await createReseller(partner, { name: 'Sibling Reseller', email: 'owner@sibling.test' }))
    .id;
  await kit.db.insert(subscriptionPlans).values({
    id: 'pplan-sibling-gold',
    ownerAccountId: otherResellerId,
    name: 'Sibling Gold',
    monthlyCents: 9900,
    yearlyCents: 99000,
  });
});
afterAll(() => kit.close());

const ids = (plans: { id: string }[]) => plans.map((plan) => plan.id);

describe('plans', () => {
  it('lists a reseller’s catalogue without a sibling reseller’s plans; a partner sees both', async () => {
    const own = await reseller.call(b.productCatalog);
    expect(own.status, own.text).toBe(200);
    expect(ids(own.body.plans)).toEqual(
      expect.arrayContaining(['pplan-starter', 'pplan-basic-monthly', 'pplan-vida-business-basic']),
    );
    expect(ids(own.body.plans)).not.toContain('pplan-sibling-gold');
    const basic = own.body.plans.find((plan) => plan.id === 'pplan-basic-monthly');
    expect(basic).toMatchObject({
      name: 'Basic',
      prices: { month: { amountCents: 4900, amountUsd: '49.00' }, year: { amountUsd: '490.00' } },
    });
    expect(basic?.productItems['pstn-inbound-voice']?.pricing[0]).toEqual({
      quantityMin: 1,
      quantityMax: 100,
      price: '0.12',
    });
    const sibling = await reseller.call(b.productCatalogPlan, {
      params: { productPlanId: 'pplan-sibling-gold' },
    });
    expect(sibling.status).toBe(404);
    expect(ids((await partner.call(b.productCatalog)).body.plans)).toContain('pplan-sibling-gold');
    expect(
      (await partner.call(b.productCatalogPlan, { params: { productPlanId: 'pplan-sibling-gold' } })).body
        .plan.name,
    ).toBe('Sibling Gold');
    // Organizations read what they may buy, not the catalogue.
    expect((await acme.call(b.productCatalog)).status).toBe(403);
  });

  it('offers an organization its reseller’s public plans and its private offer', async () => {
    const acmePlans = ids((await acme.call(b.allAvailablePlans)).body.plans);
    expect(acmePlans).toEqual(['pplan-demo-123', 'pplan-basic-monthly', 'pplan-vida-business-basic']);
    expect((await acme.call(b.offeredPlan)).body.plan?.id).toBe('pplan-demo-123');
    expect(ids((await globex.call(b.allAvailablePlans)).body.plans)).toEqual([
      'pplan-basic-monthly',
      'pplan-vida-business-basic',
    ]);
    expect((await globex.call(b.offeredPlan)).body.plan).toBeNull();
    const current = await acme.call(b.currentPlan);
    expect(current.body).toMatchObject({
      plan: null,
      sandbox: true,
      billing: { status: 'none', subscribed: false, canceled: false, unpaid: false },
    });
    // A reseller acts for its organization; acting for itself it has no plan of its own.
    expect((await reseller.actingFor(kit.ids.acme).call(b.currentPlan)).status).toBe(200);
    const own = await reseller.call(b.currentPlan);
    expect(own.status).toBe(400);
    expect(own.text).toContain('act for an organization');
  });

  it('refuses a plan the organization’s seller does not sell, another’s offer, and a bad term, changing nothing', async () => {
    for (const productPlanId of ['pplan-sibling-gold', 'pplan-starter', 'pplan-nothing']) {
      const refused = await acme.call(b.subscribe, { body: { productPlanId, ...urls } });
      expect(refused.status, productPlanId).toBe(404);
      expect(refused.text).toContain(
        `productPlanId: ${productPlanId} is not a plan Acme Dental can subscribe to`,
      );
    }
    const offer = await globex.call(b.subscribe, { body: { productPlanId: 'pplan-demo-123', ...urls } });
    expect(offer.status).toBe(404);
    const term = await acme.post('/api/v2/product/subscribe', {
      productPlanId: 'pplan-basic-monthly',
      term: 'week',
      ...urls,
    });
    expect(term.status).toBe(400);
    expect(term.text).toContain('must be month or year');
    const cancel = await acme.call(b.cancelSubscription, { body: { reason: 'Too expensive' } });
    expect(cancel.status).toBe(400);
    expect(cancel.text).toContain('Unable to cancel subscription: Acme Dental has no active subscription');
    expect((await acme.call(b.billingPortalLink, { body: { redirectUrl: urls.cancelUrl } })).status).toBe(
      400,
    );
    expect((await acme.call(b.currentPlan)).body.billing.status).toBe('none');
  });
});

describe('a subscription in the sandbox', () => {
  const premiumOf = async () =>
    Object.fromEntries(
      (
        await kit.db
          .select({ username: accounts.username, premium: accounts.vidaPremium })
          .from(accounts)
          .where(inArray(accounts.id, [kit.ids.globex, kit.ids.agent3]))
      ).map((row) => [row.username, row.premium]),
    );

  it('subscribes through the sandbox checkout: active, premium, on the plan’s prices, invoices in the portal', async () => {
    expect(await premiumOf()).toEqual({ globex: false, agent3: false });
    const start = await globex.call(b.subscribe, {
      body: { productPlanId: 'pplan-vida-business-basic', term: 'year', ...urls },
    });
    expect(start.status, start.text).toBe(200);
    expect(start.body).toMatchObject({ message: 'Success', sandbox: true });
    expect(start.body.url).toMatch(/\/app\/dev\/checkout\/cs_test_sandbox_/);
    const page = await kit.client().call(w.sandboxCheckout, { params: { sessionId: start.body.sessionId } });
    expect(page.body.session).toMatchObject({ amountUsd: '1490.00', description: 'Business plan, yearly' });
    const declined = await kit.client().call(w.paySandboxCheckout, {
      params: { sessionId: start.body.sessionId },
      body: { number: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' },
    });
    expect(declined.status).toBe(402);
    expect((await globex.call(b.currentPlan)).body.billing.status).toBe('none');
    const paid = await kit.client().call(w.paySandboxCheckout, {
      params: { sessionId: start.body.sessionId },
      body: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    });
    expect(paid.status, paid.text).toBe(200);

    const current = (await globex.call(b.currentPlan)).body;
    expect(current.plan?.id).toBe('pplan-vida-business-basic');
    expect(current.billing).toMatchObject({
      productPlanId: 'pplan-vida-business-basic',
      term: 'year',
      status: 'active',
      subscribed: true,
      canceled: false,
      provider: 'sandbox',
    });
    const start365 = new Date(current.billing.currentPeriodStart ?? '');
    const end = new Date(current.billing.currentPeriodEnd ?? '');
    expect(end.getUTCFullYear() - start365.getUTCFullYear()).toBe(1);
    expect(await premiumOf()).toEqual({ globex: true, agent3: true });
    const [assignment] = await kit.db
      .select()
      .from(planAssignments)
      .where(eq(planAssignments.accountId, kit.ids.globex));
    expect(assignment?.planId).toBe('pplan-vida-business-basic');
    // Subscribed already: a second checkout is refused.
    const again = await globex.call(b.subscribe, { body: { productPlanId: 'pplan-basic-monthly', ...urls } });
    expect(again.status).toBe(409);

    const link = await globex.call(b.billingPortalLink, {
      body: { redirectUrl: 'https://app.test/home?billing' },
    });
    expect(link.body).toMatchObject({ sandbox: true });
    const portalId = link.body.url.split('/').at(-1) ?? '';
    const portal = await kit.client().call(b.sandboxBillingPortal, { params: { portalSessionId: portalId } });
    expect(portal.body.portal).toMatchObject({
      organizationName: 'Globex Plumbing',
      planName: 'Business',
      paymentMethod: { brand: 'visa', last4: '4242' },
      invoices: [{ amountUsd: '1490.00', status: 'paid' }],
      returnUrl: 'https://app.test/home?billing',
    });
  });

  it('a renewal failing through its retries makes the organization unpaid and its agents refuse new conversations', async () => {
    const link = await globex.call(b.billingPortalLink, { body: { redirectUrl: 'https://app.test/home' } });
    const portalSessionId = link.body.url.split('/').at(-1) ?? '';
    const failed = await kit.client().call(b.sandboxRenewal, {
      params: { portalSessionId },
      body: { outcome: 'failed' },
    });
    expect(failed.status, failed.text).toBe(200);
    expect(failed.body.billing).toMatchObject({ status: 'unpaid', unpaid: true, subscribed: true });
    expect(await premiumOf()).toEqual({ globex: false, agent3: false });

    const reply = async () => {
      const room = await openRoom(kit.db, {
        accountId: kit.ids.agent3,
        contactAddress: '+15557770188',
        contactName: null,
        channel: 'sms',
        newConversation: true,
      });
      return kit.services.runtime.replyToText({
        agentAccountId: kit.ids.agent3,
        roomId: room.roomId,
        conversationUuid: room.conversationUuid,
        contactAddress: '+15557770188',
        text: 'Are you open tomorrow?',
        channel: 'sms',
      });
    };
    expect((await reply()).reply).toBe(refusalLines.text);
    const unpaidCancel = await globex.call(b.cancelSubscription, { body: { reason: 'Card expired' } });
    expect(unpaidCancel.status).toBe(400);

    const paid = await kit.client().call(b.sandboxRenewal, {
      params: { portalSessionId },
      body: { outcome: 'paid' },
    });
    expect(paid.body.billing).toMatchObject({ status: 'active', unpaid: false });
    expect(await premiumOf()).toEqual({ globex: true, agent3: true });
    expect((await reply()).reply).not.toBe(refusalLines.text);
    const portal = await kit.client().call(b.sandboxBillingPortal, { params: { portalSessionId } });
    expect(portal.body.portal.invoices.map((invoice) => invoice.status).sort()).toEqual([
      'failed',
      'paid',
      'paid',
    ]);
  });

  it('cancels at the period’s end with the reason, and says when', async () => {
    const before = (await globex.call(b.currentPlan)).body.billing;
    const cancel = await globex.call(b.cancelSubscription, {
      body: { reason: 'Too expensive', details: 'We are a small shop' },
    });
    expect(cancel.status, cancel.text).toBe(200);
    expect(cancel.body).toMatchObject({
      message: 'Subscription cancelled',
      cancelsAt: before.currentPeriodEnd,
      billing: { status: 'active', subscribed: true, canceled: true, cancelAtPeriodEnd: true },
    });
    expect(cancel.body.billing.canceledDate).not.toBeNull();
    // Asking again answers the same; premium lasts until the period ends.
    const again = await globex.call(b.cancelSubscription, { body: { reason: 'Too expensive' } });
    expect(again.body.cancelsAt).toBe(cancel.body.cancelsAt);
    expect(await premiumOf()).toEqual({ globex: true, agent3: true });
  });
});
