import { QueryClient } from '@tanstack/react-query';
// Not from api-client: that module pulls the contract's schemas (and zod) into the first chunk.
import { ApiError } from '../lib/api-error';

const maxRetries = 2;

/** A 4xx answer (or a success that broke the contract) will not change on retry; network and 5xx may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < maxRetries;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
