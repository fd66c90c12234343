import { rateLimited } from '../../platform/app-error';

/**
 * Requests per API token, counted in this process in one-minute windows: a runaway script gets 429 with
 * Retry-After instead of crowding out everyone else. Sessions are not counted (people click, scripts loop).
 */
export function createApiTokenRateLimit(options: { perMinute: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const windows = new Map<number, { startedAt: number; count: number }>();
  return {
    /** Counts one request of the token; throws the 429 once the minute's allowance is spent. */
    take(tokenId: number): void {
      const at = now();
      let window = windows.get(tokenId);
      if (!window || at - window.startedAt >= 60_000) {
        // Forget finished windows now and then, so tokens that stopped calling cost nothing.
        if (windows.size > 10_000) {
          for (const [id, entry] of windows) if (at - entry.startedAt >= 60_000) windows.delete(id);
        }
        window = { startedAt: at, count: 0 };
        windows.set(tokenId, window);
      }
      window.count += 1;
      if (window.count > options.perMinute) {
        throw rateLimited(
          `This API token made more than ${options.perMinute} requests in a minute: wait before the next one`,
          (window.startedAt + 60_000 - at) / 1000,
        );
      }
    },
  };
}

export type ApiTokenRateLimit = ReturnType<typeof createApiTokenRateLimit>;
