/**
 * One carrier frame or message (a mark): an object, the JSON of one already serialised, or a frame's audio bytes
 * that the line's `send` serialises as it goes out (a queued frame then holds no text of its own: half a second
 * of every call's audio stays out of the young generation's survivors).
 */
export type PacedMessage = Record<string, unknown> | string | Uint8Array;

/** How early a timer may fire and still send the frame due on its tick. */
const slackMs = 2;

/** One call's outbound audio, sent no faster than real time. */
export interface PacedLine {
  /** Queues a 20 ms audio frame (`frame`) or a message that goes out right after the frames queued before it. */
  push(message: PacedMessage, frame: boolean): void;
  /** Drops everything still queued (a barge-in). */
  clear(): void;
  /** The call ended: nothing more is sent. */
  close(): void;
  /** Frames and messages queued and not yet sent. */
  readonly backlog: number;
  /**
   * Resolves once at most `frames` remain queued, or the line was cleared or closed: a producer that waits for
   * it stays a few frames ahead of the line instead of preparing a whole turn's audio in one go.
   */
  drained(frames: number): Promise<void>;
}

interface Line {
  queue: { message: PacedMessage; frame: boolean }[];
  /** Where this call's frames fall within the frame period: its phase's offset from the pacer's grid, ms. */
  offset: number;
  phase: number;
  /** When the next frame may go out, on the pacer's clock. */
  nextAt: number;
  send(message: PacedMessage): void;
  /** A producer waiting for the queue to fall to `frames`. */
  waiter: { frames: number; resolve: () => void } | null;
}

export interface FramePacerOptions {
  /** The frame period, ms (20: Twilio's and the sandbox network's frames). */
  frameMs?: number;
  /**
   * How many phases the period is split into (4: every 5 ms). Each call keeps the phase with the fewest calls
   * when it starts, so hundreds of calls go out in small groups spread over the period, not in one burst.
   */
  phases?: number;
  now?: () => number;
}

/**
 * Sends the calls' audio frames at real time: every call's frames go out one per frame period on one shared
 * timer, each call on its own phase of a common grid (calls spread evenly over the phases), so a server with
 * hundreds of calls runs one timer, not one per call, and sends a few dozen frames at a time rather than all at
 * once. A late timer (a busy event loop) sends the frames that fell due meanwhile together; an idle call costs
 * nothing.
 */
export class FramePacer {
  private readonly active = new Set<Line>();
  private timer: NodeJS.Timeout | null = null;
  /** When the pending timer fires, on the pacer's clock. */
  private timerAt = Number.POSITIVE_INFINITY;
  private readonly origin: number;
  private readonly frameMs: number;
  private readonly now: () => number;
  /** Open lines on each phase. */
  private readonly load: number[];

  constructor(options: FramePacerOptions = {}) {
    this.frameMs = options.frameMs ?? 20;
    this.now = options.now ?? (() => performance.now());
    this.load = Array.from({ length: Math.max(1, Math.floor(options.phases ?? 4)) }, () => 0);
    this.origin = this.now();
  }

  /** A call's line: `send` receives its frames and messages in order, paced. */
  line(send: (message: PacedMessage) => void): PacedLine {
    const phase = this.load.indexOf(Math.min(...this.load));
    this.load[phase] = (this.load[phase] ?? 0) + 1;
    const line: Line = {
      queue: [],
      phase,
      offset: (phase * this.frameMs) / this.load.length,
      nextAt: 0,
      send,
      waiter: null,
    };
    let open = true;
    const release = () => {
      const waiter = line.waiter;
      line.waiter = null;
      waiter?.resolve();
    };
    return {
      push: (message, frame) => {
        if (!open) return;
        line.queue.push({ message, frame });
        if (!this.active.has(line)) {
          line.nextAt = Math.max(line.nextAt, this.gridAfter(this.now(), line.offset));
          this.active.add(line);
          this.schedule(line.nextAt);
        }
      },
      clear: () => {
        line.queue = [];
        release();
      },
      close: () => {
        if (!open) return;
        open = false;
        line.queue = [];
        this.active.delete(line);
        this.load[line.phase] = (this.load[line.phase] ?? 1) - 1;
        release();
      },
      get backlog() {
        return line.queue.length;
      },
      drained: (frames) => {
        if (!open || line.queue.length <= frames) return Promise.resolve();
        release();
        return new Promise<void>((resolve) => {
          line.waiter = { frames, resolve };
        });
      },
    };
  }

  /**
   * Sends what has fallen due if the timer is late: called from work that runs often on a busy server (each
   * inbound media frame), so frames go out on time even when a long round of socket reads keeps the event loop
   * from reaching its timers.
   */
  poll(): void {
    if (this.timer && this.timerAt <= this.now()) {
      clearTimeout(this.timer);
      this.tick();
    }
  }

  /** Calls with audio still queued. */
  get activeLines(): number {
    return this.active.size;
  }

  /** The first point at or after `at` of the grid shifted by `offset`. */
  private gridAfter(at: number, offset: number): number {
    const start = this.origin + offset;
    return start + Math.ceil((at - start) / this.frameMs) * this.frameMs;
  }

  /** Makes sure the timer fires by `at`. */
  private schedule(at: number): void {
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => this.tick(), Math.max(0, at - this.now()));
  }

  private tick(): void {
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
    // Timers keep whole milliseconds and may fire up to one early: a frame due within `slackMs` goes out now.
    const now = this.now();
    let next = Number.POSITIVE_INFINITY;
    for (const line of this.active) {
      while (line.queue.length > 0) {
        const head = line.queue[0];
        if (!head || (head.frame && line.nextAt > now + slackMs)) break;
        line.queue.shift();
        if (head.frame) line.nextAt += this.frameMs;
        line.send(head.message);
      }
      if (line.waiter && line.queue.length <= line.waiter.frames) {
        const { resolve } = line.waiter;
        line.waiter = null;
        resolve();
      }
      if (line.queue.length === 0) this.active.delete(line);
      else next = Math.min(next, line.nextAt);
    }
    if (next !== Number.POSITIVE_INFINITY) this.schedule(Math.max(next, now + 1));
  }
}
