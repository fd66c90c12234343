import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentConfig, AgentTemplate } from '@switchboard/contract';
import { accounts, builtInAgentTemplates, eq } from '@switchboard/db';
import {
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

const builtInIds = [
  'receptionist',
  'appointment-booking',
  'lead-qualification',
  'after-hours',
  'restaurant-orders',
  'real-estate',
];

const templatesOf = async (who: DemoPerson, target?: string) => {
  const response = await as[who].get<{ templates: AgentTemplate[] }>(
    `/api/v2/templates${target ? `?targetAccountId=${ids[target]}` : ''}`,
  );
  expect(response.status, response.text).toBe(200);
  return response.body.templates;
};

const exampleValues = (template: AgentTemplate) =>
  Object.fromEntries(template.fields.map((field) => [field.key, field.example]));

async function createResellerTemplate(payload: Record<string, unknown>): Promise<AgentTemplate> {
  const response = await as.reseller.post<{ template: AgentTemplate }>(
    `/api/v2/templates/createTemplate?targetAccountId=${ids.reseller}`,
    payload,
  );
  expect(response.status, response.text).toBe(201);
  return response.body.template;
}

describe('built-in templates', () => {
  it('are offered to every account, read-only, with a field for every variable they use', async () => {
    const templates = await templatesOf('acme');
    const builtIns = templates.filter((template) => template.builtIn);
    expect(builtIns.map((template) => template.id).sort()).toEqual([...builtInIds].sort());
    for (const template of builtIns) {
      expect(template, template.id).toMatchObject({
        editable: false,
        disabled: false,
        unfilledVariables: [],
      });
      expect(template.fields.length, template.id).toBeGreaterThanOrEqual(5);
      expect(template.config.agentInstructions.length, template.id).toBeGreaterThan(400);
      expect(template.config.welcomeMessage, template.id).not.toBe('');
      expect(template.config.knowledge, template.id).not.toBe('');
      for (const field of template.fields) expect(field.example, `${template.id}.${field.key}`).not.toBe('');
    }
    expect((await templatesOf('globex')).filter((template) => template.builtIn)).toHaveLength(6);
  });

  it('store configs the agent schema reads without dropping anything', async () => {
    for (const source of builtInAgentTemplates) {
      const response = await as.acme.get<{ template: AgentTemplate }>(`/api/v2/templates/${source.id}`);
      const { template } = response.body;
      for (const key of Object.keys(source.config)) {
        expect(template.config[key as keyof AgentConfig], `${source.id}.${key}`).toEqual(source.config[key]);
      }
    }
  });

  it('make working agents: every variable filled, with transfer, message and booking actions', async () => {
    for (const id of builtInIds) {
      const { template } = (
        await as.acme.get<{
          template: AgentTemplate;
        }>(`/api/v2/templates/${id}`)
      ).body;
      const response = await as.acme.post<{ campaign: AgentConfig }>('/api/v2/createAgentFromTemplate', {
        templateId: id,
        templateFields: exampleValues(template),
      });
      expect(response.status, response.text).toBe(201);
      const { campaign } = response.body;
      expect(JSON.stringify(campaign), id).not.toContain('{{');
      const names = campaign.actions.map((action) => action.name);
      expect(names, id).toEqual(expect.arrayContaining(['take_message', 'transfer_call']));
      const transfer = campaign.actions.find((action) => action.name === 'transfer_call');
      expect(transfer?.destinations?.[0]?.number, id).toMatch(/^\+1\d{10}$/);
    }
  });

  it('cannot be changed or deleted', async () => {
    const save = await as.reseller.post<{ message: string }>('/api/v2/templates/receptionist', {
      name: 'Mine now',
    });
    expect(save.status).toBe(403);
    expect(save.body.message).toContain('fromTemplateId');
    const remove = await as.superadmin.delete('/api/v2/templates/receptionist');
    expect(remove.status).toBe(403);
  });
});

describe("a reseller's own templates", () => {
  it('start disabled, hidden from the organizations below until enabled, and editable only by the reseller', async () => {
    const template = await createResellerTemplate({
      name: 'Dental front desk',
      fromTemplateId: 'receptionist',
    });
    expect(template).toMatchObject({
      builtIn: false,
      editable: true,
      disabled: true,
      published: false,
      ownerAccountId: ids.reseller,
    });
    expect(template.id).toMatch(/^tmpl[0-9a-f]{12}$/);
    expect(template.fields.map((field) => field.key)).toContain('openingHours');

    expect((await templatesOf('acme')).some((item) => item.id === template.id)).toBe(false);
    expect((await as.acme.get(`/api/v2/templates/${template.id}`)).status).toBe(404);

    const enable = await as.reseller.post<{ message: string }>(`/api/v2/templates/${template.id}`, {
      disabled: false,
      published: true,
    });
    expect(enable.status, enable.text).toBe(200);
    expect(enable.body.message).toBe('Template published');

    const seen = (await templatesOf('acme')).find((item) => item.id === template.id);
    expect(seen).toMatchObject({ editable: false, disabled: false });
    expect((await templatesOf('partner')).find((item) => item.id === template.id)?.editable).toBe(true);

    const orgEdit = await as.acme.post(`/api/v2/templates/${template.id}`, { name: 'Taken' });
    expect(orgEdit.status).toBe(403);
    const orgDelete = await as.acme.delete(`/api/v2/templates/${template.id}`);
    expect(orgDelete.status).toBe(403);
  });

  it('merge config changes, replace fields, and reject a publish without a prompt or repeated keys', async () => {
    const template = await createResellerTemplate({
      name: 'Blank',
      config: { welcomeMessage: 'Hello from {{businessName}}.' },
      fields: [{ key: 'businessName', label: 'Business name', required: true }],
    });
    expect(template.unfilledVariables).toEqual([]);

    const publish = await as.reseller.post<{ message: string }>(`/api/v2/templates/${template.id}`, {
      published: true,
    });
    expect(publish.status).toBe(400);
    expect(publish.body.message).toBe('Please enter a prompt.');

    const twice = await as.reseller.post<{ message: string }>(`/api/v2/templates/${template.id}`, {
      fields: [
        { key: 'city', label: 'City' },
        { key: 'city', label: 'Town' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toContain('"city" is used twice');

    const saved = await as.reseller.post<{ template: AgentTemplate }>(`/api/v2/templates/${template.id}`, {
      name: 'Renamed',
      config: { agentInstructions: 'You work in {{city}} for {{businessName}}.' },
    });
    expect(saved.status, saved.text).toBe(200);
    const after = saved.body.template;
    expect(after).toMatchObject({
      name: 'Renamed',
      config: { welcomeMessage: 'Hello from {{businessName}}.' },
      unfilledVariables: ['city'],
    });
  });

  it('can only be created by a reseller or partner', async () => {
    const response = await as.acme.post('/api/v2/templates/createTemplate', {
      name: 'Org template',
    });
    expect(response.status).toBe(403);
    const blank = await as.reseller.post<{ message: string }>('/api/v2/templates/createTemplate', {
      name: '  ',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('name');
  });

  it('can be made from an agent, keeping its variables and its template fields', async () => {
    const template = await createResellerTemplate({
      name: 'From agent1',
      fromAgentAccountId: ids.agent1,
    });
    expect(template.config.agentInstructions).toContain('{{openingHours}}');
    expect(template.config).toMatchObject({ templateId: null, templateFields: {} });
    expect(template.fields.map((field) => field.key)).toContain('transferNumber');
  });

  it('when deleted, leave the agents made from them running their text', async () => {
    const template = await createResellerTemplate({ name: 'Short lived', fromTemplateId: 'after-hours' });
    await as.reseller.post(`/api/v2/templates/${template.id}`, { disabled: false });
    const made = await as.acme.post<{ account: { id: number } }>('/api/v2/createAgentFromTemplate', {
      templateId: template.id,
      templateFields: exampleValues(template),
      accountName: 'Doomed template agent',
    });
    expect(made.status, made.text).toBe(201);
    const agentId = made.body.account.id;

    const removed = await as.reseller.delete(`/api/v2/templates/${template.id}`);
    expect(removed.status).toBe(200);
    expect((await as.reseller.get(`/api/v2/templates/${template.id}`)).status).toBe(404);

    const after = await as.acme.get<{ campaign: AgentConfig }>(
      `/api/v2/campaigns?targetAccountId=${agentId}`,
    );
    expect(after.body.campaign).toMatchObject({ templateId: null });
    expect(after.body.campaign.agentInstructions).toContain('Globex Plumbing');
  });
});

describe('creating an agent from a template', () => {
  const fields = {
    businessName: 'Riverside Physio',
    businessDescription: 'a physiotherapy clinic',
    openingHours: 'Monday to Thursday from 8 am to 8 pm',
    address: '5 River Walk, Austin, TX 78701',
    services: 'sports massage, rehabilitation and dry needling',
    prices: 'A first assessment costs $90.',
    parking: 'Street parking is free after 6 pm.',
    transferNumber: '+15125550155',
  };

  it('books within the opening hours the person gave, not the template example hours', async () => {
    const template = builtInAgentTemplates.find((one) => one.id === 'appointment-booking');
    const answers = Object.fromEntries((template?.fields ?? []).map((field) => [field.key, field.example]));
    const response = await as.acme.post<{ campaign: AgentConfig }>('/api/v2/createAgentFromTemplate', {
      templateId: 'appointment-booking',
      templateFields: { ...answers, openingHours: 'Monday to Friday from 8 am to 5 pm' },
      accountName: 'Hours from the wizard',
    });
    expect(response.status, response.text).toBe(201);
    const booking = response.body.campaign.actions.find(
      (action) => action.name === 'book_appointment',
    )?.booking;
    // The template's own example is Tuesday to Saturday, 10 to 19, in 60-minute appointments.
    expect(booking).toMatchObject({
      days: [1, 2, 3, 4, 5],
      startTime: '08:00',
      endTime: '17:00',
      durationMinutes: 60,
    });
  });

  it('creates a published agent under the organization, named after the business', async () => {
    const response = await as.acme.post<{
      account: { id: number; accountType: string; displayName: string };
      campaign: AgentConfig;
    }>('/api/v2/createAgentFromTemplate', {
      templateId: 'receptionist',
      templateFields: { ...fields, unknownField: 'dropped' },
    });
    expect(response.status, response.text).toBe(201);
    const body = response.body;
    expect(body.account).toMatchObject({ accountType: 'agent', displayName: 'Riverside Physio' });
    const [row] = await kit.db.select().from(accounts).where(eq(accounts.id, body.account.id));
    expect(row?.organizationId).toBe(ids.acme);
    expect(body.campaign.agentInstructions).toContain('We are open Monday to Thursday from 8 am to 8 pm.');
    expect(body.campaign.templateFields).toEqual(fields);

    const live = await as.acme.get<{ agent: AgentConfig }>(
      `/api/v2/agentEventRules/default?targetAccountId=${body.account.id}`,
    );
    expect(live.body.agent.agentInstructions).toContain('Riverside Physio');
    const raw = await as.reseller.get<{ campaign: AgentConfig }>(
      `/api/v2/campaigns?targetAccountId=${body.account.id}`,
    );
    expect(raw.body.campaign.agentInstructions).toContain('{{businessName}}');
  });

  it('lets a reseller create one under a named organization', async () => {
    const response = await as.reseller.post<{ account: { displayName: string } }>(
      `/api/v2/createAgentFromTemplate?targetOrganizationId=${ids.globex}`,
      { templateId: 'receptionist', templateFields: fields, accountName: 'Globex Physio Line' },
    );
    expect(response.status, response.text).toBe(201);
    expect(response.body.account.displayName).toBe('Globex Physio Line');
  });

  it('names a missing required field', async () => {
    const { openingHours: _missing, ...rest } = fields;
    const response = await as.acme.post<{ message: string }>('/api/v2/createAgentFromTemplate', {
      templateId: 'receptionist',
      templateFields: { ...rest, address: '   ' },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('body.templateFields.openingHours: Opening hours is required');
  });

  it('refuses an unknown or hidden template, a non-organization, and another tenant', async () => {
    const unknown = await as.acme.post('/api/v2/createAgentFromTemplate', {
      templateId: 'nope',
      templateFields: fields,
    });
    expect(unknown.status).toBe(404);

    const hidden = await createResellerTemplate({ name: 'Hidden', fromTemplateId: 'receptionist' });
    const useHidden = await as.acme.post('/api/v2/createAgentFromTemplate', {
      templateId: hidden.id,
      templateFields: fields,
    });
    expect(useHidden.status).toBe(404);

    const asAgent = await as.agent1.post('/api/v2/createAgentFromTemplate', {
      templateId: 'receptionist',
      templateFields: fields,
    });
    expect(asAgent.status).toBe(400);

    const foreign = await as.globex.post(`/api/v2/createAgentFromTemplate?targetOrganizationId=${ids.acme}`, {
      templateId: 'receptionist',
      templateFields: fields,
    });
    expect(foreign.status).toBe(403);
  });
});
