import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentConfig } from '@switchboard/contract';
import { seedDemoData } from '@switchboard/db';
import { startStudioKit, type StudioKit } from './studio-test-kit';

let kit: StudioKit;
beforeAll(async () => {
  kit = await startStudioKit(seedDemoData);
});
afterAll(() => kit.close());

interface Version {
  versionId: number;
  title: string;
  source: 'staging' | 'production';
  timestamp: number;
  snapshot?: AgentConfig;
}

const versionsUrl = (agent: string) => `/api/v2/agent/${kit.ids[agent]}/versions`;

async function newAgent(name: string, prompt: string): Promise<string> {
  const created = await kit.call('POST', '/api/v2/createAccount', 'acme', { accountName: name });
  const { account } = created.json<{ account: { id: number; username: string } }>();
  kit.ids[account.username] = account.id;
  const saved = await kit.call('POST', `/api/v2/campaign?targetAccountId=${account.id}`, 'acme', {
    agentInstructions: prompt,
    published: true,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return account.username;
}

async function createVersion(agent: string, payload: Record<string, unknown>): Promise<Version> {
  const response = await kit.call('POST', versionsUrl(agent), 'acme', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ createdVersion: Version }>().createdVersion;
}

const list = async (agent: string, includeData = false) => {
  const response = await kit.call('GET', `${versionsUrl(agent)}?includeData=${includeData}`, 'acme');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ versions: Version[] }>().versions;
};

const staging = async (agent: string) =>
  (await kit.call('GET', `/api/v2/agentEventRules/staging?targetAccountId=${kit.ids[agent]}`, 'acme')).json<{
    agent: AgentConfig;
  }>().agent;

const live = async (agent: string) =>
  (await kit.call('GET', `/api/v2/agentEventRules/default?targetAccountId=${kit.ids[agent]}`, 'acme')).json<{
    agent: AgentConfig;
  }>().agent;

describe('agent versions', () => {
  it('round-trips: snapshot, change, restore to staging, publish', async () => {
    const agent = await newAgent('Version Agent', 'Original prompt.');
    const first = await createVersion(agent, { title: 'Launch copy' });
    expect(first).toMatchObject({ title: 'Launch copy', source: 'staging' });

    await kit.call('POST', `/api/v2/campaign?targetAccountId=${kit.ids[agent]}`, 'acme', {
      agentInstructions: 'Changed prompt.',
    });
    expect((await staging(agent)).agentInstructions).toBe('Changed prompt.');

    const restore = await kit.call('POST', `${versionsUrl(agent)}/${first.versionId}/restore`, 'acme', {});
    expect(restore.statusCode, restore.body).toBe(200);
    expect(restore.json<{ target: string; restored: AgentConfig }>()).toMatchObject({
      target: 'staging',
      restored: { agentInstructions: 'Original prompt.' },
    });
    expect((await staging(agent)).agentInstructions).toBe('Original prompt.');
  });

  it('lists newest first, with snapshots only when asked', async () => {
    const agent = await newAgent('List Agent', 'Prompt A.');
    const a = await createVersion(agent, { title: 'A' });
    const b = await createVersion(agent, { title: 'B', source: 'production' });
    const plain = await list(agent);
    expect(plain.map((version) => version.versionId)).toEqual([b.versionId, a.versionId]);
    expect(plain[0]).not.toHaveProperty('snapshot');
    const full = await list(agent, true);
    expect(full[0]?.snapshot?.agentInstructions).toBe('Prompt A.');
    expect(full[0]?.timestamp).toBeGreaterThan(Date.now() - 60_000);
  });

  it('accepts "default" for production and names an untitled version Auto-<ms>', async () => {
    const agent = await newAgent('Default Agent', 'Live prompt.');
    await kit.call('POST', `/api/v2/campaign?targetAccountId=${kit.ids[agent]}`, 'acme', {
      agentInstructions: 'Draft prompt.',
    });
    const version = await createVersion(agent, { source: 'default' });
    expect(version.source).toBe('production');
    expect(version.title).toMatch(/^Auto-\d{13}$/);
    const [stored] = await list(agent, true);
    expect(stored?.snapshot?.agentInstructions).toBe('Live prompt.');
  });

  it('refuses a production snapshot of an agent never published, and an unknown source', async () => {
    const created = await kit.call('POST', '/api/v2/createAccount', 'acme', { accountName: 'Unpublished' });
    const { account } = created.json<{ account: { id: number; username: string } }>();
    kit.ids[account.username] = account.id;
    const response = await kit.call('POST', versionsUrl(account.username), 'acme', { source: 'production' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('never been published');
    const bad = await kit.call('POST', versionsUrl(account.username), 'acme', { source: 'live' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('source');
  });

  it('replaces a snapshot without touching staging or production, and restores it to production', async () => {
    const agent = await newAgent('Replace Agent', 'Before.');
    const version = await createVersion(agent, { title: 'To replace' });
    const replaced = await kit.call('POST', `${versionsUrl(agent)}/${version.versionId}`, 'acme', {
      snapshot: { agentInstructions: 'Replaced snapshot.', agentVoice: 'Zeus', campaignId: 'campignored' },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<{ versionId: number }>().versionId).toBe(version.versionId);
    expect((await staging(agent)).agentInstructions).toBe('Before.');
    expect((await live(agent)).agentInstructions).toBe('Before.');

    const restore = await kit.call('POST', `${versionsUrl(agent)}/${version.versionId}/restore`, 'acme', {
      target: 'production',
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(await live(agent)).toMatchObject({ agentInstructions: 'Replaced snapshot.', agentVoice: 'Zeus' });
    expect((await live(agent)).campaignId).not.toBe('campignored');
    expect((await staging(agent)).agentInstructions).toBe('Before.');
  });

  it('refuses to restore a snapshot without a prompt', async () => {
    const agent = await newAgent('Empty Snapshot Agent', 'Has a prompt.');
    const version = await createVersion(agent, { title: 'Empty' });
    await kit.call('POST', `${versionsUrl(agent)}/${version.versionId}`, 'acme', {
      snapshot: { agentInstructions: '' },
    });
    const restore = await kit.call('POST', `${versionsUrl(agent)}/${version.versionId}/restore`, 'acme', {});
    expect(restore.statusCode).toBe(400);
    expect(restore.json<{ message: string }>().message).toBe('Please enter a prompt.');
  });

  it('renames and deletes', async () => {
    const agent = await newAgent('Rename Agent', 'Prompt.');
    const version = await createVersion(agent, { title: 'Old name' });
    const renamed = await kit.call('PUT', `${versionsUrl(agent)}/${version.versionId}/title`, 'acme', {
      title: '  New name ',
    });
    expect(renamed.json()).toEqual({ success: true, versionId: version.versionId, newTitle: 'New name' });
    const blank = await kit.call('PUT', `${versionsUrl(agent)}/${version.versionId}/title`, 'acme', {
      title: ' ',
    });
    expect(blank.statusCode).toBe(400);

    const deleted = await kit.call('DELETE', `${versionsUrl(agent)}/${version.versionId}`, 'acme');
    expect(deleted.statusCode).toBe(200);
    expect(await list(agent)).toEqual([]);
    const again = await kit.call('DELETE', `${versionsUrl(agent)}/${version.versionId}`, 'acme');
    expect(again.statusCode).toBe(404);
  });

  it("does not reach one agent's version through another agent's path", async () => {
    const owner = await newAgent('Owner Agent', 'Prompt.');
    const other = await newAgent('Other Agent', 'Prompt.');
    const version = await createVersion(owner, { title: 'Mine' });
    for (const [method, suffix, payload] of [
      ['POST', '/restore', {}],
      ['PUT', '/title', { title: 'Stolen' }],
      ['DELETE', '', undefined],
      ['POST', '', { snapshot: { agentInstructions: 'x' } }],
    ] as const) {
      const response = await kit.call(
        method,
        `${versionsUrl(other)}/${version.versionId}${suffix}`,
        'acme',
        payload,
      );
      expect(response.statusCode, `${method} ${suffix}`).toBe(404);
    }
    expect((await list(owner))[0]?.title).toBe('Mine');
  });

  it("refuses a sibling organization's agent and a path id that is not an agent", async () => {
    const foreign = await kit.call('GET', versionsUrl('agent1'), 'globex');
    expect(foreign.statusCode).toBe(403);
    const org = await kit.call('GET', `/api/v2/agent/${kit.ids.acme}/versions`, 'acme');
    expect(org.statusCode).toBe(400);
    expect(org.json<{ message: string }>().message).toContain('not an agent account');
  });
});
