import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { createQueryClient, shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('never retries a 4xx answer or a broken success', () => {
    expect(shouldRetry(0, new ApiError(404, 'NOT_FOUND', 'gone'))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, 'RATE_LIMITED', 'slow down'))).toBe(false);
    expect(shouldRetry(0, new ApiError(200, 'INVALID_RESPONSE', 'odd'))).toBe(false);
  });

  it('retries server and network failures twice', () => {
    expect(shouldRetry(0, new ApiError(503, 'UNAVAILABLE', 'down'))).toBe(true);
    expect(shouldRetry(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(2, new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('a failed mutation', () => {
  const run = async (client: QueryClient, error: Error, meta?: { showsError?: boolean }) => {
    const observer = new MutationObserver(client, { mutationFn: () => Promise.reject(error), meta });
    await observer.mutate().catch(() => undefined);
  };

  it("reports the server's message, once, for any mutation", async () => {
    const reported: string[] = [];
    const client = createQueryClient({ reportFailure: (message) => reported.push(message) });
    await run(
      client,
      new ApiError(
        400,
        'BAD_REQUEST',
        'Block from an agent account (targetAccountId): rooms belong to agents.',
      ),
    );
    expect(reported).toEqual(['Block from an agent account (targetAccountId): rooms belong to agents.']);
  });

  it('says the server could not be reached when the request never arrived', async () => {
    const reported: string[] = [];
    const client = createQueryClient({ reportFailure: (message) => reported.push(message) });
    await run(client, new TypeError('Failed to fetch'));
    expect(reported).toEqual(['The server could not be reached. Check the connection and try again.']);
  });

  it('stays quiet when the screen shows the failure inline', async () => {
    const reported: string[] = [];
    const client = createQueryClient({ reportFailure: (message) => reported.push(message) });
    await run(client, new ApiError(409, 'CONFLICT', 'Taken'), { showsError: true });
    expect(reported).toEqual([]);
  });
});
