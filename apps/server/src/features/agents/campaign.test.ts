import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentConfig } from '@switchboard/contract';
import {
  createAgentAccount,
  demoPeople,
  startApp,
  type DemoApp,
  type DemoPerson,
  type SignedInClient,
} from '@switchboard/testing';
import { getAgentConfig } from './agents.service';

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

interface CampaignBody {
  success: boolean;
  campaign: AgentConfig;
  unpublishedChanges: boolean;
  publishedAt: string | null;
  code?: string;
  message?: string;
}

const campaignOf = async (agent: string, who: DemoPerson, extra = '') => {
  const response = await as[who].get<CampaignBody>(`/api/v2/campaigns?targetAccountId=${ids[agent]}${extra}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
};

const save = (agent: string, who: DemoPerson, payload: Record<string, unknown>) =>
  as[who].post<CampaignBody>(`/api/v2/campaign?targetAccountId=${ids[agent]}`, payload);

/** A fresh agent account under acme, with no campaign yet. */
async function newAgent(name: string): Promise<string> {
  const account = await createAgentAccount(as.acme, { name });
  ids[account.username] = account.id;
  return account.username;
}

describe('the functions catalogue', () => {
  it('lists every built-in function with its parameters', async () => {
    const response = await as.acme.get<{
      functions: { name: string; allowed: boolean; parameters: object }[];
    }>(`/api/v2/agent/functions?targetAccountId=${ids.agent1}`);
    expect(response.status).toBe(200);
    const { functions } = response.body;
    expect(functions.map((fn) => fn.name)).toEqual([
      'end_conversation',
      'transfer_call',
      'send_sms',
      'take_message',
      'collect_data',
      'book_appointment',
      'query_knowledge_base',
    ]);
    expect(functions.every((fn) => fn.allowed)).toBe(true);
  });

  it('says why SMS is not available to an account without text messaging', async () => {
    const response = await as.globex.get<{
      functions: { name: string; allowed: boolean; reason: string | null }[];
    }>(`/api/v2/agent/functions?targetAccountId=${ids.agent3}`);
    const sms = response.body.functions.find((fn) => fn.name === 'send_sms');
    expect(sms).toMatchObject({ allowed: false, reason: 'Text messaging is not enabled for this account.' });
  });
});

describe('reading a campaign', () => {
  it('gives the demo receptionist its published config with the facts filled in', async () => {
    const body = await campaignOf('agent1', 'acme');
    expect(body.campaign.campaignId).toMatch(/^camp[0-9a-f]{12}$/);
    expect(body.campaign.agentInstructions).toContain('We are open Monday to Friday from 9 am to 6 pm.');
    expect(body.campaign.agentInstructions).toContain(
      'Our address is 120 Main Street, Springfield, IL 62701.',
    );
    expect(body.campaign.agentInstructions).not.toContain('{{');
    expect(body.campaign.actions.map((action) => action.name)).toEqual(
      expect.arrayContaining(['book_appointment', 'transfer_call', 'take_message']),
    );
    expect(body.campaign.templateId).toBe('receptionist');
    const booking = body.campaign.actions.find((action) => action.name === 'book_appointment')?.booking;
    expect(booking).toMatchObject({ days: [1, 2, 3, 4, 5], startTime: '09:00', endTime: '18:00' });
    expect(body.campaign.timezone).toBe('America/Chicago');
    expect(body).toMatchObject({ unpublishedChanges: false, campaign: { published: true } });
    expect(body.publishedAt).not.toBeNull();
  });

  it('shows template variables as written to resellers, partners and super admins unless forced', async () => {
    for (const who of ['reseller', 'partner', 'superadmin'] as const) {
      const raw = await campaignOf('agent1', who);
      expect(raw.campaign.agentInstructions, who).toContain('We are open {{openingHours}}.');
      const forced = await campaignOf('agent1', who, '&forceReplaceTemplateVars=true');
      expect(forced.campaign.agentInstructions, who).toContain(
        'We are open Monday to Friday from 9 am to 6 pm.',
      );
    }
    const own = await campaignOf('agent1', 'agent1');
    expect(own.campaign.agentInstructions).toContain('Acme Dental');
  });

  it('gives an agent that was never saved the default config, not an error', async () => {
    const fresh = await newAgent('Fresh Agent');
    const body = await campaignOf(fresh, 'acme');
    expect(body.campaign).toMatchObject({ agentInstructions: '', revision: 0, published: true, actions: [] });
    expect(body).toMatchObject({ unpublishedChanges: false, publishedAt: null });
  });

  it('refuses an account that is not an agent', async () => {
    const response = await as.acme.get<{ message: string }>(`/api/v2/campaigns?targetAccountId=${ids.acme}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('not an agent account');
  });

  it("refuses another organization's agent", async () => {
    const response = await as.globex.get(`/api/v2/campaigns?targetAccountId=${ids.agent1}`);
    expect(response.status).toBe(403);
  });

  it('serves the live and the staging config separately', async () => {
    const live = await as.acme.get<{ agent: AgentConfig }>(
      `/api/v2/agentEventRules/default?targetAccountId=${ids.agent2}`,
    );
    const staging = await as.acme.get<{ agent: AgentConfig }>(
      `/api/v2/agentEventRules/staging?targetAccountId=${ids.agent2}`,
    );
    expect(live.status).toBe(200);
    expect(live.body.agent.agentInstructions).toContain('outside opening hours');
    expect(staging.body.agent.agentInstructions).toBe(live.body.agent.agentInstructions);
    const raw = await as.reseller.get<{ agent: AgentConfig }>(
      `/api/v2/agentEventRules/default?targetAccountId=${ids.agent2}`,
    );
    expect(raw.body.agent.agentInstructions).toContain('{{businessName}}');
  });
});

describe('saving staging', () => {
  it('keeps omitted fields, bumps the revision and leaves production alone', async () => {
    const agent = await newAgent('Save Agent');
    const first = await save(agent, 'acme', {
      agentInstructions: 'You answer for Save Co.',
      agentVoice: 'Luna',
    });
    expect(first.status, first.text).toBe(200);
    const saved = first.body;
    expect(saved.campaign).toMatchObject({
      agentInstructions: 'You answer for Save Co.',
      agentVoice: 'Luna',
    });
    expect(saved.unpublishedChanges).toBe(true);
    expect(saved.campaign.published).toBe(false);

    const second = await save(agent, 'acme', { welcomeMessage: 'Hello!', revision: saved.campaign.revision });
    expect(second.status, second.text).toBe(200);
    const after = second.body.campaign;
    expect(after).toMatchObject({
      agentInstructions: 'You answer for Save Co.',
      agentVoice: 'Luna',
      welcomeMessage: 'Hello!',
    });
    expect(after.revision).toBeGreaterThan(saved.campaign.revision);

    const live = await as.acme.get<{ agent: AgentConfig }>(
      `/api/v2/agentEventRules/default?targetAccountId=${ids[agent]}`,
    );
    expect(live.body.agent.agentInstructions).toBe('');
  });

  it('answers 409 with the current copy for a stale revision, and applies a save without one', async () => {
    const agent = await newAgent('Conflict Agent');
    const base = (await save(agent, 'acme', { agentInstructions: 'Version one.' })).body.campaign;
    const other = await save(agent, 'acme', { agentInstructions: 'Version two.', revision: base.revision });
    expect(other.status).toBe(200);

    const stale = await save(agent, 'acme', { agentInstructions: 'Stale edit.', revision: base.revision });
    expect(stale.status).toBe(409);
    const conflict = stale.body;
    expect(conflict).toMatchObject({ success: false, code: 'CONFLICT' });
    expect(conflict.campaign.agentInstructions).toBe('Version two.');
    expect(conflict.campaign.revision).toBe(other.body.campaign.revision);

    const blind = await save(agent, 'acme', { agentInstructions: 'Applied as is.' });
    expect(blind.status).toBe(200);
    expect((await campaignOf(agent, 'acme')).campaign.agentInstructions).toBe('Applied as is.');
  });

  it('lets only one of two racing first saves that both read revision 0 through', async () => {
    const agent = await newAgent('Race Agent');
    const results = await Promise.all([
      save(agent, 'acme', { agentInstructions: 'Tab one.', revision: 0 }),
      save(agent, 'acme', { agentInstructions: 'Tab two.', revision: 0 }),
    ]);
    expect(results.map((response) => response.status).sort()).toEqual([200, 409]);
    const winner = results.find((response) => response.status === 200);
    expect((await campaignOf(agent, 'acme')).campaign.agentInstructions).toBe(
      winner?.body.campaign.agentInstructions,
    );
  });

  it("refuses an empty prompt with the spec's message", async () => {
    const agent = await newAgent('Empty Prompt Agent');
    for (const payload of [{ agentInstructions: '   ' }, { welcomeMessage: 'Hi' }]) {
      const response = await save(agent, 'acme', payload);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Please enter a prompt.');
    }
    const publish = await as.acme.post<{ message: string }>(
      `/api/v2/agent/publish?targetAccountId=${ids[agent]}`,
    );
    expect(publish.status).toBe(400);
    expect(publish.body.message).toBe('Please enter a prompt.');
  });

  it('adds only apps with an appId and a version, once each', async () => {
    const agent = await newAgent('Apps Agent');
    const response = await save(agent, 'acme', {
      agentInstructions: 'Use the apps.',
      apps: [
        { appId: 'squareUp', version: 'v1' },
        { appId: 'squareUp', version: 'v1', instructions: 'again' },
        { appId: 'hubspot' },
        { version: 'v2' },
        { appId: 'hubspot', version: 'v2', instructions: 'Look up contacts.' },
      ],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.campaign.apps).toEqual([
      { appId: 'squareUp', version: 'v1', instructions: '' },
      { appId: 'hubspot', version: 'v2', instructions: 'Look up contacts.' },
    ]);
  });

  it('ignores read-only fields and names an invalid field', async () => {
    const agent = await newAgent('Readonly Agent');
    const response = await save(agent, 'acme', {
      agentInstructions: 'Prompt.',
      campaignId: 'campdeadbeef0000',
      updatedAt: '2000-01-01T00:00:00.000Z',
      published: false,
    });
    expect(response.status).toBe(200);
    const { campaign } = response.body;
    expect(campaign.campaignId).not.toBe('campdeadbeef0000');
    expect(campaign.updatedAt).not.toBe('2000-01-01T00:00:00.000Z');

    const invalid = await save(agent, 'acme', { agentLang: 'klingon' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(invalid.body.message).toContain('agentLang');
  });

  it('lets nobody outside the tree save', async () => {
    const response = await save('agent1', 'globex', { agentInstructions: 'Hijacked.' });
    expect(response.status).toBe(403);
    expect((await campaignOf('agent1', 'acme')).campaign.agentInstructions).not.toContain('Hijacked');
  });
});

describe('publishing and reverting', () => {
  it('publishes staging to production, which the runtime then runs', async () => {
    const agent = await newAgent('Publish Agent');
    await save(agent, 'acme', { agentInstructions: 'We are open every day from 8 am to 8 pm.' });
    expect(await getAgentConfig(kit.db, ids[agent] ?? 0, 'production')).toMatchObject({
      agentInstructions: '',
    });

    const response = await as.acme.post<{ message: string; campaignId: string; agent: AgentConfig }>(
      `/api/v2/agent/publish?targetAccountId=${ids[agent]}`,
    );
    expect(response.status, response.text).toBe(200);
    const body = response.body;
    expect(body.message).toBe(`Agent ${body.campaignId} published`);
    expect(body.agent).toMatchObject({
      agentInstructions: 'We are open every day from 8 am to 8 pm.',
      published: true,
    });
    expect((await campaignOf(agent, 'acme')).unpublishedChanges).toBe(false);

    const running = await getAgentConfig(kit.db, ids[agent] ?? 0, 'production');
    expect(running.agentInstructions).toBe('We are open every day from 8 am to 8 pm.');
  });

  it('saves and publishes in one call with published: true', async () => {
    const agent = await newAgent('One Step Agent');
    const response = await save(agent, 'acme', { agentInstructions: 'Straight to live.', published: true });
    expect(response.body).toMatchObject({
      message: 'Agent saved and published.',
      unpublishedChanges: false,
    });
    expect((await getAgentConfig(kit.db, ids[agent] ?? 0, 'production')).agentInstructions).toBe(
      'Straight to live.',
    );
  });

  it('reverts a draft to the published config', async () => {
    const agent = await newAgent('Revert Agent');
    await save(agent, 'acme', { agentInstructions: 'Published text.', published: true });
    await save(agent, 'acme', { agentInstructions: 'Draft text.', agentVoice: 'Orion' });
    expect((await campaignOf(agent, 'acme')).unpublishedChanges).toBe(true);

    const response = await as.acme.post<CampaignBody>(`/api/v2/agent/revert?targetAccountId=${ids[agent]}`);
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.campaign).toMatchObject({ agentInstructions: 'Published text.', agentVoice: 'Asteria' });
    expect(body.unpublishedChanges).toBe(false);
  });

  it('gives the runtime filled-in template variables, and the default config for an unknown agent', async () => {
    const live = await getAgentConfig(kit.db, ids.agent1 ?? 0, 'production');
    expect(live.agentInstructions).toContain('We are open Monday to Friday from 9 am to 6 pm.');
    const transfer = live.actions.find((action) => action.name === 'transfer_call');
    expect(transfer?.destinations?.[0]?.number).toBe('+15550100099');
    expect(await getAgentConfig(kit.db, 987_654_321, 'production')).toMatchObject({
      agentInstructions: '',
      actions: [],
    });
  });
});

describe('templates on an agent', () => {
  it('attaches a template by saving its id, and detaching keeps the filled-in text', async () => {
    const agent = await newAgent('Attach Agent');
    const attach = await save(agent, 'acme', {
      templateId: 'after-hours',
      templateFields: {
        businessName: 'Night Owl Vets',
        openingHours: 'Monday to Friday from 8 am to 5 pm',
        address: '1 Elm Road',
        emergencyDefinition: 'a pet that is struggling to breathe',
        callbackPromise: 'We call back by 9 am.',
        transferNumber: '+15125550111',
      },
    });
    expect(attach.status, attach.text).toBe(200);
    expect(attach.body.campaign).toMatchObject({ templateId: 'after-hours' });
    expect(attach.body.campaign.agentInstructions).toContain(
      'We are open Monday to Friday from 8 am to 5 pm.',
    );
    expect((await campaignOf(agent, 'reseller')).campaign.agentInstructions).toContain('{{openingHours}}');

    const detach = await as.acme.post<CampaignBody & { mode: string }>(
      `/api/v2/detachAgentFromTemplate?targetAccountId=${ids[agent]}`,
      {
        mode: 'FULL_AGENT',
      },
    );
    expect(detach.status, detach.text).toBe(200);
    const detached = detach.body;
    expect(detached.mode).toBe('FULL_AGENT');
    expect(detached.campaign).toMatchObject({ templateId: null, templateFields: {} });
    // The text is the agent's own now: a reseller sees the values too.
    const raw = await campaignOf(agent, 'reseller');
    expect(raw.campaign.agentInstructions).toContain('Night Owl Vets');
    expect(raw.campaign.agentInstructions).not.toContain('{{');
  });

  it('keeps the variables of fields sent back exactly as they were shown filled in', async () => {
    const shown = (await campaignOf('agent2', 'acme')).campaign;
    const response = await save('agent2', 'acme', {
      ...shown,
      welcomeMessage: 'Acme Dental is closed. How can I help?',
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.campaign.agentInstructions).toBe(shown.agentInstructions);
    const raw = (await campaignOf('agent2', 'reseller')).campaign;
    expect(raw.agentInstructions).toContain('We are open {{openingHours}}.');
    expect(raw.knowledge).toContain('{{businessName}}');
    expect(raw.welcomeMessage).toBe('Acme Dental is closed. How can I help?');
  });

  it('refuses to attach a template that does not exist', async () => {
    const response = await save('agent2', 'acme', { templateId: 'no-such-template' });
    expect(response.status).toBe(404);
  });
});
