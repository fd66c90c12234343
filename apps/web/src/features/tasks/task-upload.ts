import { endpoints, errorBodySchema, type ResponseOf } from '@switchboard/contract';
import { ApiError } from '../../lib/api-client';
import { readSessionToken } from '../../lib/session';

export type CsvUploadAnswer = ResponseOf<typeof endpoints.uploadTaskCsv>;

/** Sends a CSV task list as multipart (field `csv`); a dry run checks it and queues nothing. */
export async function uploadTaskList(
  file: Blob,
  options: { dryRun: boolean; accountId: number | null; agentAccountId?: number | null },
): Promise<CsvUploadAnswer> {
  const form = new FormData();
  form.append('csv', file, 'tasks.csv');
  if (options.agentAccountId) form.append('accountId', String(options.agentAccountId));
  const query = new URLSearchParams({ token: readSessionToken() ?? '', dryRun: String(options.dryRun) });
  if (options.accountId !== null) query.set('targetAccountId', String(options.accountId));
  const response = await fetch(`${endpoints.uploadTaskCsv.path}?${query.toString()}`, {
    method: 'POST',
    body: form,
  });
  const body: unknown = await response.json().catch(() => null);
  const failure = errorBodySchema.safeParse(body);
  if (!response.ok || failure.success) {
    throw new ApiError(
      response.status,
      failure.success ? failure.data.code : 'UNKNOWN',
      failure.success ? failure.data.message : `The task list could not be sent (${String(response.status)})`,
    );
  }
  const parsed = endpoints.uploadTaskCsv.response.safeParse(body);
  if (!parsed.success)
    throw new ApiError(response.status, 'INVALID_RESPONSE', 'Unexpected answer to the upload');
  return parsed.data;
}
