import { defaultAgentConfig, type AgentConfig, type AgentConfigInput } from '@switchboard/contract';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import { createChildAccount, requirePermission, resolveTierAccount } from '../accounts/accounts.service';
import { presentAccountSummary } from '../accounts/account-presenter';
import { findCampaign, insertCampaign } from './agents.repo';
import {
  campaignView,
  conflictError,
  ensureCampaignRow,
  loadAgentAccount,
  loadEditableAgent,
  mergeConfigInput,
  presentConfig,
  publishStaging,
  replaceStaging,
  requirePrompt,
  slotConfig,
  templateViewer,
  type AgentSlot,
  type AgentsDeps,
} from './agents.service';
import { fillConfigTemplateVariables, newCampaignId, toStoredConfig } from './campaign-config';
import { bookWithinOpeningHours } from './opening-hours';
import {
  checkTemplateFieldValues,
  loadVisibleTemplate,
  templateConfig,
  templateFields,
} from './templates.service';
import { insertPublishVersion } from './versions.repo';

interface Call {
  actor: Actor;
  /** The account the call acts for (targetAccountId, else the caller's own). */
  accountId: number | null;
  force: boolean;
}

export async function getCampaign(deps: AgentsDeps, call: Call) {
  const agent = await loadAgentAccount(deps.db, call.accountId);
  const viewer = await templateViewer(deps, call.actor, agent.id);
  return campaignView(await findCampaign(deps.db, agent.id), viewer, call.force);
}

export async function getSlot(deps: AgentsDeps, call: Call, slot: AgentSlot): Promise<AgentConfig> {
  const agent = await loadAgentAccount(deps.db, call.accountId);
  const viewer = await templateViewer(deps, call.actor, agent.id);
  return presentConfig(slotConfig(await findCampaign(deps.db, agent.id), slot), viewer, call.force);
}

/** The config a detached agent keeps: the template's text with its fields written in, and no template link. */
function detached(config: AgentConfig): AgentConfig {
  return { ...fillConfigTemplateVariables(config), templateId: null, templateFields: {} };
}

/**
 * Saves staging (spec part 1 §4, §5). A stale revision is a conflict that carries the current copy; a new
 * templateId attaches that template (its config under the fields sent); templateId null detaches.
 */
export async function saveCampaign(deps: AgentsDeps, call: Call, input: AgentConfigInput) {
  const agent = await loadEditableAgent(deps, call.actor, call.accountId);
  const viewer = await templateViewer(deps, call.actor, agent.id);
  const existing = await findCampaign(deps.db, agent.id);
  if (input.revision !== undefined && input.revision !== (existing?.revision ?? 0)) {
    throw conflictError(existing, viewer, call.force);
  }
  let base = slotConfig(existing, 'staging');
  if (input.templateId === null && base.templateId !== null) {
    base = detached(base);
  } else if (input.templateId && input.templateId !== base.templateId) {
    const { row: template } = await loadVisibleTemplate(
      deps,
      call.actor,
      input.templateId,
      'body.templateId',
    );
    base = bookWithinOpeningHours({
      ...templateConfig(template),
      templateId: template.id,
      templateFields: checkTemplateFieldValues(
        templateFields(template).map((field) => ({ ...field, required: false })),
        input.templateFields ?? base.templateFields,
      ),
    });
  }
  const { templateId: _templateId, ...fields } = input;
  const config = mergeConfigInput(base, fields);
  requirePrompt(config);

  if (!existing) await ensureCampaignRow(deps.db, agent.id);
  // A row created just now starts at revision 1; if a concurrent first save got there first, this one conflicts.
  const expected = input.revision === undefined ? null : (existing?.revision ?? 1);
  let saved = await replaceStaging(deps.db, agent.id, config, expected);
  if (!saved) throw conflictError(await findCampaign(deps.db, agent.id), viewer, call.force);
  if (input.published === true) {
    saved = await publishStaging(deps.db, saved, { userId: call.actor.userId, note: null });
  }
  return {
    message: input.published === true ? 'Agent saved and published.' : 'Agent saved.',
    campaignId: saved.campaignId,
    ...campaignView(saved, viewer, call.force),
  };
}

export async function publishAgent(deps: AgentsDeps, call: Call, note: string | null = null) {
  const agent = await loadEditableAgent(deps, call.actor, call.accountId);
  const viewer = await templateViewer(deps, call.actor, agent.id);
  const row = await findCampaign(deps.db, agent.id);
  if (!row) throw new AppError('BAD_REQUEST', 'Please enter a prompt.');
  const published = await publishStaging(deps.db, row, { userId: call.actor.userId, note });
  return {
    message: `Agent ${published.campaignId} published`,
    campaignId: published.campaignId,
    agent: presentConfig(slotConfig(published, 'production'), viewer, call.force),
  };
}

export async function revertAgent(deps: AgentsDeps, call: Call) {
  const agent = await loadEditableAgent(deps, call.actor, call.accountId);
  const viewer = await templateViewer(deps, call.actor, agent.id);
  const row = await ensureCampaignRow(deps.db, agent.id);
  const live = row.production ? slotConfig(row, 'production') : defaultAgentConfig();
  const reverted = (await replaceStaging(deps.db, agent.id, live, null)) ?? row;
  return {
    message: `Agent ${reverted.campaignId} reverted to its published version`,
    campaignId: reverted.campaignId,
    ...campaignView(reverted, viewer, call.force),
  };
}

export async function detachAgentFromTemplate(deps: AgentsDeps, call: Call) {
  const agent = await loadEditableAgent(deps, call.actor, call.accountId);
  const viewer = await templateViewer(deps, call.actor, agent.id);
  const row = await ensureCampaignRow(deps.db, agent.id);
  const staging = slotConfig(row, 'staging');
  const saved = (await replaceStaging(deps.db, agent.id, detached(staging), null)) ?? row;
  return {
    message:
      staging.templateId === null
        ? 'This agent is not attached to a template.'
        : 'Agent detached from its template: its config is now its own.',
    mode: 'FULL_AGENT' as const,
    ...campaignView(saved, viewer, call.force),
  };
}

export interface AgentFromTemplateInput {
  targetOrganizationId?: number | undefined;
  templateId: string;
  templateFields: Record<string, string>;
  accountName?: string | undefined;
}

/** A new agent account under an organization, running (published) the template with its fields filled in. */
export async function createAgentFromTemplate(deps: AgentsDeps, call: Call, input: AgentFromTemplateInput) {
  const organization = await resolveTierAccount(
    deps.db,
    input.targetOrganizationId,
    call.accountId,
    'organization',
  );
  await requirePermission(deps.accounts, call.actor, organization.id, 'canEditOrg', 'add agents here');
  const { row: template } = await loadVisibleTemplate(deps, call.actor, input.templateId, 'body.templateId');
  const values = checkTemplateFieldValues(templateFields(template), input.templateFields);
  const name = input.accountName ?? values.businessName ?? template.name;
  const config: AgentConfig = bookWithinOpeningHours({
    ...templateConfig(template),
    templateId: template.id,
    templateFields: values,
  });
  if (!config.title) config.title = name;
  requirePrompt(config);

  const account = await createChildAccount(deps.db, {
    type: 'agent',
    parent: organization,
    name,
    invitedBy: call.actor.userId,
  });
  const stored = toStoredConfig(config);
  const row = await insertCampaign(deps.db, {
    agentAccountId: account.id,
    campaignId: newCampaignId(),
    staging: stored,
    production: { ...stored, published: true },
  });
  await insertPublishVersion(deps.db, {
    agentAccountId: account.id,
    snapshot: { ...stored, published: true },
    note: `Created from the template "${template.name}"`,
    createdByUserId: call.actor.userId,
  });
  const viewer = await templateViewer(deps, call.actor, account.id);
  return {
    message: `Agent ${name} created from template ${template.name}`,
    account: presentAccountSummary(account),
    campaignId: row.campaignId,
    campaign: campaignView(row, viewer, call.force).campaign,
  };
}
