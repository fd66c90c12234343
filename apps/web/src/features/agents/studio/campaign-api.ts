import { endpoints, type AgentConfig } from '@switchboard/contract';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { apiQueryScope } from '../../../lib/use-api';
import type { CampaignApi } from './campaign-draft';

/** Every endpoint whose cached answer changes when an agent's campaign does. */
export const agentQueryEndpoints = [
  endpoints.getCampaign,
  endpoints.getStagingAgent,
  endpoints.getProductionAgent,
  endpoints.listAgentVersions,
] as const;

export async function invalidateAgentQueries(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    agentQueryEndpoints.map((endpoint) =>
      queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoint) }),
    ),
  );
}

/** Rows still being filled in are not sent: a destination without a number, a field without a valid key. */
export function prepareCampaign(config: AgentConfig): AgentConfig {
  return {
    ...config,
    links: config.links.map((link) => link.trim()).filter((link) => link !== ''),
    actions: config.actions.map((action) => ({
      ...action,
      ...(action.destinations
        ? { destinations: action.destinations.filter((item) => item.number.trim() !== '') }
        : {}),
      ...(action.fields
        ? { fields: action.fields.filter((field) => /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(field.key.trim())) }
        : {}),
    })),
    variables: Object.fromEntries(Object.entries(config.variables).filter(([key]) => key.trim() !== '')),
  };
}

/** The server side of an agent's draft: staging through the campaign endpoints, production through its event rules. */
export function campaignApi(agentAccountId: number): CampaignApi {
  const scope = { targetAccountId: agentAccountId } as const;
  const readStaging = async () => (await callApi(endpoints.getCampaign, { ...scope, query: {} })).campaign;
  return {
    prepare: prepareCampaign,
    load: async () => {
      const [staging, production] = await Promise.all([
        callApi(endpoints.getCampaign, { ...scope, query: {} }),
        callApi(endpoints.getProductionAgent, { ...scope, query: {} }),
      ]);
      return {
        staging: staging.campaign,
        production: staging.publishedAt === null ? null : production.agent,
      };
    },
    save: async (config) => {
      // The server owns these; the revision is what tells it which version this edit started from.
      const { campaignId: _id, updatedAt: _at, published: _published, ...body } = config;
      try {
        const saved = await callApi(endpoints.saveCampaign, { ...scope, query: {}, body });
        return { kind: 'saved', config: saved.campaign };
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 409)
          return { kind: 'conflict', server: await readStaging() };
        throw failure;
      }
    },
    publish: async (note) => {
      const trimmed = note?.trim() ?? '';
      await callApi(endpoints.publishAgent, {
        ...scope,
        query: {},
        ...(trimmed === '' ? {} : { body: { note: trimmed } }),
      });
    },
    revert: async () => {
      await callApi(endpoints.revertAgent, { ...scope, query: {} });
    },
  };
}
