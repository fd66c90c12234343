import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  startFakeSipCallee,
  startFakeSipPhone,
  startFakeSipRegistrar,
  type FakeSipCallee,
  type FakeSipRegistrar,
} from '@switchboard/testing';
import { launchBrowser, saveScreenshot } from './support/browser';
import { startBuiltServer } from './support/built-server';
import { signInWithCode } from './support/outbox';

let server: Awaited<ReturnType<typeof startBuiltServer>>;
let browser: Browser;
let page: Page;
let pbx: FakeSipRegistrar;
let trunk: FakeSipCallee;
/** The trunk's number that is always busy. */
const busyNumber = '+15550100486';
let settingsPath = '';
/** The port the server's SIP endpoint listens on (from the address it shows). */
let sipPort = 0;
const failures: string[] = [];

/** Saves the page at desktop size and at a phone's 390 x 844, then goes back to desktop. */
async function screenshots(name: string): Promise<void> {
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, `${name}-mobile`);
  await page.setViewportSize({ width: 1360, height: 900 });
}

beforeAll(async () => {
  // The office PBX: a registrar on loopback that knows extension 1001's password.
  pbx = await startFakeSipRegistrar({ users: { '1001': 'correct-horse-1001' } });
  // The carrier's trunk: rings then answers, except one number that is busy.
  trunk = await startFakeSipCallee({
    behaviour: (user) =>
      user === busyNumber
        ? { kind: 'refuse', status: 486, reason: 'Busy Here' }
        : { kind: 'answer', ringMs: 300 },
  });
  server = await startBuiltServer(
    { SIP_PORT: '0', SIP_HOST: '127.0.0.1', SIP_TCP: 'off', SIP_PUBLIC_HOST: 'sip.switchboard.test' },
    { healthyWithinMs: 240_000 },
  );
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (error) => failures.push(error.message));
  await signInWithCode(page, server.url, 'acme@demo.switchboard.test', 'Acme Dental');
  settingsPath = `${new URL(page.url()).pathname}/settings`;
}, 300_000);
afterAll(async () => {
  await browser.close();
  await server.dispose();
  await pbx.close();
  await trunk.close();
});

describe('connecting a PBX by SIP', () => {
  it('walks from the address to point at through allowed IPs, routes and registration to the captures', async () => {
    await page.goto(`${server.url}${settingsPath}`);
    await page.getByText('Developers').waitFor();
    await page.getByRole('button', { name: 'SIP trunk' }).click();
    const dialog = page.getByRole('dialog', { name: 'SIP trunk' });

    // 1. The address: each agent's URIs on the public SIP host.
    const agent = dialog.getByTestId('sip-agent').filter({ hasText: 'sip:agent1@' });
    await agent.waitFor();
    const uri = /sip:agent1@sip\.switchboard\.test:(\d+)/.exec(await agent.innerText());
    expect(uri).not.toBeNull();
    sipPort = Number(uri?.[1]);
    await screenshots('sip-setup-address');

    // 2. Allowed IPs: a malformed address is refused with the server's reason, a good one is listed.
    await dialog.getByRole('button', { name: 'Next: Allowed IPs' }).click();
    await dialog.getByLabel('IP address or range').fill('203.0.113.300');
    await dialog.getByLabel('Label', { exact: true }).fill('Office PBX');
    await dialog.getByRole('button', { name: 'Add address' }).click();
    await dialog.getByRole('alert').getByText('is not an IPv4 or IPv6 address').waitFor();
    await dialog.getByLabel('IP address or range').fill('203.0.113.0/24');
    await dialog.getByRole('button', { name: 'Add address' }).click();
    await dialog.getByTestId('sip-whitelist-row').filter({ hasText: '203.0.113.0/24' }).waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await screenshots('sip-setup-whitelist');

    // 3. Outbound routes: the grammar is checked by the server, which names the part that is wrong.
    await dialog.getByRole('button', { name: 'Next: Outbound' }).click();
    const route = dialog.getByLabel('Route');
    await route.fill(`127.0.0.1:${trunk.port};transport=sctp`);
    await dialog.getByRole('button', { name: 'Add route' }).click();
    await dialog.getByText('the transport "sctp" must be udp or tcp').waitFor();
    await route.fill(`127.0.0.1:${trunk.port};transport=udp`);
    await dialog.getByRole('button', { name: 'Add route' }).click();
    await dialog
      .getByTestId('sip-route-row')
      .filter({ hasText: `127.0.0.1:${trunk.port};transport=udp` })
      .waitFor();
    await screenshots('sip-setup-routes');

    // 4. Registration: a wrong password fails in plain words, the right one registers; neither is shown back.
    await dialog.getByRole('button', { name: 'Next: Registration' }).click();
    await dialog.getByLabel('Extension or user name').fill('1001');
    await dialog.getByLabel('PBX domain (realm)').fill('127.0.0.1');
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
    await dialog.getByLabel('Port', { exact: true }).fill(String(pbx.port));
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    const status = dialog.getByTestId('sip-registration');
    await status.getByText('Failed').waitFor({ timeout: 20_000 });
    const error = (await dialog.getByTestId('sip-registration-error').innerText()).trim();
    expect(error.length).toBeGreaterThan(0);
    await screenshots('sip-setup-registration-failed');
    await dialog.getByRole('button', { name: 'Change registration' }).click();
    await dialog.getByLabel('Password', { exact: true }).fill('correct-horse-1001');
    await dialog.getByRole('button', { name: 'Save and register again' }).click();
    await status.getByText('Registered').waitFor({ timeout: 20_000 });
    expect(await dialog.getByTestId('sip-registration-error').count()).toBe(0);
    const shown = await dialog.innerText();
    expect(shown).not.toContain('correct-horse-1001');
    expect(shown).not.toContain('wrong-password');
    expect(shown).toContain('sip:1001@127.0.0.1');
    await screenshots('sip-setup-registered');

    // 5. Test call: the agent calls a number at the trunk; the ladder follows the call to its end.
    await dialog.getByRole('button', { name: 'Next: Test call' }).click();
    const number = dialog.getByLabel('Number to call');
    await number.fill('555-0100');
    await dialog.getByRole('button', { name: 'Place test call' }).click();
    await dialog.getByRole('alert').getByText('must be an E.164 number').waitFor();
    await number.fill('+15550100200');
    await dialog.getByRole('button', { name: 'Place test call' }).click();
    const placed = dialog.getByTestId('sip-test-call');
    await placed.getByText(`Placed by route 127.0.0.1:${trunk.port};transport=udp`).waitFor();
    await trunk.until(
      () =>
        trunk.calls.some(
          (call) => call.user === '+15550100200' && call.requests.some((r) => r.method === 'ACK'),
        ),
      'the ACK of the test call',
      20_000,
    );
    // The person at the trunk hangs up.
    trunk.calls.find((call) => call.user === '+15550100200')?.bye();
    const verdict = placed.getByTestId('sip-verdict');
    await verdict.getByText('The call worked').waitFor({ timeout: 20_000 });
    const ladder = async () =>
      (await placed.getByTestId('sip-ladder-step').allInnerTexts()).map((text) =>
        text.split('\n')[0]?.trim(),
      );
    await expect
      .poll(ladder, { timeout: 10_000 })
      .toEqual(
        expect.arrayContaining([
          '→ INVITE',
          '← 100 Trying',
          '← 180 Ringing',
          '← 200 OK',
          '→ ACK',
          '← BYE',
          '→ 200 OK',
        ]) as string[],
      );
    expect((await ladder())[0]).toBe('→ INVITE');
    await screenshots('sip-setup-test-call');

    // A busy number: the ladder ends in 486, explained in plain words.
    await number.fill(busyNumber);
    await dialog.getByRole('button', { name: 'Place test call' }).click();
    await verdict.getByText('Busy', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await verdict.innerText()).toContain('The number called was busy (486 Busy Here)');
    await expect
      .poll(ladder, { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['← 486 Busy Here']) as string[]);
    await screenshots('sip-setup-test-call-busy');

    // Inbound: a call from an address not on the allowed IPs is refused, and the ladder says why.
    const inbound = dialog.getByTestId('sip-inbound-call');
    expect(await inbound.count()).toBe(0);
    const phone = await startFakeSipPhone();
    try {
      const call = phone.call({
        server: { host: '127.0.0.1', port: sipPort },
        to: 'agent1',
        from: '+15550100300',
      });
      expect((await call.response('INVITE')).status).toBe(403);
      await inbound.getByText('Wrong IP: the caller’s address is not allowed').waitFor({ timeout: 20_000 });
      expect(await inbound.getByTestId('sip-verdict').innerText()).toContain(
        "127.0.0.1 is not on the account's SIP whitelist",
      );
      expect(await inbound.getByTestId('sip-ladder-step').first().innerText()).toContain('← INVITE');
      await inbound.scrollIntoViewIfNeeded();
      await screenshots('sip-setup-test-call-inbound');
    } finally {
      await phone.close();
    }

    // 6. Captures: the REGISTER exchanges, message by message.
    await dialog.getByRole('button', { name: 'Next: Captures' }).click();
    const capture = dialog.getByTestId('sip-capture').filter({ hasText: 'REGISTER' }).first();
    await capture.waitFor();
    expect(await capture.innerText()).toContain('REGISTER');
    await capture.getByRole('button', { name: 'Show messages' }).click();
    await capture.getByText('Authorization: Digest').first().waitFor();
    await screenshots('sip-setup-captures');
    expect(failures).toEqual([]);
  });
});
