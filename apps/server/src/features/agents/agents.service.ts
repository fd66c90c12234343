import {
  agentConfigSchema,
  defaultAgentConfig,
  type AgentConfig,
  type AgentConfigInput,
} from '@switchboard/contract';
import {
  addAgentApp,
  agentFunctions,
  fillTemplateVariablesDeep,
  seesTemplateVariablesReplaced,
  type TemplateViewer,
} from '@switchboard/core';
import type { Actor, Authenticator } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import {
  loadActingAccount,
  permissionsOf,
  requirePermission,
  type AccountsDeps,
} from '../accounts/accounts.service';
import {
  countAppUsage,
  ensureCampaign,
  findCampaign,
  writeProduction,
  writeStaging,
  type CampaignRow,
} from './agents.repo';
import {
  configContent,
  fillConfigTemplateVariables,
  newCampaignId,
  readOnlyConfigFields,
  readStoredConfig,
  toStoredConfig,
} from './campaign-config';
import { insertPublishVersion } from './versions.repo';

export type AgentSlot = 'production' | 'staging';

export interface AgentsDeps {
  db: Db;
  accounts: AccountsDeps;
  authenticator: Authenticator;
}

export const emptyPromptMessage = 'Please enter a prompt.';

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

/** The acting account, which must be an agent account. */
export async function loadAgentAccount(db: Db, accountId: number | null) {
  const account = await loadActingAccount(db, accountId);
  if (account.accountType !== 'agent') {
    throw new AppError(
      'BAD_REQUEST',
      `Account ${account.id} is ${account.accountType === 'organization' ? 'an' : 'a'} ${account.accountType}, not an agent account; pass the agent account as targetAccountId`,
    );
  }
  return account;
}

/** Loads the agent and checks the caller may change it. */
export async function loadEditableAgent(deps: AgentsDeps, actor: Actor, accountId: number | null) {
  const agent = await loadAgentAccount(deps.db, accountId);
  await requirePermission(deps.accounts, actor, agent.id, 'canEditOrg', 'edit this agent');
  return agent;
}

export async function templateViewer(
  deps: AgentsDeps,
  actor: Actor,
  accountId: number,
): Promise<TemplateViewer> {
  const { role } = await permissionsOf(deps.accounts, actor, accountId);
  return { superAdmin: actor.superAdmin, role };
}

/** A config as this caller sees it: template variables filled in unless the caller authors templates. */
export function presentConfig(config: AgentConfig, viewer: TemplateViewer, force: boolean): AgentConfig {
  return seesTemplateVariablesReplaced(viewer, force) ? fillConfigTemplateVariables(config) : config;
}

export interface CampaignView {
  campaign: AgentConfig;
  unpublishedChanges: boolean;
  publishedAt: string | null;
}

export function campaignView(row: CampaignRow | null, viewer: TemplateViewer, force: boolean): CampaignView {
  const staging = slotConfig(row, 'staging');
  const live = row?.production ? slotConfig(row, 'production') : null;
  const unpublishedChanges =
    row !== null && configContent(staging) !== configContent(live ?? defaultAgentConfig());
  return {
    campaign: presentConfig({ ...staging, published: !unpublishedChanges }, viewer, force),
    unpublishedChanges,
    publishedAt: row?.publishedAt?.toISOString() ?? null,
  };
}

export function requirePrompt(config: AgentConfig): void {
  if (!config.agentInstructions.trim()) throw new AppError('BAD_REQUEST', emptyPromptMessage);
}

/** The campaign row, created with the default staging config when the agent has none yet. */
export async function ensureCampaignRow(db: Db, agentAccountId: number): Promise<CampaignRow> {
  return (
    (await findCampaign(db, agentAccountId)) ??
    ensureCampaign(db, {
      agentAccountId,
      campaignId: newCampaignId(),
      staging: toStoredConfig(defaultAgentConfig()),
    })
  );
}

/**
 * Applies the fields a client sent over a base config: read-only fields are dropped, apps go through the
 * app-adding rule, and the result is validated as a whole.
 */
export function mergeConfigInput(base: AgentConfig, input: AgentConfigInput): AgentConfig {
  const { apps, ...rest } = input;
  const patch: Record<string, unknown> = Object.fromEntries(
    Object.entries(rest as Record<string, unknown>).filter(
      ([key, value]) =>
        value !== undefined &&
        !(readOnlyConfigFields as readonly string[]).includes(key) &&
        key !== 'published',
    ),
  );
  if (apps !== undefined) {
    patch.apps = apps.reduce<typeof apps>((list, app) => addAgentApp(list, app), []);
  }
  const merged = agentConfigSchema.safeParse({ ...base, ...patch });
  if (!merged.success) {
    const issue = merged.error.issues[0];
    throw new AppError(
      'VALIDATION_FAILED',
      `body.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return keepTemplateText(base, merged.data, Object.keys(patch));
}

/**
 * A caller who sees template variables filled in sends the filled text back with every save. Where a field comes
 * back exactly as it was shown, the stored text with its {{variables}} is kept, so only what a person really
 * changed becomes fixed text.
 */
function keepTemplateText(base: AgentConfig, merged: AgentConfig, keys: readonly string[]): AgentConfig {
  if (Object.keys(base.templateFields).length === 0) return merged;
  const result: Record<string, unknown> = { ...merged };
  for (const key of keys) {
    if (key === 'templateFields' || key === 'templateId') continue;
    const stored = (base as Record<string, unknown>)[key];
    const shown = fillTemplateVariablesDeep(stored, base.templateFields);
    if (JSON.stringify(result[key]) === JSON.stringify(shown)) result[key] = stored;
  }
  return result as AgentConfig;
}

export function conflictError(row: CampaignRow | null, viewer: TemplateViewer, force: boolean): AppError {
  return new AppError(
    'CONFLICT',
    `This agent was changed elsewhere (now at revision ${row?.revision ?? 0}); the current version is attached`,
    { ...campaignView(row, viewer, force) },
  );
}

/** Who published and what they wrote about it; every publish is kept as a numbered version. */
export interface PublishRecord {
  userId: number | null;
  note: string | null;
}

/**
 * Makes `config` the agent's production config and records it as its next published version, in one transaction:
 * a publish never lands without its version.
 */
export async function publishConfig(
  db: Db,
  agentAccountId: number,
  config: AgentConfig,
  record: PublishRecord,
): Promise<CampaignRow> {
  requirePrompt(config);
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const stored = toStoredConfig({ ...config, published: true });
    const updated = await writeProduction(txDb, agentAccountId, stored);
    if (!updated) throw new AppError('NOT_FOUND', `Agent ${agentAccountId} has no campaign`);
    await insertPublishVersion(txDb, {
      agentAccountId,
      snapshot: stored,
      note: record.note?.trim() ? record.note.trim() : null,
      createdByUserId: record.userId,
    });
    return updated;
  });
}

export async function publishStaging(db: Db, row: CampaignRow, record: PublishRecord): Promise<CampaignRow> {
  return publishConfig(db, row.agentAccountId, slotConfig(row, 'staging'), record);
}

/** Writes a new staging config; `expectedRevision` null applies it whatever the stored revision is. */
export async function replaceStaging(
  db: Db,
  agentAccountId: number,
  config: AgentConfig,
  expectedRevision: number | null,
): Promise<CampaignRow | null> {
  return writeStaging(db, agentAccountId, toStoredConfig(config), expectedRevision);
}

/** The catalogue of built-in functions, with whether this account may use each now. */
export function functionCatalogue(account: { smsEnabled: boolean }) {
  return agentFunctions.map((fn) => {
    const smsBlocked = fn.name === 'send_sms' && !account.smsEnabled;
    return {
      name: fn.name,
      title: fn.title,
      description: fn.description,
      placeholder: fn.placeholder,
      hasSettings: fn.hasSettings,
      limit: fn.limit,
      alwaysOn: fn.alwaysOn,
      allowed: !smsBlocked,
      reason: smsBlocked ? 'Text messaging is not enabled for this account.' : null,
      missingRequirement: smsBlocked ? 'smsEnabled' : null,
      parameters: fn.parameters as unknown as Record<string, unknown>,
    };
  });
}

/** How many agents of an organization list each app, keyed `appId:version`. */
export function appUsageByAgents(db: Db, organizationId: number): Promise<Map<string, number>> {
  return countAppUsage(db, organizationId);
}
