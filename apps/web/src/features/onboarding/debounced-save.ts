export interface SaveTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserTimers: SaveTimers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export interface DebouncedSave<T> {
  /** Queues a value; only the last one queued within the delay is saved. A delay of 0 saves at once. */
  push(value: T, delayMs?: number): void;
  /** Saves the queued value now, if any. */
  flush(): Promise<void>;
  /** Whether a value waits to be saved. */
  pending(): boolean;
}

/** Saves the latest of a burst of values once they stop changing for `delayMs` (spec §9: onboarding, 1 s). */
export function createDebouncedSave<T>(
  save: (value: T) => Promise<void>,
  delayMs: number,
  timers: SaveTimers = browserTimers,
): DebouncedSave<T> {
  let timer: unknown = null;
  let queued: { value: T } | null = null;
  const run = async () => {
    timer = null;
    const next = queued;
    queued = null;
    if (next) await save(next.value);
  };
  return {
    push(value, delay = delayMs) {
      queued = { value };
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      if (delay <= 0) {
        void run();
        return;
      }
      timer = timers.setTimeout(() => void run(), delay);
    },
    async flush() {
      if (timer !== null) timers.clearTimeout(timer);
      await run();
    },
    pending: () => queued !== null,
  };
}
