import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentConfig } from '@switchboard/contract';
import {
  createAgent,
  createAgentAccount,
  demoPeople,
  startApp,
  type DemoApp,
  type DemoPerson,
  type SignedInClient,
} from '@switchboard/testing';

let kit: DemoApp;
let as: Record<DemoPerson, SignedInClient>;
/** Account ids by username: the demo accounts and the agents these tests make. */
let ids: Record<string, number>;
beforeAll(async () => {
  kit = await startApp();
  as = await kit.signInEach(...demoPeople);
  ids = { ...kit.ids };
});
afterAll(() => kit.close());

interface Version {
  versionId: number;
  title: string;
  source: 'staging' | 'production';
  timestamp: number;
  snapshot?: AgentConfig;
}

const versionsUrl = (agent: string) => `/api/v2/agent/${ids[agent]}/versions`;

async function newAgent(name: string, prompt: string): Promise<string> {
  const account = await createAgent(as.acme, { name, config: { agentInstructions: prompt } });
  ids[account.username] = account.id;
  return account.username;
}

async function createVersion(agent: string, payload: Record<string, unknown>): Promise<Version> {
  const response = await as.acme.post<{ createdVersion: Version }>(versionsUrl(agent), payload);
  expect(response.status, response.text).toBe(201);
  return response.body.createdVersion;
}

const list = async (agent: string, includeData = false) => {
  const response = await as.acme.get<{ versions: Version[] }>(
    `${versionsUrl(agent)}?includeData=${includeData}`,
  );
  expect(response.status, response.text).toBe(200);
  return response.body.versions;
};

const staging = async (agent: string) =>
  (
    await as.acme.get<{
      agent: AgentConfig;
    }>(`/api/v2/agentEventRules/staging?targetAccountId=${ids[agent]}`)
  ).body.agent;

const live = async (agent: string) =>
  (
    await as.acme.get<{
      agent: AgentConfig;
    }>(`/api/v2/agentEventRules/default?targetAccountId=${ids[agent]}`)
  ).body.agent;

describe('agent versions', () => {
  it('round-trips: snapshot, change, restore to staging, publish', async () => {
    const agent = await newAgent('Version Agent', 'Original prompt.');
    const first = await createVersion(agent, { title: 'Launch copy' });
    expect(first).toMatchObject({ title: 'Launch copy', source: 'staging' });

    await as.acme.post(`/api/v2/campaign?targetAccountId=${ids[agent]}`, {
      agentInstructions: 'Changed prompt.',
    });
    expect((await staging(agent)).agentInstructions).toBe('Changed prompt.');

    const restore = await as.acme.post<{ target: string; restored: AgentConfig }>(
      `${versionsUrl(agent)}/${first.versionId}/restore`,
      {},
    );
    expect(restore.status, restore.text).toBe(200);
    expect(restore.body).toMatchObject({
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
    // The agent's first publish (when it was made) is the oldest version.
    expect(plain.map((version) => version.title)).toEqual(['B', 'A', 'Version 1']);
    expect(plain.slice(0, 2).map((version) => version.versionId)).toEqual([b.versionId, a.versionId]);
    expect(plain[0]).not.toHaveProperty('snapshot');
    const full = await list(agent, true);
    expect(full[0]?.snapshot?.agentInstructions).toBe('Prompt A.');
    expect(full[0]?.timestamp).toBeGreaterThan(Date.now() - 60_000);
  });

  it('accepts "default" for production and names an untitled version Auto-<ms>', async () => {
    const agent = await newAgent('Default Agent', 'Live prompt.');
    await as.acme.post(`/api/v2/campaign?targetAccountId=${ids[agent]}`, {
      agentInstructions: 'Draft prompt.',
    });
    const version = await createVersion(agent, { source: 'default' });
    expect(version.source).toBe('production');
    expect(version.title).toMatch(/^Auto-\d{13}$/);
    const [stored] = await list(agent, true);
    expect(stored?.snapshot?.agentInstructions).toBe('Live prompt.');
  });

  it('refuses a production snapshot of an agent never published, and an unknown source', async () => {
    const account = await createAgentAccount(as.acme, { name: 'Unpublished' });
    ids[account.username] = account.id;
    const response = await as.acme.post<{ message: string }>(versionsUrl(account.username), {
      source: 'production',
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('never been published');
    const bad = await as.acme.post<{ message: string }>(versionsUrl(account.username), { source: 'live' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('source');
  });

  it('replaces a snapshot without touching staging or production, and restores it to production', async () => {
    const agent = await newAgent('Replace Agent', 'Before.');
    const version = await createVersion(agent, { title: 'To replace' });
    const replaced = await as.acme.post<{ versionId: number }>(`${versionsUrl(agent)}/${version.versionId}`, {
      snapshot: { agentInstructions: 'Replaced snapshot.', agentVoice: 'Zeus', campaignId: 'campignored' },
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.versionId).toBe(version.versionId);
    expect((await staging(agent)).agentInstructions).toBe('Before.');
    expect((await live(agent)).agentInstructions).toBe('Before.');

    const restore = await as.acme.post(`${versionsUrl(agent)}/${version.versionId}/restore`, {
      target: 'production',
    });
    expect(restore.status, restore.text).toBe(200);
    expect(await live(agent)).toMatchObject({ agentInstructions: 'Replaced snapshot.', agentVoice: 'Zeus' });
    expect((await live(agent)).campaignId).not.toBe('campignored');
    expect((await staging(agent)).agentInstructions).toBe('Before.');
  });

  it('refuses to restore a snapshot without a prompt', async () => {
    const agent = await newAgent('Empty Snapshot Agent', 'Has a prompt.');
    const version = await createVersion(agent, { title: 'Empty' });
    await as.acme.post(`${versionsUrl(agent)}/${version.versionId}`, {
      snapshot: { agentInstructions: '' },
    });
    const restore = await as.acme.post<{ message: string }>(
      `${versionsUrl(agent)}/${version.versionId}/restore`,
      {},
    );
    expect(restore.status).toBe(400);
    expect(restore.body.message).toBe('Please enter a prompt.');
  });

  it('renames and deletes', async () => {
    const agent = await newAgent('Rename Agent', 'Prompt.');
    const version = await createVersion(agent, { title: 'Old name' });
    const renamed = await as.acme.put(`${versionsUrl(agent)}/${version.versionId}/title`, {
      title: '  New name ',
    });
    expect(renamed.body).toEqual({ success: true, versionId: version.versionId, newTitle: 'New name' });
    const blank = await as.acme.put(`${versionsUrl(agent)}/${version.versionId}/title`, {
      title: ' ',
    });
    expect(blank.status).toBe(400);

    const deleted = await as.acme.delete(`${versionsUrl(agent)}/${version.versionId}`);
    expect(deleted.status).toBe(200);
    expect((await list(agent)).map((left) => left.title)).toEqual(['Version 1']);
    const again = await as.acme.delete(`${versionsUrl(agent)}/${version.versionId}`);
    expect(again.status).toBe(404);
  });

  it("does not reach one agent's version through another agent's path", async () => {
    const owner = await newAgent('Owner Agent', 'Prompt.');
    const other = await newAgent('Other Agent', 'Prompt.');
    const version = await createVersion(owner, { title: 'Mine' });
    for (const [method, suffix, payload] of [
      ['post', '/restore', {}],
      ['put', '/title', { title: 'Stolen' }],
      ['delete', '', undefined],
      ['post', '', { snapshot: { agentInstructions: 'x' } }],
    ] as const) {
      const response = await as.acme[method](`${versionsUrl(other)}/${version.versionId}${suffix}`, payload);
      expect(response.status, `${method} ${suffix}`).toBe(404);
    }
    expect((await list(owner))[0]?.title).toBe('Mine');
  });

  it("refuses a sibling organization's agent and a path id that is not an agent", async () => {
    const foreign = await as.globex.get(versionsUrl('agent1'));
    expect(foreign.status).toBe(403);
    const org = await as.acme.get<{ message: string }>(`/api/v2/agent/${ids.acme}/versions`);
    expect(org.status).toBe(400);
    expect(org.body.message).toContain('not an agent account');
  });
});
