import { MutationCache, QueryClient } from '@tanstack/react-query';
// Not from api-client: that module pulls the contract's schemas (and zod) into the first chunk.
import { ApiError } from '../lib/api-error';

const maxRetries = 2;

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The screen shows this mutation's failure itself (an inline alert or field error): no notification. */
      showsError?: boolean;
    };
  }
}

/** A 4xx answer (or a success that broke the contract) will not change on retry; network and 5xx may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < maxRetries;
}

/** What a person is told when a change failed: the server's message, else what went wrong on the way. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError)
    return 'The server could not be reached. Check the connection and try again.';
  if (error instanceof Error && error.message !== '') return error.message;
  return 'Something went wrong. Try again.';
}

/** Shows a failure as an error notification (loaded on first use, so the first chunk stays small). */
function showFailure(message: string): void {
  void import('./notify').then(({ notify }) =>
    notify(message, { tone: 'error', title: 'That did not work' }),
  );
}

export interface QueryClientOptions {
  /** Where a failed mutation's message goes; an error notification by default. */
  reportFailure?: (message: string) => void;
}

/**
 * The app's query client. Every failed mutation reports the server's message here, in one place, unless the
 * screen shows it inline (`meta: { showsError: true }`, set through useApiMutation's `showsError`).
 */
export function createQueryClient({ reportFailure = showFailure }: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _onMutateResult, mutation) => {
        if (mutation.meta?.showsError === true) return;
        reportFailure(failureMessage(error));
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
