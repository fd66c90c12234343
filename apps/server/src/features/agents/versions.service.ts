import type { AgentConfig, AgentConfigInput } from '@switchboard/contract';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { findCampaign } from './agents.repo';
import {
  ensureCampaignRow,
  loadAgentAccount,
  loadEditableAgent,
  mergeConfigInput,
  presentConfig,
  publishConfig,
  replaceStaging,
  requirePrompt,
  slotConfig,
  templateViewer,
  type AgentSlot,
  type AgentsDeps,
} from './agents.service';
import { readStoredConfig, toStoredConfig } from './campaign-config';
import {
  countVersions,
  deleteVersion,
  findVersion,
  findVersionOwner,
  insertVersion,
  listVersions,
  updateVersion,
  userNames,
  type AgentVersionRow,
} from './versions.repo';

/** Versions an agent may keep; older ones have to be deleted before more are saved. */
export const maxVersionsPerAgent = 200;

export async function versionOwner(db: Db, versionId: number): Promise<number | null> {
  return findVersionOwner(db, versionId);
}

function snapshotOf(row: AgentVersionRow, campaignId: string): AgentConfig {
  return {
    ...readStoredConfig(row.snapshot),
    campaignId,
    revision: 0,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function presentVersion(row: AgentVersionRow, names: Map<number, string>, snapshot?: AgentConfig) {
  return {
    versionId: row.id,
    title: row.title,
    source: row.source,
    kind: row.kind,
    publishNumber: row.publishNumber,
    note: row.note,
    createdBy:
      row.createdByUserId === null
        ? null
        : {
            userId: row.createdByUserId,
            name: names.get(row.createdByUserId) ?? `User ${row.createdByUserId}`,
          },
    timestamp: row.createdAt.getTime(),
    updatedAt: row.updatedAt.toISOString(),
    ...(snapshot ? { snapshot } : {}),
  };
}

async function namesFor(deps: AgentsDeps, rows: readonly AgentVersionRow[]) {
  return userNames(
    deps.db,
    rows.flatMap((row) => (row.createdByUserId === null ? [] : [row.createdByUserId])),
  );
}

async function loadAgentVersion(db: Db, agentAccountId: number, versionId: number) {
  const row = await findVersion(db, agentAccountId, versionId);
  if (!row) {
    throw new AppError('NOT_FOUND', 'No version of this agent matches params.versionId');
  }
  return row;
}

export async function listAgentVersions(
  deps: AgentsDeps,
  actor: Actor,
  agentAccountId: number,
  includeData: boolean,
) {
  const agent = await loadAgentAccount(deps.db, agentAccountId);
  const rows = await listVersions(deps.db, agent.id);
  const names = await namesFor(deps, rows);
  if (!includeData) return rows.map((row) => presentVersion(row, names));
  const viewer = await templateViewer(deps, actor, agent.id);
  const campaignId = (await findCampaign(deps.db, agent.id))?.campaignId ?? '';
  return rows.map((row) =>
    presentVersion(row, names, presentConfig(snapshotOf(row, campaignId), viewer, false)),
  );
}

export async function createAgentVersion(
  deps: AgentsDeps,
  actor: Actor,
  agentAccountId: number,
  input: { title?: string | undefined; source: AgentSlot },
) {
  const agent = await loadEditableAgent(deps, actor, agentAccountId);
  if ((await countVersions(deps.db, agent.id)) >= maxVersionsPerAgent) {
    throw new AppError(
      'BAD_REQUEST',
      `This agent already keeps ${maxVersionsPerAgent} versions; delete old ones before saving another`,
    );
  }
  const row = await findCampaign(deps.db, agent.id);
  if (input.source === 'production' && !row?.production) {
    throw new AppError(
      'BAD_REQUEST',
      'This agent has never been published: there is no production config to save',
    );
  }
  const version = await insertVersion(deps.db, {
    agentAccountId: agent.id,
    title: input.title ?? `Auto-${Date.now()}`,
    source: input.source,
    snapshot: toStoredConfig(slotConfig(row, input.source)),
    createdByUserId: actor.userId,
  });
  return presentVersion(version, await namesFor(deps, [version]));
}

export async function replaceAgentVersion(
  deps: AgentsDeps,
  actor: Actor,
  agentAccountId: number,
  versionId: number,
  snapshot: AgentConfigInput,
) {
  const agent = await loadEditableAgent(deps, actor, agentAccountId);
  const existing = await loadAgentVersion(deps.db, agent.id, versionId);
  // A snapshot is a whole config: fields it leaves out take their defaults, not the old snapshot's values.
  const config = mergeConfigInput(readStoredConfig({}), snapshot);
  const updated = await updateVersion(deps.db, agent.id, existing.id, { snapshot: toStoredConfig(config) });
  if (!updated) throw new AppError('NOT_FOUND', 'No version of this agent matches params.versionId');
  return presentVersion(updated, await namesFor(deps, [updated]));
}

export async function restoreAgentVersion(
  deps: AgentsDeps,
  actor: Actor,
  agentAccountId: number,
  versionId: number,
  target: AgentSlot,
) {
  const agent = await loadEditableAgent(deps, actor, agentAccountId);
  const version = await loadAgentVersion(deps.db, agent.id, versionId);
  const config = readStoredConfig(version.snapshot);
  requirePrompt(config);
  await ensureCampaignRow(deps.db, agent.id);
  const restored =
    target === 'staging'
      ? await replaceStaging(deps.db, agent.id, config, null)
      : await publishConfig(deps.db, agent.id, config, {
          userId: actor.userId,
          note: `Restored from "${version.title}"`,
        });
  if (!restored) throw new AppError('NOT_FOUND', `Agent ${agent.id} has no campaign`);
  const viewer = await templateViewer(deps, actor, agent.id);
  return { target, restored: presentConfig(slotConfig(restored, target), viewer, false) };
}

export async function renameAgentVersion(
  deps: AgentsDeps,
  actor: Actor,
  agentAccountId: number,
  versionId: number,
  title: string,
) {
  const agent = await loadEditableAgent(deps, actor, agentAccountId);
  await loadAgentVersion(deps.db, agent.id, versionId);
  const updated = await updateVersion(deps.db, agent.id, versionId, { title });
  if (!updated) throw new AppError('NOT_FOUND', 'No version of this agent matches params.versionId');
  return { versionId: updated.id, newTitle: updated.title };
}

export async function deleteAgentVersion(
  deps: AgentsDeps,
  actor: Actor,
  agentAccountId: number,
  versionId: number,
) {
  const agent = await loadEditableAgent(deps, actor, agentAccountId);
  if (!(await deleteVersion(deps.db, agent.id, versionId))) {
    throw new AppError('NOT_FOUND', 'No version of this agent matches params.versionId');
  }
}
