/** One carrier frame, or a message (a mark) that follows the frames before it. */
type Message = Record<string, unknown>;

/** How early a timer may fire and still send the frame due on its tick. */
const slackMs = 2;

/** One call's outbound audio, sent no faster than real time. */
export interface PacedLine {
  /** Queues a 20 ms audio frame (`frame`) or a message that goes out right after the frames queued before it. */
  push(message: Message, frame: boolean): void;
  /** Drops everything still queued (a barge-in). */
  clear(): void;
  /** The call ended: nothing more is sent. */
  close(): void;
}

interface Line {
  queue: { message: Message; frame: boolean }[];
  /** When the next frame may go out, on the pacer's clock. */
  nextAt: number;
  send(message: Message): void;
}

/**
 * Sends the calls' audio frames at real time: every call's frames go out one per frame period on one shared
 * timer aligned to a common grid, so a server with hundreds of calls runs one timer, not one per call. A late
 * timer (a busy event loop) sends the frames that fell due meanwhile together; an idle call costs nothing.
 */
export class FramePacer {
  private readonly active = new Set<Line>();
  private timer: NodeJS.Timeout | null = null;
  private readonly origin: number;

  constructor(
    private readonly frameMs = 20,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.origin = now();
  }

  /** A call's line: `send` receives its frames and messages in order, paced. */
  line(send: (message: Message) => void): PacedLine {
    const line: Line = { queue: [], nextAt: 0, send };
    return {
      push: (message, frame) => {
        line.queue.push({ message, frame });
        if (!this.active.has(line)) {
          line.nextAt = Math.max(line.nextAt, this.nextTick());
          this.active.add(line);
          this.schedule();
        }
      },
      clear: () => {
        line.queue = [];
      },
      close: () => {
        line.queue = [];
        this.active.delete(line);
      },
    };
  }

  /** Calls with audio still queued. */
  get activeLines(): number {
    return this.active.size;
  }

  /** The first point of the shared grid at or after `at`. */
  private gridAfter(at: number): number {
    return this.origin + Math.ceil((at - this.origin) / this.frameMs) * this.frameMs;
  }

  private nextTick(): number {
    return this.gridAfter(this.now());
  }

  private schedule(): void {
    if (this.timer || this.active.size === 0) return;
    this.timer = setTimeout(() => this.tick(), Math.max(0, this.nextTick() - this.now()));
  }

  private tick(): void {
    this.timer = null;
    // Timers keep whole milliseconds and may fire up to one early: a frame due within `slackMs` goes out now.
    const now = this.now();
    for (const line of this.active) {
      while (line.queue.length > 0) {
        const head = line.queue[0];
        if (!head || (head.frame && line.nextAt > now + slackMs)) break;
        line.queue.shift();
        if (head.frame) line.nextAt += this.frameMs;
        line.send(head.message);
      }
      if (line.queue.length === 0) this.active.delete(line);
    }
    if (this.active.size > 0) {
      this.timer = setTimeout(() => this.tick(), this.gridAfter(now + slackMs + 0.001) - now);
    }
  }
}
