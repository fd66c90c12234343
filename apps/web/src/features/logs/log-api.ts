import type { LogField } from '@switchboard/contract';
import { credentialKeys, encodeQuery } from '../../lib/api-client';

export type LogRow = Record<string, unknown>;

export type LogsAnswer =
  | {
      success: true;
      logs: LogRow[];
      total: number;
      page: number;
      pageSize: number;
      fields: string[];
      schema?: LogField[];
    }
  | { success: false; message: string };

export interface LogsRequest {
  filters: Record<string, string>;
  start: number;
  end: number;
  fields: string[];
  page?: number;
  pageSize?: number;
  targetAccountId?: number | null;
}

function credentials(): Record<string, string> {
  const found: Record<string, string> = {};
  for (const key of Object.values(credentialKeys)) {
    try {
      const value = globalThis.localStorage.getItem(key);
      if (value) found[key] = value;
    } catch {
      // No storage: the call goes without credentials and the server says so.
    }
  }
  return found;
}

/** The GET /api/v2/logs URL: filters as query fields, the window, the comma-joined fields, paging and format. */
export function logsUrl(
  request: LogsRequest,
  extra: Record<string, string | number | boolean> = {},
  path = '/api/v2/logs',
) {
  return `${path}${encodeQuery({
    ...request.filters,
    start: request.start,
    end: request.end,
    fields: request.fields.join(','),
    page: request.page,
    pageSize: request.pageSize,
    targetAccountId: request.targetAccountId ?? undefined,
    ...extra,
    ...credentials(),
  })}`;
}

/** One page of logs; a failed call is logged as 'API Error: {status} - {text}' and answers 'Failed to fetch logs'. */
export async function fetchLogs(
  request: LogsRequest,
  includeFields: boolean,
  signal?: AbortSignal,
): Promise<LogsAnswer> {
  try {
    const response = await fetch(logsUrl(request, { format: 'json', includeFields }), { signal });
    if (!response.ok) throw new Error(`API Error: ${response.status} - ${await response.text()}`);
    return (await response.json()) as LogsAnswer;
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error(error instanceof Error ? error.message : error);
    return { success: false, message: 'Failed to fetch logs' };
  }
}

function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads every matching row as CSV or JSON; a failure is only logged ('Failed to fetch CSV data'). */
export async function downloadLogs(request: LogsRequest, format: 'csv' | 'json'): Promise<boolean> {
  const label = format === 'csv' ? 'CSV' : 'JSON';
  try {
    const response = await fetch(
      logsUrl(request, format === 'csv' ? { format: 'csv' } : { format: 'json', download: true }),
    );
    if (!response.ok) throw new Error(`API Error: ${response.status} - ${await response.text()}`);
    const today = new Date().toISOString().slice(0, 10);
    save(await response.blob(), fileNameOf(response, `conversation_logs_${today}.${format}`));
    return true;
  } catch (error) {
    console.error(`Failed to fetch ${label} data`, error);
    return false;
  }
}

/** Downloads the one-row-per-conversation export (collected data and usage per unit) as CSV. */
export async function downloadConversations(request: LogsRequest): Promise<boolean> {
  try {
    const response = await fetch(
      logsUrl({ ...request, fields: [] }, { format: 'csv' }, '/api/v2/logs/conversations'),
    );
    if (!response.ok) throw new Error(`API Error: ${response.status} - ${await response.text()}`);
    save(await response.blob(), fileNameOf(response, 'conversations.csv'));
    return true;
  } catch (error) {
    console.error('Failed to fetch CSV data', error);
    return false;
  }
}
