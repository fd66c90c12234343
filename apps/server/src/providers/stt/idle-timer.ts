/** A stream nobody writes to or finishes for this long is closed, so a forgotten one cannot hold a process. */
export const STREAM_IDLE_MS = 120_000;

export const IDLE_MESSAGE = `The speech stream was closed after ${STREAM_IDLE_MS / 1000} s without audio`;

/** Calls `onIdle` once `ms` pass without a `touch`; never keeps the process alive by itself. */
export class IdleTimer {
  private readonly timer: NodeJS.Timeout;

  constructor(onIdle: () => void, ms = STREAM_IDLE_MS) {
    this.timer = setTimeout(onIdle, ms).unref();
  }

  touch(): void {
    this.timer.refresh();
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
