/** What the sandbox network can do to a live call's line: the softphone end of it, in this process. */
export interface SandboxLine {
  /** The agent's side hung up: the softphone hears the call end. */
  hangUp(): void;
  /** The agent transferred the call: the softphone is told where, and the agent's leg ends. */
  transfer(to: string, callerId: string): void;
}

/**
 * The sandbox phone network's switchboard, one per process: the live calls between softphones and agents, by
 * sandbox call id. The sandbox carrier's hang-up and transfer requests reach the softphone through it.
 */
export class SandboxPhoneNetwork {
  private readonly lines = new Map<string, SandboxLine>();

  /** A call is live on the network until the returned function is called. */
  connect(callId: string, line: SandboxLine): () => void {
    this.lines.set(callId, line);
    return () => {
      if (this.lines.get(callId) === line) this.lines.delete(callId);
    };
  }

  isLive(callId: string): boolean {
    return this.lines.has(callId);
  }

  hangUp(callId: string): void {
    this.lines.get(callId)?.hangUp();
  }

  transfer(callId: string, to: string, callerId: string): void {
    this.lines.get(callId)?.transfer(to, callerId);
  }
}
