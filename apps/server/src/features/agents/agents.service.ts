import type { AgentConfig } from '@switchboard/contract';
import type { Db } from '../../platform/database';
import { findCampaign, type CampaignRow } from './agents.repo';
import { fillConfigTemplateVariables, readStoredConfig } from './campaign-config';

export type AgentSlot = 'production' | 'staging';

/** A slot of a campaign row as the current schema reads it, with the row's id and revision. */
export function slotConfig(row: CampaignRow | null, slot: AgentSlot): AgentConfig {
  const stored = row ? (slot === 'staging' ? row.staging : row.production) : null;
  const config = readStoredConfig(stored ?? {});
  if (!row) return config;
  return {
    ...config,
    campaignId: row.campaignId,
    revision: row.revision,
    updatedAt: (slot === 'staging' ? row.updatedAt : (row.publishedAt ?? row.updatedAt)).toISOString(),
  };
}

/**
 * The config an agent runs, as the runtime sees it: production for live conversations, staging for the studio's
 * test calls. An agent with no stored campaign (or never published) runs the default config; template variables
 * are filled in from the agent's templateFields.
 */
export async function getAgentConfig(db: Db, agentAccountId: number, slot: AgentSlot): Promise<AgentConfig> {
  const row = await findCampaign(db, agentAccountId);
  return fillConfigTemplateVariables(slotConfig(row, slot));
}
