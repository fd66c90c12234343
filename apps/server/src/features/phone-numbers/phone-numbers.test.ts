import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noNumbersMessage, type AvailableNumberView, type HeldNumberView } from '@switchboard/contract';
import { accounts, and, eq, phoneNumbers, sandboxNumbers, usageEvents } from '@switchboard/db';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { SandboxTelephony } from '../../providers/telephony/sandbox';
import { TelephonyError, type OwnedNumber, type TelephonyProvider } from '../../providers/telephony/types';

interface SearchBody {
  success: boolean;
  message: string;
  numbers: AvailableNumberView[];
}
interface AssignBody {
  success: boolean;
  message: string;
  number: HeldNumberView;
  released: string | null;
}

let kit: DemoApp;
const as: Record<string, SignedInClient> = {};
beforeAll(async () => {
  kit = await startApp();
  for (const who of ['acme', 'globex', 'agent1', 'agent2', 'agent3'] as const)
    as[who] = await kit.signIn(who);
});
afterAll(() => kit.close());

const search = (kind: 'prefix' | 'locality' | 'phrase', body: Record<string, unknown>, who = 'agent2') =>
  as[who]!.post<SearchBody>(`/api/v2/phoneNumber/search/local/${kind}`, body);
const assign = (number: string, who = 'agent2', targetAccountId?: number) =>
  as[who]!.post<AssignBody>(
    '/api/v2/phoneNumber/assign',
    { number, country: 'US' },
    targetAccountId ? { targetAccountId } : {},
  );
const list = (who = 'agent2') => as[who]!.get<{ numbers: HeldNumberView[] }>('/api/v2/phoneNumbers');
const messageOf = (text: string) => (JSON.parse(text) as { message: string }).message;
const vidaNumberOf = async (username: string) =>
  (await kit.db.select().from(accounts).where(eq(accounts.username, username)))[0]?.vidaPhoneNumber;

describe('searching numbers for sale', () => {
  it('finds numbers in an area code, fictional 555-01XX numbers with their city and state', async () => {
    const response = await search('prefix', { prefix: '212', strict: true });
    expect(response.status, response.text).toBe(200);
    expect(response.body.message).toBe('Success');
    expect(response.body.numbers).toHaveLength(20);
    for (const number of response.body.numbers) {
      expect(number.phoneNumber).toMatch(/^\+121255501\d\d$/);
      expect(number).toMatchObject({ locality: 'New York', region: 'NY', country: 'US' });
      expect(number.capabilities).toEqual({ voice: true, sms: true, mms: true });
    }
  });

  it('widens a prefix search to the same state unless strict, and never offers a sold number', async () => {
    // Reno's 775 nearly sold out: 90 of its 100 numbers are in the sandbox carrier's books.
    await kit.db.insert(sandboxNumbers).values(
      Array.from({ length: 90 }, (_, line) => ({
        number: `+1775555${String(100 + line).padStart(4, '0')}`,
        carrierId: `SBPNtest${line}`,
      })),
    );
    const strict = await search('prefix', { prefix: '775', strict: true });
    expect(strict.body.numbers.map((number) => number.phoneNumber)).toEqual(
      Array.from({ length: 10 }, (_, line) => `+177555501${90 + line}`),
    );
    const wide = await search('prefix', { prefix: '775' });
    expect(wide.body.numbers).toHaveLength(20);
    expect(wide.body.numbers.slice(0, 10)).toEqual(strict.body.numbers);
    for (const number of wide.body.numbers.slice(10)) {
      expect(number.region).toBe('NV');
      expect(number.phoneNumber).toMatch(/^\+1(702|725)555/);
    }
  });

  it('finds numbers by city and state, in any letter case', async () => {
    const response = await search('locality', { city: 'austin', region: 'tx', country: 'us' });
    expect(response.status, response.text).toBe(200);
    for (const number of response.body.numbers) {
      expect(number.phoneNumber).toMatch(/^\+1(512|737)555/);
      expect(number).toMatchObject({ locality: 'Austin', region: 'TX' });
    }
    const canada = await search('locality', { city: 'Toronto', country: 'CA' });
    expect(canada.body.numbers[0]).toMatchObject({ locality: 'Toronto', region: 'ON', country: 'CA' });
  });

  it('finds numbers that spell a phrase on the keypad, with * as any one digit', async () => {
    const spelled = await search('phrase', { phrase: 'PAP' });
    expect(spelled.status, spelled.text).toBe(200);
    for (const number of spelled.body.numbers) expect(number.phoneNumber).toMatch(/^\+1727555/);
    const wildcard = await search('phrase', { phrase: '*55501*9', region: 'NV' });
    expect(wildcard.body.numbers).toHaveLength(20);
    for (const number of wildcard.body.numbers) {
      expect(number.phoneNumber).toMatch(/^\+1(702|725|775)55501\d9$/);
    }
  });

  it('answers 404 with the spec message when nothing matches', async () => {
    for (const response of [
      await search('phrase', { phrase: '9999999' }),
      await search('locality', { city: 'Springfield', region: 'ZZ' }),
      await search('prefix', { prefix: '999', strict: true }),
    ]) {
      expect(response.status, response.text).toBe(404);
      expect(response.body.message).toBe(noNumbersMessage);
    }
  });

  it('refuses malformed searches with a 400 naming the problem', async () => {
    const cases: [Promise<{ status: number; text: string }>, string][] = [
      [search('prefix', { prefix: 'abc' }), 'body.prefix'],
      [search('prefix', { prefix: '212', country: 'XX' }), '"XX" is not a country'],
      [search('phrase', { phrase: 'call-me' }), 'body.phrase'],
      [search('phrase', { phrase: '***' }), 'needs a letter or a digit'],
      [search('phrase', { phrase: 'abcdefghijkl' }), 'more than the 10 digits'],
      [search('locality', { city: '' }), 'body.city'],
    ];
    for (const [pending, words] of cases) {
      const response = await pending;
      expect(response.status, response.text).toBe(400);
      expect(messageOf(response.text)).toContain(words);
    }
  });
});

describe("an agent account's number", () => {
  let first = '';
  let second = '';

  it('assigns a number for sale: the agent number the product reads, metered once a month', async () => {
    const offered = await search('prefix', { prefix: '312', strict: true });
    [first, second] = offered.body.numbers.map((number) => number.phoneNumber) as [string, string];
    const response = await assign(first);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      message: 'Success',
      released: null,
      number: { number: first, country: 'US', kind: 'carrier', carrier: 'sandbox', locality: 'Chicago' },
    });
    expect(await vidaNumberOf('agent2')).toBe(first);
    expect((await list()).body.numbers.map((number) => number.number)).toEqual([first]);
    const usage = await kit.db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.accountId, kit.ids.agent2), eq(usageEvents.unit, 'us-number')));
    expect(usage).toHaveLength(1);
    const again = await search('prefix', { prefix: '312', strict: true });
    expect(again.body.numbers.map((number) => number.phoneNumber)).not.toContain(first);
  });

  it('replaces the number on a second assignment and releases the old one', async () => {
    const response = await assign(second);
    expect(response.status, response.text).toBe(200);
    expect(response.body.released).toBe(first);
    expect(await vidaNumberOf('agent2')).toBe(second);
    expect((await list()).body.numbers.map((number) => number.number)).toEqual([second]);
    const [old] = await kit.db.select().from(phoneNumbers).where(eq(phoneNumbers.number, first));
    expect(old).toMatchObject({ status: 'released', accountId: kit.ids.agent2 });
    expect(old?.releasedAt).toBeInstanceOf(Date);
    const offered = await search('prefix', { prefix: '312', strict: true });
    expect(offered.body.numbers.map((number) => number.phoneNumber)).toContain(first);
  });

  it('answers 409 naming a number another account holds, and leaves it with its holder', async () => {
    const response = await assign(second, 'agent3');
    expect(response.status, response.text).toBe(409);
    expect(response.text).toContain(second);
    const demoNumber = await assign('+15550100001', 'agent3');
    expect(demoNumber.status, demoNumber.text).toBe(409);
    expect(await vidaNumberOf('agent2')).toBe(second);
    expect(await vidaNumberOf('agent3')).toBeNull();
  });

  it('keeps numbers to agent accounts; an organization acts for its agent', async () => {
    const own = await assign(first, 'acme');
    expect(own.status, own.text).toBe(403);
    expect(own.text).toContain('Only agent accounts hold phone numbers');
    expect((await list('acme')).status).toBe(403);
    const forAgent = await as.acme!.get<{ numbers: HeldNumberView[] }>('/api/v2/phoneNumbers', {
      targetAccountId: kit.ids.agent2,
    });
    expect(forAgent.body.numbers.map((number) => number.number)).toEqual([second]);
  });

  it('refuses a sibling tenant: acting for the agent, seeing or releasing its number', async () => {
    expect((await assign(first, 'globex', kit.ids.agent2)).status).toBe(403);
    const listed = await as.globex!.get('/api/v2/phoneNumbers', { targetAccountId: kit.ids.agent2 });
    expect(listed.status).toBe(403);
    const released = await as.agent3!.post('/api/v2/phoneNumber/return', { number: second });
    expect(released.status, released.text).toBe(404);
    expect(await vidaNumberOf('agent2')).toBe(second);
  });

  it('refuses malformed numbers and countries with a 400', async () => {
    for (const [body, words] of [
      [{ number: '555-0142', country: 'US' }, 'body.number'],
      [{ number: '+12125550142', country: 'ZZ' }, '"ZZ" is not a country'],
      [{ number: '+442071234567', country: 'US' }, 'is not a number in US'],
    ] as const) {
      const response = await as.agent2!.post('/api/v2/phoneNumber/assign', body);
      expect(response.status, response.text).toBe(400);
      expect(messageOf(response.text)).toContain(words);
    }
  });

  it('returns a number: released at the carrier and in the records', async () => {
    const response = await as.agent2!.post('/api/v2/phoneNumber/return', { number: second });
    expect(response.status, response.text).toBe(200);
    expect((await list()).body.numbers).toEqual([]);
    expect(await vidaNumberOf('agent2')).toBeNull();
    expect(await kit.db.select().from(sandboxNumbers).where(eq(sandboxNumbers.number, second))).toEqual([]);
    const again = await as.agent2!.post('/api/v2/phoneNumber/return', { number: second });
    expect(again.status).toBe(404);
  });
});

describe('a carrier that fails', () => {
  // The sandbox's stock with nothing sold, in a carrier whose sales the test decides.
  const stock = new SandboxTelephony(
    {
      sold: () => Promise.resolve(new Set()),
      sell: () => Promise.resolve(true),
      takeBack: () => Promise.resolve(),
    },
    () => Promise.resolve(),
  );
  let sale: (phoneNumber: string) => Promise<OwnedNumber> = () => Promise.reject(new Error('no sale set'));
  const releasedAtCarrier: string[] = [];
  const carrier: TelephonyProvider = {
    name: 'sandbox',
    sandbox: true,
    searchNumbers: (query) => stock.searchNumbers(query),
    buyNumber: (phoneNumber) => sale(phoneNumber),
    releaseNumber: (owned) => {
      releasedAtCarrier.push(owned.phoneNumber);
      return Promise.resolve();
    },
    placeCall: (call) => stock.placeCall(call),
    transferCall: (...args) => stock.transferCall(...args),
    hangUp: (callId) => stock.hangUp(callId),
    sendText: (text) => stock.sendText(text),
  };
  let broken: DemoApp;
  let agent2: SignedInClient;
  beforeAll(async () => {
    broken = await startApp({ telephony: carrier });
    agent2 = await broken.signIn('agent2');
  });
  afterAll(() => broken.close());

  const heldBy = (accountId: number) =>
    broken.db.select().from(phoneNumbers).where(eq(phoneNumbers.accountId, accountId));
  const agent2Number = async () =>
    (await broken.db.select().from(accounts).where(eq(accounts.id, broken.ids.agent2)))[0]?.vidaPhoneNumber;

  it('leaves nothing assigned when the carrier cannot sell the number', async () => {
    sale = () => Promise.reject(new TelephonyError('the carrier is down', 503));
    const response = await agent2.post('/api/v2/phoneNumber/assign', {
      number: '+12125550150',
      country: 'US',
    });
    expect(response.status, response.text).toBe(503);
    expect(messageOf(response.text)).toContain('the carrier is down');
    expect(await heldBy(broken.ids.agent2)).toEqual([]);
    expect(await agent2Number()).toBeNull();
  });

  it('gives the number back to the carrier when the records cannot take it', async () => {
    // Another process assigns the same number to agent3 while the carrier is selling it to agent2.
    sale = async (phoneNumber) => {
      await broken.db.insert(phoneNumbers).values({
        number: phoneNumber,
        country: 'US',
        accountId: broken.ids.agent3,
        kind: 'carrier',
        carrier: 'sandbox',
        carrierId: 'SBPNother',
      });
      return { carrierId: 'SBPNagent2', phoneNumber };
    };
    const response = await agent2.post('/api/v2/phoneNumber/assign', {
      number: '+12125550151',
      country: 'US',
    });
    expect(response.status, response.text).toBe(409);
    expect(messageOf(response.text)).toContain('+12125550151 is held by another account');
    expect(releasedAtCarrier).toEqual(['+12125550151']);
    expect(await heldBy(broken.ids.agent2)).toEqual([]);
    expect(await agent2Number()).toBeNull();
  });
});
