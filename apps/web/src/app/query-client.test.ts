import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import { shouldRetry } from './query-client';

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
