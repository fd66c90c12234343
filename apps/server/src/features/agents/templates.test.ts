import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentConfig, AgentTemplate } from '@switchboard/contract';
import { accounts, builtInAgentTemplates, eq, seedDemoData } from '@switchboard/db';
import { startStudioKit, type StudioKit } from './studio-test-kit';

let kit: StudioKit;
beforeAll(async () => {
  kit = await startStudioKit(seedDemoData);
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

const templatesOf = async (who: string, target?: string) => {
  const response = await kit.call(
    'GET',
    `/api/v2/templates${target ? `?targetAccountId=${kit.ids[target]}` : ''}`,
    who,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ templates: AgentTemplate[] }>().templates;
};

const exampleValues = (template: AgentTemplate) =>
  Object.fromEntries(template.fields.map((field) => [field.key, field.example]));

async function createResellerTemplate(payload: Record<string, unknown>): Promise<AgentTemplate> {
  const response = await kit.call(
    'POST',
    `/api/v2/templates/createTemplate?targetAccountId=${kit.ids.reseller}`,
    'reseller',
    payload,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ template: AgentTemplate }>().template;
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
      const response = await kit.call('GET', `/api/v2/templates/${source.id}`, 'acme');
      const { template } = response.json<{ template: AgentTemplate }>();
      for (const key of Object.keys(source.config)) {
        expect(template.config[key as keyof AgentConfig], `${source.id}.${key}`).toEqual(source.config[key]);
      }
    }
  });

  it('make working agents: every variable filled, with transfer, message and booking actions', async () => {
    for (const id of builtInIds) {
      const { template } = (await kit.call('GET', `/api/v2/templates/${id}`, 'acme')).json<{
        template: AgentTemplate;
      }>();
      const response = await kit.call('POST', '/api/v2/createAgentFromTemplate', 'acme', {
        templateId: id,
        templateFields: exampleValues(template),
      });
      expect(response.statusCode, response.body).toBe(201);
      const { campaign } = response.json<{ campaign: AgentConfig }>();
      expect(JSON.stringify(campaign), id).not.toContain('{{');
      const names = campaign.actions.map((action) => action.name);
      expect(names, id).toEqual(expect.arrayContaining(['take_message', 'transfer_call']));
      const transfer = campaign.actions.find((action) => action.name === 'transfer_call');
      expect(transfer?.destinations?.[0]?.number, id).toMatch(/^\+1\d{10}$/);
    }
  });

  it('cannot be changed or deleted', async () => {
    const save = await kit.call('POST', '/api/v2/templates/receptionist', 'reseller', { name: 'Mine now' });
    expect(save.statusCode).toBe(403);
    expect(save.json<{ message: string }>().message).toContain('fromTemplateId');
    const remove = await kit.call('DELETE', '/api/v2/templates/receptionist', 'superadmin');
    expect(remove.statusCode).toBe(403);
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
      ownerAccountId: kit.ids.reseller,
    });
    expect(template.id).toMatch(/^tmpl[0-9a-f]{12}$/);
    expect(template.fields.map((field) => field.key)).toContain('openingHours');

    expect((await templatesOf('acme')).some((item) => item.id === template.id)).toBe(false);
    expect((await kit.call('GET', `/api/v2/templates/${template.id}`, 'acme')).statusCode).toBe(404);

    const enable = await kit.call('POST', `/api/v2/templates/${template.id}`, 'reseller', {
      disabled: false,
      published: true,
    });
    expect(enable.statusCode, enable.body).toBe(200);
    expect(enable.json<{ message: string }>().message).toBe('Template published');

    const seen = (await templatesOf('acme')).find((item) => item.id === template.id);
    expect(seen).toMatchObject({ editable: false, disabled: false });
    expect((await templatesOf('partner')).find((item) => item.id === template.id)?.editable).toBe(true);

    const orgEdit = await kit.call('POST', `/api/v2/templates/${template.id}`, 'acme', { name: 'Taken' });
    expect(orgEdit.statusCode).toBe(403);
    const orgDelete = await kit.call('DELETE', `/api/v2/templates/${template.id}`, 'acme');
    expect(orgDelete.statusCode).toBe(403);
  });

  it('merge config changes, replace fields, and reject a publish without a prompt or repeated keys', async () => {
    const template = await createResellerTemplate({
      name: 'Blank',
      config: { welcomeMessage: 'Hello from {{businessName}}.' },
      fields: [{ key: 'businessName', label: 'Business name', required: true }],
    });
    expect(template.unfilledVariables).toEqual([]);

    const publish = await kit.call('POST', `/api/v2/templates/${template.id}`, 'reseller', {
      published: true,
    });
    expect(publish.statusCode).toBe(400);
    expect(publish.json<{ message: string }>().message).toBe('Please enter a prompt.');

    const twice = await kit.call('POST', `/api/v2/templates/${template.id}`, 'reseller', {
      fields: [
        { key: 'city', label: 'City' },
        { key: 'city', label: 'Town' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ message: string }>().message).toContain('"city" is used twice');

    const saved = await kit.call('POST', `/api/v2/templates/${template.id}`, 'reseller', {
      name: 'Renamed',
      config: { agentInstructions: 'You work in {{city}} for {{businessName}}.' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json<{ template: AgentTemplate }>().template;
    expect(after).toMatchObject({
      name: 'Renamed',
      config: { welcomeMessage: 'Hello from {{businessName}}.' },
      unfilledVariables: ['city'],
    });
  });

  it('can only be created by a reseller or partner', async () => {
    const response = await kit.call('POST', '/api/v2/templates/createTemplate', 'acme', {
      name: 'Org template',
    });
    expect(response.statusCode).toBe(403);
    const blank = await kit.call('POST', '/api/v2/templates/createTemplate', 'reseller', { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ message: string }>().message).toContain('name');
  });

  it('can be made from an agent, keeping its variables and its template fields', async () => {
    const template = await createResellerTemplate({
      name: 'From agent1',
      fromAgentAccountId: kit.ids.agent1,
    });
    expect(template.config.agentInstructions).toContain('{{openingHours}}');
    expect(template.config).toMatchObject({ templateId: null, templateFields: {} });
    expect(template.fields.map((field) => field.key)).toContain('transferNumber');
  });

  it('when deleted, leave the agents made from them running their text', async () => {
    const template = await createResellerTemplate({ name: 'Short lived', fromTemplateId: 'after-hours' });
    await kit.call('POST', `/api/v2/templates/${template.id}`, 'reseller', { disabled: false });
    const made = await kit.call('POST', '/api/v2/createAgentFromTemplate', 'acme', {
      templateId: template.id,
      templateFields: exampleValues(template),
      accountName: 'Doomed template agent',
    });
    expect(made.statusCode, made.body).toBe(201);
    const agentId = made.json<{ account: { id: number } }>().account.id;

    const removed = await kit.call('DELETE', `/api/v2/templates/${template.id}`, 'reseller');
    expect(removed.statusCode).toBe(200);
    expect((await kit.call('GET', `/api/v2/templates/${template.id}`, 'reseller')).statusCode).toBe(404);

    const after = await kit.call('GET', `/api/v2/campaigns?targetAccountId=${agentId}`, 'acme');
    expect(after.json<{ campaign: AgentConfig }>().campaign).toMatchObject({ templateId: null });
    expect(after.json<{ campaign: AgentConfig }>().campaign.agentInstructions).toContain('Globex Plumbing');
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

  it('creates a published agent under the organization, named after the business', async () => {
    const response = await kit.call('POST', '/api/v2/createAgentFromTemplate', 'acme', {
      templateId: 'receptionist',
      templateFields: { ...fields, unknownField: 'dropped' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{
      account: { id: number; accountType: string; displayName: string };
      campaign: AgentConfig;
    }>();
    expect(body.account).toMatchObject({ accountType: 'agent', displayName: 'Riverside Physio' });
    const [row] = await kit.t.db.select().from(accounts).where(eq(accounts.id, body.account.id));
    expect(row?.organizationId).toBe(kit.ids.acme);
    expect(body.campaign.agentInstructions).toContain('We are open Monday to Thursday from 8 am to 8 pm.');
    expect(body.campaign.templateFields).toEqual(fields);

    const live = await kit.call(
      'GET',
      `/api/v2/agentEventRules/default?targetAccountId=${body.account.id}`,
      'acme',
    );
    expect(live.json<{ agent: AgentConfig }>().agent.agentInstructions).toContain('Riverside Physio');
    const raw = await kit.call('GET', `/api/v2/campaigns?targetAccountId=${body.account.id}`, 'reseller');
    expect(raw.json<{ campaign: AgentConfig }>().campaign.agentInstructions).toContain('{{businessName}}');
  });

  it('lets a reseller create one under a named organization', async () => {
    const response = await kit.call(
      'POST',
      `/api/v2/createAgentFromTemplate?targetOrganizationId=${kit.ids.globex}`,
      'reseller',
      { templateId: 'receptionist', templateFields: fields, accountName: 'Globex Physio Line' },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ account: { displayName: string } }>().account.displayName).toBe(
      'Globex Physio Line',
    );
  });

  it('names a missing required field', async () => {
    const { openingHours: _missing, ...rest } = fields;
    const response = await kit.call('POST', '/api/v2/createAgentFromTemplate', 'acme', {
      templateId: 'receptionist',
      templateFields: { ...rest, address: '   ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      'body.templateFields.openingHours: Opening hours is required',
    );
  });

  it('refuses an unknown or hidden template, a non-organization, and another tenant', async () => {
    const unknown = await kit.call('POST', '/api/v2/createAgentFromTemplate', 'acme', {
      templateId: 'nope',
      templateFields: fields,
    });
    expect(unknown.statusCode).toBe(404);

    const hidden = await createResellerTemplate({ name: 'Hidden', fromTemplateId: 'receptionist' });
    const useHidden = await kit.call('POST', '/api/v2/createAgentFromTemplate', 'acme', {
      templateId: hidden.id,
      templateFields: fields,
    });
    expect(useHidden.statusCode).toBe(404);

    const asAgent = await kit.call('POST', '/api/v2/createAgentFromTemplate', 'agent1', {
      templateId: 'receptionist',
      templateFields: fields,
    });
    expect(asAgent.statusCode).toBe(400);

    const foreign = await kit.call(
      'POST',
      `/api/v2/createAgentFromTemplate?targetOrganizationId=${kit.ids.acme}`,
      'globex',
      { templateId: 'receptionist', templateFields: fields },
    );
    expect(foreign.statusCode).toBe(403);
  });
});
