import type { ApiResponse } from './api-client';

/** A factory's call must succeed: anything else fails the test with what the API said. */
export function expectStatus<T>(response: ApiResponse<T>, status: number, what: string): T {
  if (response.status !== status) {
    throw new Error(`${what} answered ${response.status} (expected ${status}): ${response.text}`);
  }
  return response.body;
}
