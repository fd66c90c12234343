import type { AgentSession } from './session-types';

/**
 * The caller's silence while the agent listens. After callerResponseTimeout seconds the agent checks in ("Are
 * you still there?"); after callerResponseTimeoutHangupCounter check-ins without an answer it says goodbye and
 * the call ends with reason `timeout`.
 */
export class CallerSilence {
  private timer: NodeJS.Timeout | null = null;
  /** Check-ins said since the caller last spoke. */
  private checkIns = 0;

  constructor(
    private readonly session: AgentSession,
    private readonly isClosed: () => boolean,
  ) {}

  /** The caller spoke: stop counting, and the check-ins start again from none. */
  heard(): void {
    this.clear();
    this.checkIns = 0;
  }

  /** Starts counting once the agent listens (does nothing otherwise). */
  arm(): void {
    this.clear();
    const { conversation, config } = this.session;
    if (this.isClosed() || conversation.state !== 'listening') return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.isClosed() || conversation.state !== 'listening') return;
      if (this.checkIns >= config.callerResponseTimeoutHangupCounter) {
        conversation.sayLine("I haven't heard from you, so I'll end the call now. Goodbye!", {
          endAfter: 'timeout',
        });
        return;
      }
      this.checkIns += 1;
      conversation.sayLine('Are you still there?');
    }, config.callerResponseTimeout * 1000);
    this.timer.unref();
  }

  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
