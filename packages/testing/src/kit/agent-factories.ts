import { endpoints, type AgentConfigInput, type ResponseOf } from '@switchboard/contract';
import type { ApiClient } from './api-client';
import { expectStatus } from './expect-status';
import { createAgentAccount, type AccountSummary } from './account-factories';

// Agents and what they run on, made through the agent studio's API.

/** Saves an agent's staging campaign; `published: true` in the config publishes it in the same call. */
export async function saveCampaign(
  client: ApiClient,
  agentAccountId: number,
  config: AgentConfigInput,
): Promise<ResponseOf<typeof endpoints.saveCampaign>> {
  const response = await client.call(endpoints.saveCampaign, {
    body: config,
    targetAccountId: agentAccountId,
  });
  return expectStatus(response, 200, 'saveCampaign');
}

/** A new agent account under an organization, running `config` in production (published). */
export async function createAgent(
  client: ApiClient,
  input: { name?: string; organizationId?: number; config?: AgentConfigInput } = {},
): Promise<AccountSummary> {
  const account = await createAgentAccount(client, {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.organizationId === undefined ? {} : { organizationId: input.organizationId }),
  });
  await saveCampaign(client, account.id, { ...input.config, published: true });
  return account;
}

/** A named snapshot of an agent's staging (default) or production config. */
export async function createAgentVersion(
  client: ApiClient,
  agentAccountId: number,
  input: { title?: string; source?: 'staging' | 'production' } = {},
): Promise<ResponseOf<typeof endpoints.createAgentVersion>['createdVersion']> {
  const response = await client.call(endpoints.createAgentVersion, {
    params: { id: agentAccountId },
    body: input,
  });
  return expectStatus(response, 201, 'createAgentVersion').createdVersion;
}

/** A template owned by the acting reseller or partner (it starts disabled). */
export async function createTemplate(
  client: ApiClient,
  input: { name: string; config?: AgentConfigInput; ownerAccountId?: number },
): Promise<ResponseOf<typeof endpoints.createTemplate>['template']> {
  const response = await client.call(endpoints.createTemplate, {
    body: { name: input.name, ...(input.config ? { config: input.config } : {}) },
    ...(input.ownerAccountId === undefined ? {} : { targetAccountId: input.ownerAccountId }),
  });
  return expectStatus(response, 201, 'createTemplate').template;
}
