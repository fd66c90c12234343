import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentConfig } from '@switchboard/contract';
import { eq, users } from '@switchboard/db';
import {
  createAgentAccount,
  demoPeople,
  startApp,
  type DemoApp,
  type DemoPerson,
  type SignedInClient,
} from '@switchboard/testing';

let kit: DemoApp;
let as: Record<DemoPerson, SignedInClient>;
beforeAll(async () => {
  kit = await startApp();
  as = await kit.signInEach(...demoPeople);
});
afterAll(() => kit.close());

interface Version {
  versionId: number;
  title: string;
  source: 'staging' | 'production';
  kind: 'saved' | 'publish';
  publishNumber: number | null;
  note: string | null;
  createdBy: { userId: number; name: string } | null;
  timestamp: number;
  snapshot?: AgentConfig;
}

interface CampaignView {
  campaign: AgentConfig;
  unpublishedChanges: boolean;
  publishedAt: string | null;
}

async function newDraftAgent(name: string, prompt: string): Promise<number> {
  const account = await createAgentAccount(as.acme, { name });
  const saved = await as.acme.post(`/api/v2/campaign?targetAccountId=${account.id}`, {
    agentInstructions: prompt,
  });
  expect(saved.status, saved.text).toBe(200);
  return account.id;
}

const publish = (agentId: number, body?: Record<string, unknown>) =>
  as.acme.post<{ message: string }>(`/api/v2/agent/publish?targetAccountId=${agentId}`, body);

const list = async (agentId: number, includeData = false) => {
  const response = await as.acme.get<{ versions: Version[] }>(
    `/api/v2/agent/${agentId}/versions?includeData=${includeData}`,
  );
  expect(response.status, response.text).toBe(200);
  return response.body.versions;
};

const campaign = async (agentId: number) =>
  (await as.acme.get<CampaignView>(`/api/v2/campaigns?targetAccountId=${agentId}`)).body;

describe('every publish is a version', () => {
  it('records who published, when and the note, numbered per agent', async () => {
    const agentId = await newDraftAgent('Publish Note Agent', 'First prompt.');
    expect(await list(agentId)).toEqual([]);

    const first = await publish(agentId, { note: '  Opening hours added  ' });
    expect(first.status, first.text).toBe(200);
    await as.acme.post(`/api/v2/campaign?targetAccountId=${agentId}`, {
      agentInstructions: 'Second prompt.',
    });
    const second = await publish(agentId);
    expect(second.status, second.text).toBe(200);

    const versions = await list(agentId, true);
    expect(versions.map((version) => [version.title, version.publishNumber, version.note])).toEqual([
      ['Version 2', 2, null],
      ['Version 1', 1, 'Opening hours added'],
    ]);
    // The publisher is the person signed in to Acme, named as the users table names them.
    const [publisher] = await kit.db
      .select()
      .from(users)
      .where(eq(users.id, versions[0]?.createdBy?.userId ?? -1));
    expect(publisher?.accountId).toBe(as.acme.id);
    for (const version of versions) {
      expect(version).toMatchObject({ kind: 'publish', source: 'production' });
      expect(version.createdBy).toEqual({
        userId: publisher?.id,
        name: publisher?.name?.trim() ? publisher.name.trim() : publisher?.email,
      });
      expect(version.timestamp).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(versions[0]?.snapshot?.agentInstructions).toBe('Second prompt.');
    expect(versions[1]?.snapshot?.agentInstructions).toBe('First prompt.');
  });

  it('counts a save that publishes, and a restore to production, as publishes', async () => {
    const agentId = await newDraftAgent('Save Publish Agent', 'Draft.');
    const saved = await as.acme.post(`/api/v2/campaign?targetAccountId=${agentId}`, {
      agentInstructions: 'Saved and published.',
      published: true,
    });
    expect(saved.status, saved.text).toBe(200);
    const [v1] = await list(agentId);
    expect(v1).toMatchObject({ title: 'Version 1', kind: 'publish', publishNumber: 1 });

    const restored = await as.acme.post(`/api/v2/agent/${agentId}/versions/${v1?.versionId}/restore`, {
      target: 'production',
    });
    expect(restored.status, restored.text).toBe(200);
    const [v2] = await list(agentId);
    expect(v2).toMatchObject({ publishNumber: 2, note: 'Restored from "Version 1"' });
  });

  it('restoring a published version makes it the draft to publish', async () => {
    const agentId = await newDraftAgent('Restore Draft Agent', 'Old live prompt.');
    await publish(agentId, { note: 'first' });
    await as.acme.post(`/api/v2/campaign?targetAccountId=${agentId}`, {
      agentInstructions: 'New live prompt.',
    });
    await publish(agentId, { note: 'second' });
    expect((await campaign(agentId)).unpublishedChanges).toBe(false);

    const old = (await list(agentId)).find((version) => version.publishNumber === 1);
    const restore = await as.acme.post(`/api/v2/agent/${agentId}/versions/${old?.versionId}/restore`, {});
    expect(restore.status, restore.text).toBe(200);
    const view = await campaign(agentId);
    expect(view.campaign.agentInstructions).toBe('Old live prompt.');
    expect(view.unpublishedChanges).toBe(true);
    expect(view.campaign.published).toBe(false);
    const production = await as.acme.get<{ agent: AgentConfig }>(
      `/api/v2/agentEventRules/default?targetAccountId=${agentId}`,
    );
    expect(production.body.agent.agentInstructions).toBe('New live prompt.');
    // Restoring to the draft publishes nothing.
    expect((await list(agentId)).filter((version) => version.kind === 'publish')).toHaveLength(2);
  });

  it('refuses a note that is too long and leaves nothing published', async () => {
    const agentId = await newDraftAgent('Long Note Agent', 'Prompt.');
    const response = await publish(agentId, { note: 'x'.repeat(501) });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('note');
    expect(await list(agentId)).toEqual([]);
    expect((await campaign(agentId)).publishedAt).toBeNull();
  });

  it('a refused publish (no prompt) writes no version', async () => {
    const account = await createAgentAccount(as.acme, { name: 'No Prompt Agent' });
    const response = await publish(account.id, { note: 'nothing to publish' });
    expect(response.status).toBe(400);
    expect(await list(account.id)).toEqual([]);
  });

  it("keeps a sibling organization away from an agent's publishes and versions", async () => {
    const agentId = await newDraftAgent('Private Publish Agent', 'Prompt.');
    await publish(agentId, { note: 'ours' });
    const [version] = await list(agentId);

    const foreignPublish = await as.globex.post(`/api/v2/agent/publish?targetAccountId=${agentId}`, {
      note: 'theirs',
    });
    expect(foreignPublish.status).toBe(403);
    const foreignList = await as.globex.get(`/api/v2/agent/${agentId}/versions`);
    expect(foreignList.status).toBe(403);
    const foreignRestore = await as.globex.post(
      `/api/v2/agent/${agentId}/versions/${version?.versionId}/restore`,
      {},
    );
    expect([403, 404]).toContain(foreignRestore.status);
    expect((await list(agentId)).map((left) => left.note)).toEqual(['ours']);
  });
});
