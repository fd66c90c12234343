import type { FastifyBaseLogger } from 'fastify';

/** Work that outlives the request that started it (an agent's reply to a text), awaited before the app closes. */
export interface BackgroundWork {
  /** Keeps `work` running; a failure is logged with `what` (what was being done), never thrown. */
  run(work: Promise<unknown>, what: string): void;
  /** Resolves once everything started so far, and anything it started in turn, has settled. */
  drain(): Promise<void>;
}

export function createBackgroundWork(logger: FastifyBaseLogger): BackgroundWork {
  const running = new Set<Promise<unknown>>();
  return {
    run(work, what) {
      const tracked = work.then(
        () => undefined,
        (error: unknown) => {
          logger.error({ err: error }, `${what} failed`);
        },
      );
      running.add(tracked);
      void tracked.finally(() => running.delete(tracked));
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
