import { randomBytes } from 'node:crypto';
import { agentConfigSchema, type AgentConfig } from '@switchboard/contract';
import { fillTemplateVariablesDeep } from '@switchboard/core';

/** Fields the server owns: a client may send them back but they are never taken from a request. */
export const readOnlyConfigFields = ['campaignId', 'revision', 'updatedAt'] as const;

/** Fields kept as written when template variables are filled in. */
const unfilledFields = ['templateFields', 'templateId', 'campaignId'];

export function newCampaignId(): string {
  return `camp${randomBytes(6).toString('hex')}`;
}

/**
 * A stored config as the current schema reads it. Fields added since it was written get their defaults; a field
 * that no longer validates (a limit tightened later) falls back to its default instead of breaking the agent.
 */
export function readStoredConfig(stored: unknown): AgentConfig {
  let value: Record<string, unknown> =
    stored !== null && typeof stored === 'object' ? { ...(stored as Record<string, unknown>) } : {};
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const parsed = agentConfigSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    const broken = new Set(parsed.error.issues.map((issue) => issue.path[0]));
    value = Object.fromEntries(Object.entries(value).filter(([key]) => !broken.has(key)));
  }
  return agentConfigSchema.parse({});
}

/** The JSON stored for a config: everything but the fields the campaign row itself carries. */
export function toStoredConfig(config: AgentConfig): Record<string, unknown> {
  const { campaignId: _campaignId, revision: _revision, ...rest } = config;
  return rest;
}

/** The config with its template variables filled in from its own templateFields. */
export function fillConfigTemplateVariables(config: AgentConfig): AgentConfig {
  return fillTemplateVariablesDeep(config, config.templateFields, unfilledFields);
}

/** What the agent says and does, without the bookkeeping fields; two configs with equal content need no publish. */
export function configContent(config: AgentConfig): string {
  const { campaignId: _c, revision: _r, updatedAt: _u, published: _p, ...content } = config;
  return JSON.stringify(content);
}
