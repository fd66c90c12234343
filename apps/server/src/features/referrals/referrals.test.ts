import { authEndpoints, referralsEndpoints as r, walletEndpoints as w } from '@switchboard/contract';
import { count, desc, eq, ledgerTransfers, outboxMessages, referralInvites } from '@switchboard/db';
import { createContact, startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let kit: DemoApp;
let as: Record<'acme' | 'globex', SignedInClient>;

beforeAll(async () => {
  kit = await startApp({ env: { INVITES_PER_DAY: '4', REFERRAL_REWARD_USD: '5' } });
  as = await kit.signInEach('acme', 'globex');
});
afterAll(async () => {
  await kit.close();
});

const urls = { cancelUrl: 'http://app.test/cancel', successUrl: 'http://app.test/success' };
const card = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const lastMessageTo = async (to: string) =>
  (
    await kit.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, to))
      .orderBy(desc(outboxMessages.id))
      .limit(1)
  )[0];
const invitesOf = async (accountId: number) =>
  (
    await kit.db.select({ n: count() }).from(referralInvites).where(eq(referralInvites.accountId, accountId))
  )[0]?.n ?? 0;
const transfersCount = async () => (await kit.db.select({ n: count() }).from(ledgerTransfers))[0]?.n ?? 0;

async function topUp(client: SignedInClient, amount: number) {
  const start = await client.call(w.checkoutVidaCredit, { body: { amount, ...urls } });
  expect(start.status).toBe(200);
  const paid = await kit
    .client()
    .call(w.paySandboxCheckout, { params: { sessionId: start.body.sessionId }, body: card });
  expect(paid.status).toBe(200);
}

describe('referral invitations', () => {
  it('invites by mail and by text with the referral link', async () => {
    const mailed = await as.acme.call(r.sendInvite, { body: { target: ' Friend@Example.com ' } });
    expect(mailed.status).toBe(201);
    expect(mailed.body.invite).toMatchObject({
      target: 'friend@example.com',
      channel: 'email',
      status: 'sent',
    });
    const mail = await lastMessageTo('friend@example.com');
    expect(mail?.subject).toBe('@acme invites you to Switchboard');
    expect(mail?.text).toContain('/app?ref=acme');

    const texted = await as.acme.call(r.sendInvite, { body: { target: '(415) 555-0199' } });
    expect(texted.status).toBe(201);
    expect(texted.body.invite).toMatchObject({ target: '+14155550199', channel: 'sms' });
    expect((await lastMessageTo('+14155550199'))?.text).toContain('/app?ref=acme');

    const listed = (await as.acme.call(r.referralRewards)).body;
    expect(listed.referralLink).toMatch(/\/app\?ref=acme$/);
    expect(listed).toMatchObject({
      rewardUsd: '5.00',
      invitesPerDay: 4,
      invitesToday: 2,
      unclaimedUsd: '0.00',
    });
    expect(listed.invites.map((invite) => invite.target)).toEqual(['+14155550199', 'friend@example.com']);
  });

  it('refuses an invitation to oneself, a target that is no address, and more than the day allows', async () => {
    const before = await invitesOf(kit.ids.acme);
    const self = await as.acme.call(r.sendInvite, { body: { target: 'acme@demo.switchboard.test' } });
    expect(self.status).toBe(400);
    expect(self.text).toContain('target: is this account’s own address');
    const nonsense = await as.acme.call(r.sendInvite, { body: { target: 'not a person' } });
    expect(nonsense.status).toBe(400);
    expect(nonsense.text).toContain('target: must be an email address or a phone number');
    expect(await invitesOf(kit.ids.acme)).toBe(before);

    expect((await as.acme.call(r.sendInvite, { body: { target: 'third@example.com' } })).status).toBe(201);
    expect((await as.acme.call(r.sendInvite, { body: { target: 'fourth@example.com' } })).status).toBe(201);
    const over = await as.acme.call(r.sendInvite, { body: { target: 'fifth@example.com' } });
    expect(over.status).toBe(429);
    expect(over.text).toContain('sent 4 invitations in the last 24 hours');
    expect(await lastMessageTo('fifth@example.com')).toBeUndefined();
  });

  it('keeps each tenant’s invitations, rewards and contacts to itself', async () => {
    expect((await as.globex.call(r.referralRewards)).body.invites).toEqual([]);
    expect((await as.globex.actingFor(kit.ids.acme).call(r.referralRewards)).status).toBe(403);
    expect((await as.globex.actingFor(kit.ids.acme).call(r.mobileContacts)).status).toBe(403);
    const sent = await as.globex
      .actingFor(kit.ids.acme)
      .call(r.sendInvite, { body: { target: 'x@example.com' } });
    expect(sent.status).toBe(403);
    expect(await lastMessageTo('x@example.com')).toBeUndefined();

    await createContact(as.acme, { name: 'Friend', email: 'friend@example.com' });
    await createContact(as.acme, { name: 'Neighbour', phoneNumber: '+14155550123' });
    const contacts = (await as.acme.call(r.mobileContacts)).body.contacts;
    expect(contacts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Friend', email: 'friend@example.com', invited: true }),
        expect.objectContaining({ name: 'Neighbour', phoneNumber: '+14155550123', invited: false }),
      ]),
    );
    expect(
      (await as.globex.call(r.mobileContacts)).body.contacts.map((contact) => contact.name),
    ).not.toContain('Friend');
  });

  it('earns the reward when the invited person’s account first pays, and claims it into the wallet once', async () => {
    const signup = await kit.client().call(authEndpoints.signupEmail, {
      body: { email: 'friend@example.com', businessName: 'Friend Plumbing' },
    });
    expect(signup.status).toBe(200);
    const friend = await kit.signIn('friend@example.com');
    expect((await as.acme.call(r.referralRewards)).body.rewards).toEqual([]);

    await topUp(friend, 10);
    await topUp(friend, 12);
    const earned = (await as.acme.call(r.referralRewards)).body;
    expect(earned.rewards).toHaveLength(1);
    expect(earned.rewards[0]).toMatchObject({ amountUsd: '5.00', claimed: false });
    expect(earned.unclaimedUsd).toBe('5.00');
    expect(earned.invites.find((invite) => invite.target === 'friend@example.com')?.status).toBe('accepted');

    const opening = (await as.acme.call(w.recentTransactions)).body.balanceUsd;
    const claimed = await as.acme.call(w.claimRewards, { body: { claim: 'all' } });
    expect(claimed.body).toMatchObject({ claimed: 1, claimedUsd: '5.00' });
    expect(Number(claimed.body.balanceUsd)).toBeCloseTo(Number(opening) + 5, 9);

    const transfers = await transfersCount();
    const twice = await as.acme.call(w.claimRewards, { body: { claim: 'all' } });
    expect(twice.body).toMatchObject({ claimed: 0, claimedUsd: '0.00', balanceUsd: claimed.body.balanceUsd });
    const byId = await as.acme.call(w.claimRewards, { body: { claim: earned.rewards[0]?.id ?? 0 } });
    expect(byId.status).toBe(404);
    expect(await transfersCount()).toBe(transfers);
    expect((await as.acme.call(r.referralRewards)).body).toMatchObject({ unclaimedUsd: '0.00' });
  });
});
