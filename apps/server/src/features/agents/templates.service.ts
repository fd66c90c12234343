import { randomBytes } from 'node:crypto';
import {
  defaultAgentConfig,
  templateFieldSchema,
  type AgentConfig,
  type AgentConfigInput,
  type AgentTemplate,
  type TemplateField,
} from '@switchboard/contract';
import { templateVariablesInDeep } from '@switchboard/core';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { findAccount, loadActingAccount } from '../accounts/accounts.service';
import { clearTemplateFromCampaigns, findCampaign } from './agents.repo';
import { mergeConfigInput, requirePrompt, slotConfig, type AgentsDeps } from './agents.service';
import { readStoredConfig, toStoredConfig } from './campaign-config';
import {
  deleteTemplateRow,
  findTemplate,
  insertTemplate,
  listTemplatesFor,
  updateTemplate,
  type TemplateRow,
} from './templates.repo';

/** Config keys a template never carries: they belong to the agent made from it. */
const templateOnlyReset = {
  templateId: null,
  templateFields: {},
  campaignId: '',
  revision: 0,
  updatedAt: null,
};

/**
 * Who a template belongs to for the tenant check: built-in templates and those of the acting account's own tree
 * (itself, its reseller or partner) answer for the acting account; any other answers for its owner.
 */
export async function templateOwner(db: Db, id: string, actingAccountId: number): Promise<number | null> {
  const template = await findTemplate(db, id);
  if (!template) return null;
  if (template.ownerAccountId === null) return actingAccountId;
  const acting = await findAccount(db, actingAccountId);
  const tree = [acting?.id, acting?.resellerId, acting?.partnerId];
  return tree.includes(template.ownerAccountId) ? actingAccountId : template.ownerAccountId;
}

export function templateConfig(row: TemplateRow): AgentConfig {
  return { ...readStoredConfig(row.config), ...templateOnlyReset };
}

export function templateFields(row: TemplateRow): TemplateField[] {
  return row.fields.flatMap((field) => {
    const parsed = templateFieldSchema.safeParse(field);
    return parsed.success ? [parsed.data] : [];
  });
}

async function canEdit(deps: AgentsDeps, actor: Actor, row: TemplateRow): Promise<boolean> {
  return row.ownerAccountId !== null && deps.authenticator.canActFor(actor, row.ownerAccountId);
}

export function presentTemplate(row: TemplateRow, editable: boolean): AgentTemplate {
  const config = templateConfig(row);
  const fields = templateFields(row);
  const keys = new Set(fields.map((field) => field.key));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    config,
    fields,
    builtIn: row.ownerAccountId === null,
    ownerAccountId: row.ownerAccountId,
    disabled: row.disabled,
    published: row.published,
    editable,
    unfilledVariables: templateVariablesInDeep(config, ['templateFields']).filter((name) => !keys.has(name)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A template the caller may use or read; a disabled one only for who may edit it (others get a 404). */
export async function loadVisibleTemplate(deps: AgentsDeps, actor: Actor, id: string, field = 'params.id') {
  const row = await findTemplate(deps.db, id);
  const editable = row !== null && (await canEdit(deps, actor, row));
  if (!row || (row.disabled && !editable)) throw new AppError('NOT_FOUND', `No template matches ${field}`);
  return { row, editable };
}

async function loadEditableTemplate(deps: AgentsDeps, actor: Actor, id: string, doing: string) {
  const { row, editable } = await loadVisibleTemplate(deps, actor, id);
  if (row.ownerAccountId === null) {
    throw new AppError(
      'FORBIDDEN',
      `Built-in templates cannot be ${doing}; create your own copy with fromTemplateId "${row.id}"`,
    );
  }
  if (!editable) throw new AppError('FORBIDDEN', `Only the owner of template ${row.id} can change it`);
  return { ...row, ownerAccountId: row.ownerAccountId };
}

export async function listTemplates(deps: AgentsDeps, actor: Actor, actingAccountId: number | null) {
  const acting = await loadActingAccount(deps.db, actingAccountId);
  const rows = await listTemplatesFor(deps.db, acting);
  const visible: AgentTemplate[] = [];
  for (const row of rows) {
    const editable = await canEdit(deps, actor, row);
    if (!row.disabled || editable) visible.push(presentTemplate(row, editable));
  }
  return visible;
}

function checkFieldKeys(fields: readonly TemplateField[]): void {
  const seen = new Set<string>();
  for (const field of fields) {
    if (seen.has(field.key))
      throw new AppError('VALIDATION_FAILED', `body.fields: key "${field.key}" is used twice`);
    seen.add(field.key);
  }
}

export interface TemplateChanges {
  name?: string | undefined;
  description?: string | undefined;
  category?: string | undefined;
  config?: AgentConfigInput | undefined;
  fields?: TemplateField[] | undefined;
  disabled?: boolean | undefined;
  published?: boolean | undefined;
}

export async function saveTemplate(deps: AgentsDeps, actor: Actor, id: string, changes: TemplateChanges) {
  const row = await loadEditableTemplate(deps, actor, id, 'changed');
  const config = changes.config
    ? { ...mergeConfigInput(templateConfig(row), changes.config), ...templateOnlyReset }
    : templateConfig(row);
  if (changes.published === true) requirePrompt(config);
  if (changes.fields) checkFieldKeys(changes.fields);
  const updated = await updateTemplate(
    deps.db,
    { id: row.id, ownerAccountId: row.ownerAccountId },
    {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.category !== undefined ? { category: changes.category } : {}),
      ...(changes.fields !== undefined ? { fields: changes.fields } : {}),
      ...(changes.disabled !== undefined ? { disabled: changes.disabled } : {}),
      ...(changes.published !== undefined ? { published: changes.published } : {}),
      config: toStoredConfig(config),
    },
  );
  if (!updated) throw new AppError('NOT_FOUND', 'No template matches params.id');
  return presentTemplate(updated, true);
}

export async function deleteTemplate(deps: AgentsDeps, actor: Actor, id: string): Promise<void> {
  const row = await loadEditableTemplate(deps, actor, id, 'deleted');
  await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await deleteTemplateRow(db, { id: row.id, ownerAccountId: row.ownerAccountId });
    await clearTemplateFromCampaigns(db, row.id);
  });
}

export interface NewTemplateInput extends TemplateChanges {
  name: string;
  fromTemplateId?: string | undefined;
  fromAgentAccountId?: number | undefined;
}

export async function createTemplate(
  deps: AgentsDeps,
  actor: Actor,
  actingAccountId: number | null,
  input: NewTemplateInput,
) {
  const owner = await loadActingAccount(deps.db, actingAccountId);
  if (owner.accountType !== 'reseller' && owner.accountType !== 'partner') {
    throw new AppError(
      'FORBIDDEN',
      'Templates belong to a reseller or partner: act for one (targetAccountId) to create a template',
    );
  }
  let base: AgentConfig = { ...defaultAgentConfig(), ...templateOnlyReset };
  let fields: TemplateField[] = [];
  let description = '';
  let category = '';
  if (input.fromTemplateId !== undefined) {
    const { row } = await loadVisibleTemplate(deps, actor, input.fromTemplateId, 'body.fromTemplateId');
    base = templateConfig(row);
    fields = templateFields(row);
    description = row.description;
    category = row.category;
  } else if (input.fromAgentAccountId !== undefined) {
    const agent = await findAccount(deps.db, input.fromAgentAccountId);
    if (agent?.accountType !== 'agent') {
      throw new AppError('BAD_REQUEST', `Account ${input.fromAgentAccountId} is not an agent account`);
    }
    const staging = slotConfig(await findCampaign(deps.db, agent.id), 'staging');
    const source = staging.templateId ? await findTemplate(deps.db, staging.templateId) : null;
    if (source) fields = templateFields(source);
    base = { ...staging, ...templateOnlyReset };
  }
  const config = input.config ? { ...mergeConfigInput(base, input.config), ...templateOnlyReset } : base;
  if (input.fields) fields = input.fields;
  checkFieldKeys(fields);
  const row = await insertTemplate(deps.db, {
    id: `tmpl${randomBytes(6).toString('hex')}`,
    ownerAccountId: owner.id,
    name: input.name,
    description: input.description ?? description,
    category: input.category ?? category,
    config: toStoredConfig(config),
    fields,
    disabled: true,
    published: false,
  });
  return presentTemplate(row, true);
}

/**
 * The values an agent made from a template carries: each required field must be filled; values for keys the
 * template does not define are dropped.
 */
export function checkTemplateFieldValues(
  fields: readonly TemplateField[],
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const field of fields) {
    const value = Object.hasOwn(values, field.key) ? (values[field.key] ?? '').trim() : '';
    if (field.required && !value) {
      throw new AppError('VALIDATION_FAILED', `body.templateFields.${field.key}: ${field.label} is required`);
    }
    if (value) kept[field.key] = value;
  }
  return kept;
}
