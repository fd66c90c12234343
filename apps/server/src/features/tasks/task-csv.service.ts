import { randomUUID } from 'node:crypto';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { taskCsvLimits, type CsvTaskRow, type ResponseOf, type tasksEndpoints } from '@switchboard/contract';
import type { Actor, Authenticator } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { looksLikeText, readCsv, type CsvRecord } from './csv-reader';
import { normalizeTaskTarget } from './task-target';
import { businessHoursInForce } from './task-limits.service';
import { findAgentAccount, scheduleProblemIn } from './tasks.service';
import { insertTaskRows, type NewTaskRow } from './tasks.repo';

type CsvAnswer = ResponseOf<typeof tasksEndpoints.uploadTaskCsv>;

/** The columns FACTS §6 names; any other column becomes a variable of the task. */
export const recognisedColumns = [
  'type',
  'target',
  'context',
  'taskContext',
  'greeting',
  'waitToGreet',
  'accountId',
  'scheduledFor',
  'message',
  'externalTaskId',
] as const;
type Column = (typeof recognisedColumns)[number];

const hint = 'send the file in a multipart/form-data field named "csv"';
const maxMegabytes = taskCsvLimits.maxBytes / 1024 / 1024;

export interface CsvUpload {
  text: string;
  /** Form fields sent beside the file (dryRun, accountId). */
  fields: Record<string, string>;
}

/** Reads the CSV file (and any form fields) of a multipart request, refusing what is not CSV text. */
export async function readCsvUpload(request: FastifyRequest): Promise<CsvUpload> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', `The task list must be sent as ${hint}`);
  let data: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    const limits = { fileSize: taskCsvLimits.maxBytes, files: 1, fields: 10 };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'csv' && part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError('BAD_REQUEST', `Unexpected file field "${part.fieldname}": ${hint}`);
      }
      data = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', `The CSV file is larger than the ${maxMegabytes} MB limit`);
    }
    if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', `Send one CSV file at a time: ${hint}`);
    const message = error instanceof Error ? error.message : String(error);
    throw new AppError('BAD_REQUEST', `The form data could not be read (${message}): ${hint}`);
  }
  if (data === null) throw new AppError('BAD_REQUEST', `No CSV file was sent: ${hint}`);
  if (data.length === 0) throw new AppError('BAD_REQUEST', 'The CSV file is empty');
  if (!looksLikeText(data)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'The file is not CSV: it is not UTF-8 text with comma-separated lines',
    );
  }
  return { text: data.toString('utf8'), fields };
}

interface Header {
  columns: { name: string; field: Column | null }[];
}

const columnKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');
const columnByKey = new Map<string, Column>(recognisedColumns.map((column) => [columnKey(column), column]));

function readHeader(record: CsvRecord | undefined): Header {
  if (!record) throw new AppError('BAD_REQUEST', 'The CSV file has no lines');
  const names = record.fields.map((name) => name.trim());
  const columns = names.map((name) => ({ name, field: columnByKey.get(columnKey(name)) ?? null }));
  if (!columns.some((column) => column.field === 'target')) {
    const looksLikeData = names.some((name) => normalizeTaskTarget(name).ok);
    throw new AppError(
      'BAD_REQUEST',
      looksLikeData
        ? 'Line 1 must be a header row naming the columns (it holds a phone number); add a first line such as "target,context"'
        : `Line 1 (the header) has no "target" column; recognised columns: ${recognisedColumns.join(', ')}`,
    );
  }
  const seen = new Map<string, number>();
  columns.forEach((column, index) => {
    if (column.name === '')
      throw new AppError('BAD_REQUEST', `Line 1, column ${index + 1}: the header names no column`);
    const key = column.field ?? column.name;
    if (seen.has(key)) throw new AppError('BAD_REQUEST', `Line 1: the column "${column.name}" appears twice`);
    seen.set(key, index);
  });
  return { columns };
}

interface RowProblem {
  line: number;
  column: string | null;
  message: string;
}

const truthy = new Map([
  ['true', true],
  ['yes', true],
  ['1', true],
  ['y', true],
  ['false', false],
  ['no', false],
  ['0', false],
  ['n', false],
  ['', false],
]);

function readScheduledFor(text: string): Date | null {
  if (text === '') return new Date();
  if (/^\d{9,11}$/.test(text)) return new Date(Number(text) * 1000);
  // An ISO date and time must say its offset, so no time zone is guessed.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

interface CsvContext {
  db: Db;
  authenticator: Authenticator;
  actor: Actor;
  actingAccountId: number;
  /** The agent account rows without an accountId use (else the acting account, when it is an agent account). */
  defaultAccountId: number | undefined;
  dryRun: boolean;
}

type ParsedRow = Omit<CsvTaskRow, 'taskId' | 'scheduledFor'> & {
  scheduledFor: Date;
  taskContext: string | null;
  greeting: string | null;
  message: string | null;
  waitToGreet: boolean;
};

function parseRow(record: CsvRecord, header: Header, defaultAccountId: number | undefined) {
  const problems: RowProblem[] = [];
  const problem = (column: string | null, message: string) =>
    problems.push({ line: record.line, column, message });
  if (record.fields.length !== header.columns.length) {
    problem(null, `has ${record.fields.length} fields; the header has ${header.columns.length}`);
    return { problems, row: null };
  }
  const value = (field: Column) => {
    const index = header.columns.findIndex((column) => column.field === field);
    return index < 0 ? '' : (record.fields[index] ?? '').trim();
  };
  const variables: Record<string, string> = {};
  header.columns.forEach((column, index) => {
    const text = (record.fields[index] ?? '').trim();
    if (column.field === null && text !== '') variables[column.name] = text.slice(0, 2000);
  });
  const typeText = value('type').toLowerCase() || 'call';
  if (typeText !== 'call' && typeText !== 'text')
    problem('type', `"${typeText}" is not a task type (call or text)`);
  const target = normalizeTaskTarget(value('target'));
  if (!target.ok) problem('target', target.message);
  const waitToGreet = truthy.get(value('waitToGreet').toLowerCase());
  if (waitToGreet === undefined) problem('waitToGreet', `"${value('waitToGreet')}" is not true or false`);
  const accountText = value('accountId');
  const accountId =
    accountText === '' ? defaultAccountId : /^\d{1,10}$/.test(accountText) ? Number(accountText) : NaN;
  if (accountId === undefined)
    problem('accountId', 'is empty and the upload names no agent account for the file');
  else if (Number.isNaN(accountId))
    problem('accountId', `"${accountText.slice(0, 20)}" is not an account id`);
  const scheduledFor = readScheduledFor(value('scheduledFor'));
  if (!scheduledFor) {
    problem(
      'scheduledFor',
      `"${value('scheduledFor').slice(0, 40)}" is not epoch seconds or an ISO date-time with its offset`,
    );
  }
  const message = value('message') || null;
  if (typeText === 'text' && !message) problem('message', 'a text task needs the message to send');
  for (const [field, max] of [
    ['context', 4000],
    ['taskContext', 4000],
    ['greeting', 1000],
    ['message', 1600],
    ['externalTaskId', 200],
  ] as const) {
    if (value(field).length > max) problem(field, `is longer than ${max} characters`);
  }
  if (problems.length > 0 || !target.ok || !scheduledFor || accountId === undefined)
    return { problems, row: null };
  const row: ParsedRow = {
    line: record.line,
    type: typeText as 'call' | 'text',
    target: target.e164,
    accountId,
    scheduledFor,
    context: value('context') || null,
    taskContext: value('taskContext') || null,
    greeting: value('greeting') || null,
    message,
    waitToGreet: waitToGreet ?? false,
    externalTaskId: value('externalTaskId') || null,
    variables,
  };
  return { problems, row };
}

/** Every account the rows name must be an agent account the caller may act for, or the whole file is refused. */
async function checkAccounts(context: CsvContext, rows: ParsedRow[]) {
  const organizations = new Map<number, number | null>();
  const hours = new Map<number, Awaited<ReturnType<typeof businessHoursInForce>>>();
  const firstLine = new Map<number, number>();
  for (const row of rows) if (!firstLine.has(row.accountId)) firstLine.set(row.accountId, row.line);
  for (const [accountId, line] of firstLine) {
    const allowed = await context.authenticator.canActFor(context.actor, accountId);
    const agent = allowed ? await findAgentAccount(context.db, accountId) : null;
    if (!agent) {
      throw new AppError(
        'FORBIDDEN',
        `Line ${line}, column accountId: ${accountId} is not an agent account you may use; nothing was queued`,
      );
    }
    organizations.set(accountId, agent.organizationId);
    hours.set(accountId, await businessHoursInForce(context.db, accountId));
  }
  return { organizations, hours };
}

/** Checks a CSV task list and, unless it is a dry run, queues its good rows together under one batch id. */
export async function uploadTaskCsv(context: CsvContext, upload: CsvUpload): Promise<CsvAnswer> {
  const read = readCsv(upload.text);
  if (!read.ok) throw new AppError('BAD_REQUEST', `Line ${read.line}: ${read.message}; nothing was queued`);
  const [headerRecord, ...records] = read.records;
  const header = readHeader(headerRecord);
  if (records.length === 0) throw new AppError('BAD_REQUEST', 'The CSV file has a header but no rows');
  if (records.length > taskCsvLimits.maxRows) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The CSV file has ${records.length} rows; the limit is ${taskCsvLimits.maxRows} per file`,
    );
  }
  const actingAgent = await findAgentAccount(context.db, context.actingAccountId);
  const fallbackAccountId = context.defaultAccountId ?? actingAgent?.id;
  const errors: RowProblem[] = [];
  const parsed: ParsedRow[] = [];
  for (const record of records) {
    const { problems, row } = parseRow(record, header, fallbackAccountId);
    errors.push(...problems);
    if (row) parsed.push(row);
  }
  const { organizations, hours } = await checkAccounts(context, parsed);
  const duplicates: { line: number; duplicateOf: number }[] = [];
  const seen = new Map<string, number>();
  const good: ParsedRow[] = [];
  for (const row of parsed) {
    const key = `${row.type} ${row.accountId} ${row.target}`;
    const first = seen.get(key);
    if (first !== undefined) {
      duplicates.push({ line: row.line, duplicateOf: first });
      continue;
    }
    const problem = scheduleProblemIn(hours.get(row.accountId) ?? [], row.scheduledFor);
    if (problem) {
      errors.push({ line: row.line, column: 'scheduledFor', message: problem });
      continue;
    }
    seen.set(key, row.line);
    good.push(row);
  }
  errors.sort((a, b) => a.line - b.line);
  const batchId = context.dryRun || good.length === 0 ? null : randomUUID();
  const values: NewTaskRow[] = good.map(({ line: _line, ...row }) => ({
    ...row,
    organizationId: organizations.get(row.accountId) ?? null,
    source: 'csv',
    batchId,
    createdBy: context.actor.userId,
  }));
  const stored = batchId ? await insertTaskRows(context.db, values) : [];
  const skipped =
    errors.length > 0 || duplicates.length > 0
      ? ` (${errors.length} rows with problems, ${duplicates.length} duplicates left out)`
      : '';
  return {
    success: true,
    message: context.dryRun
      ? `${good.length} of ${records.length} rows would be queued${skipped}`
      : stored.length > 0
        ? `Tasks queued: ${stored.length}${skipped}`
        : `No tasks queued${skipped}`,
    dryRun: context.dryRun,
    batchId,
    columns: header.columns.map((column) => ({
      name: column.name,
      field: column.field ?? `variables.${column.name}`,
      recognised: column.field !== null,
    })),
    rows: records.length,
    queued: stored.length,
    tasks: good.slice(0, 200).map((row, index) => ({
      line: row.line,
      taskId: stored[index]?.id ?? null,
      type: row.type,
      target: row.target,
      accountId: row.accountId,
      scheduledFor: Math.floor(row.scheduledFor.getTime() / 1000),
      context: row.context,
      externalTaskId: row.externalTaskId,
      variables: row.variables,
    })),
    errors,
    duplicates,
  };
}
