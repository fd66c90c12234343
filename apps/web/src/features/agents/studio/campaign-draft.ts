import type { AgentConfig } from '@switchboard/contract';

/** What the draft needs from the server; `campaign-api.ts` binds it to the contract's endpoints. */
export interface CampaignApi {
  load(): Promise<{ staging: AgentConfig; production: AgentConfig | null }>;
  /** Writes staging unpublished, carrying `config.revision`; a stale revision answers the server's copy. */
  save(
    config: AgentConfig,
  ): Promise<{ kind: 'saved'; config: AgentConfig } | { kind: 'conflict'; server: AgentConfig }>;
  /** Publishes staging; the note is kept with the version the publish makes. */
  publish(note?: string): Promise<void>;
  revert(): Promise<void>;
  /** What is sent for a draft: rows still being filled in (a destination without a number) are left out. */
  prepare?(config: AgentConfig): AgentConfig;
}

export interface DraftTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  sleep(ms: number): Promise<void>;
  now(): number;
}

export type DraftStatus = 'loading' | 'idle' | 'dirty' | 'saving' | 'saved' | 'error' | 'conflict';

export interface DraftSnapshot {
  status: DraftStatus;
  /** The server's staging as last read or written (its revision is what the next save carries). */
  staging: AgentConfig | null;
  production: AgentConfig | null;
  /** What the editor shows: staging plus the edits not saved yet. */
  draft: AgentConfig | null;
  /** Set while a save met a newer server copy: the person chooses between theirs and the server's. */
  conflict: { mine: AgentConfig; server: AgentConfig } | null;
  /** The error list: server messages of failed saves, publishes and reverts, newest last. */
  errors: string[];
  /** The message under the prompt input ('Please enter a prompt.'). */
  promptError: string | null;
  lastSavedAt: number | null;
  busy: 'publishing' | 'reverting' | null;
}

/** Spec part 1 §9: autosave after 1.5 s of inactivity; publish pauses 1.5 s before and 0.2 s after. */
export const draftTimings = { autosaveMs: 1500, beforePublishMs: 1500, afterPublishMs: 200 } as const;

export const emptyPromptMessage = 'Please enter a prompt.';
export const saveFailedMessage = 'Error saving instructions';

/** The bookkeeping fields that never count as a change. */
function content(config: AgentConfig): string {
  const { campaignId: _c, revision: _r, updatedAt: _u, published: _p, ...rest } = config;
  return JSON.stringify(rest, Object.keys(rest).sort());
}

/** Whether two configs say and do the same thing (ids, revisions, dates and the published flag aside). */
export function sameContent(a: AgentConfig | null, b: AgentConfig | null): boolean {
  if (a === null || b === null) return a === b;
  return content(a) === content(b);
}

function messageOf(failure: unknown, fallback: string): string {
  return failure instanceof Error && failure.message.trim() !== '' ? failure.message : fallback;
}

const browserTimers: DraftTimers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  sleep: (ms) => new Promise((resolve) => globalThis.setTimeout(resolve, ms)),
  now: () => Date.now(),
};

/**
 * One agent's campaign as the studio edits it: edits land in the draft at once and autosave as an unpublished
 * staging write 1.5 s after the last one; a save that meets a newer server revision becomes a conflict the person
 * resolves. Framework-free (the React hook subscribes to it), so its timing is tested with fake timers.
 */
export class CampaignDraft {
  private snapshot: DraftSnapshot = {
    status: 'loading',
    staging: null,
    production: null,
    draft: null,
    conflict: null,
    errors: [],
    promptError: null,
    lastSavedAt: null,
    busy: null,
  };
  private readonly listeners = new Set<() => void>();
  private timer: unknown = null;
  private saving: Promise<void> | null = null;
  /** Bumped on every edit, so a save that finishes knows whether newer edits still wait. */
  private editCount = 0;
  /** Bumped when a save lands, so a read that started before it knows its copy is older. */
  private saveCount = 0;

  constructor(
    private readonly api: CampaignApi,
    private readonly timers: DraftTimers = browserTimers,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): DraftSnapshot => this.snapshot;

  private set(change: Partial<DraftSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }

  private fail(message: string): void {
    this.set({ status: 'error', errors: [...this.snapshot.errors, message] });
  }

  /** Reads staging and production (the first time, and after publish or revert). */
  async load(): Promise<void> {
    const edits = this.editCount;
    const saves = this.saveCount;
    try {
      const { staging, production } = await this.api.load();
      if (this.snapshot.draft !== null && (this.editCount !== edits || this.saveCount !== saves)) {
        // Typed or saved while the read was under way: what it read is older than the draft. The draft stays, and
        // its next save carries the revision it was made on, so a newer copy elsewhere is still a conflict.
        this.set({ production });
        return;
      }
      this.set({ status: 'idle', staging, production, draft: staging, conflict: null, promptError: null });
    } catch (failure) {
      this.fail(messageOf(failure, 'Could not load the agent'));
    }
  }

  /** Applies an edit to the draft and (re)starts the autosave countdown. */
  edit(change: Partial<AgentConfig> | ((draft: AgentConfig) => AgentConfig)): void {
    const draft = this.snapshot.draft;
    if (draft === null) return;
    const next = typeof change === 'function' ? change(draft) : { ...draft, ...change };
    this.editCount += 1;
    const promptError = next.agentInstructions.trim() === '' ? emptyPromptMessage : null;
    this.set({
      draft: next,
      promptError,
      status: this.snapshot.status === 'conflict' ? 'conflict' : 'dirty',
    });
    this.schedule();
  }

  private schedule(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.save();
    }, draftTimings.autosaveMs);
  }

  /** Whether the draft holds edits the server has not got. */
  hasUnsavedEdits(): boolean {
    const { draft, staging } = this.snapshot;
    return draft !== null && staging !== null && !sameContent(this.prepared(draft), staging);
  }

  private prepared(config: AgentConfig): AgentConfig {
    return this.api.prepare ? this.api.prepare(config) : config;
  }

  /** Saves now (cancelling the countdown) and resolves once the draft is on the server or the save failed. */
  async flush(): Promise<boolean> {
    if (this.timer !== null) {
      this.timers.clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.saving) await this.saving;
    if (this.snapshot.status === 'conflict') return false;
    if (this.hasUnsavedEdits() || this.snapshot.status === 'dirty') await this.save();
    // Read again: the save above changed it.
    const after: DraftStatus = this.getSnapshot().status;
    return after !== 'error' && after !== 'conflict';
  }

  private async save(): Promise<void> {
    if (this.saving) {
      // One write at a time: the edits made meanwhile go in the next one.
      await this.saving;
      if (this.hasUnsavedEdits()) this.schedule();
      return;
    }
    const { draft, staging, status } = this.snapshot;
    if (draft === null || staging === null || status === 'conflict') return;
    if (draft.agentInstructions.trim() === '') {
      this.set({ promptError: emptyPromptMessage, status: 'error' });
      return;
    }
    const sentAt = this.editCount;
    this.set({ status: 'saving' });
    this.saving = (async () => {
      try {
        const result = await this.api.save({
          ...this.prepared(draft),
          revision: staging.revision,
          published: false,
        });
        if (result.kind === 'conflict') {
          this.set({
            status: 'conflict',
            conflict: { mine: this.snapshot.draft ?? draft, server: result.server },
          });
          return;
        }
        const newer = this.editCount !== sentAt;
        this.saveCount += 1;
        const { campaignId, revision, updatedAt } = result.config;
        this.set({
          staging: result.config,
          // The editor keeps what was typed (rows still being filled in included); the server's bookkeeping
          // fields come along so the next save carries the new revision.
          draft: { ...(this.snapshot.draft ?? draft), campaignId, revision, updatedAt },
          status: newer ? 'dirty' : 'saved',
          lastSavedAt: this.timers.now(),
        });
      } catch (failure) {
        this.fail(messageOf(failure, saveFailedMessage));
      }
    })();
    try {
      await this.saving;
    } finally {
      this.saving = null;
    }
    if (this.snapshot.status === 'dirty') this.schedule();
  }

  /** Conflict: keep my version, written on top of the server's revision. */
  async keepMine(): Promise<void> {
    const conflict = this.snapshot.conflict;
    if (conflict === null) return;
    const mine = { ...conflict.mine, revision: conflict.server.revision };
    this.set({ conflict: null, staging: conflict.server, draft: mine, status: 'dirty' });
    await this.save();
  }

  /** Conflict: drop my edits and take the server's version. */
  takeServer(): void {
    const conflict = this.snapshot.conflict;
    if (conflict === null) return;
    this.editCount += 1;
    this.set({
      conflict: null,
      staging: conflict.server,
      draft: conflict.server,
      status: 'saved',
      promptError: null,
    });
  }

  /**
   * Publish: save the draft unpublished, pause, publish staging to production, pause, read both again.
   * Resolves whether it published.
   */
  async publish(note?: string): Promise<boolean> {
    const draft = this.snapshot.draft;
    if (draft === null || this.snapshot.busy !== null) return false;
    if (draft.agentInstructions.trim() === '') {
      this.set({ promptError: emptyPromptMessage });
      return false;
    }
    this.set({ busy: 'publishing' });
    try {
      if (!(await this.flush())) return false;
      await this.timers.sleep(draftTimings.beforePublishMs);
      await this.api.publish(note);
      await this.timers.sleep(draftTimings.afterPublishMs);
      await this.load();
      return true;
    } catch (failure) {
      this.fail(messageOf(failure, 'Error publishing the agent'));
      return false;
    } finally {
      this.set({ busy: null });
    }
  }

  /** Revert: drop the draft (staging becomes production again) and read both again. */
  async revert(): Promise<boolean> {
    if (this.snapshot.busy !== null) return false;
    if (this.timer !== null) {
      this.timers.clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.saving) await this.saving;
    this.set({ busy: 'reverting' });
    try {
      await this.api.revert();
      this.editCount += 1;
      await this.load();
      return true;
    } catch (failure) {
      this.fail(messageOf(failure, 'Error reverting the agent'));
      return false;
    } finally {
      this.set({ busy: null });
    }
  }

  dismissErrors(): void {
    this.set({ errors: [] });
  }

  /** Stops the countdown (the editor closed); a pending edit is saved first. */
  async close(): Promise<void> {
    if (this.timer !== null) await this.flush();
  }
}
