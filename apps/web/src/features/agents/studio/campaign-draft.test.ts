import { defaultAgentConfig, type AgentConfig } from '@switchboard/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CampaignDraft,
  draftTimings,
  sameContent,
  type CampaignApi,
  type DraftTimers,
} from './campaign-draft';

/** A server that keeps one staging and one production slot with a revision, like the real one. */
function fakeServer() {
  let staging: AgentConfig = {
    ...defaultAgentConfig(),
    campaignId: 'camp1',
    revision: 3,
    agentInstructions: 'Be kind.',
  };
  let production: AgentConfig = { ...staging };
  const calls: string[] = [];
  const api: CampaignApi = {
    load: () => {
      calls.push('load');
      return Promise.resolve({ staging, production });
    },
    save: (config) => {
      calls.push(`save@${config.revision}:${String(config.published)}`);
      if (config.revision !== staging.revision) return Promise.resolve({ kind: 'conflict', server: staging });
      staging = { ...config, revision: staging.revision + 1 };
      return Promise.resolve({ kind: 'saved', config: staging });
    },
    publish: () => {
      calls.push('publish');
      production = { ...staging, published: true };
      staging = { ...staging, published: true };
      return Promise.resolve();
    },
    revert: () => {
      calls.push('revert');
      staging = { ...production, revision: staging.revision + 1 };
      return Promise.resolve();
    },
  };
  return {
    api,
    calls,
    get staging() {
      return staging;
    },
    get production() {
      return production;
    },
    /** Someone else saves from another tab. */
    saveElsewhere(change: Partial<AgentConfig>) {
      staging = { ...staging, ...change, revision: staging.revision + 1 };
    },
  };
}

const timers: DraftTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function loaded() {
  const server = fakeServer();
  const draft = new CampaignDraft(server.api, timers);
  await draft.load();
  return { server, draft };
}

describe('autosave', () => {
  it('saves an unpublished draft 1.5 s after the last edit, carrying the revision', async () => {
    const { server, draft } = await loaded();
    draft.edit({ agentInstructions: 'Be kind and brief.' });
    expect(draft.getSnapshot().status).toBe('dirty');
    await vi.advanceTimersByTimeAsync(1000);
    draft.edit({ welcomeMessage: 'Hello!' });
    await vi.advanceTimersByTimeAsync(1499);
    expect(server.calls).toEqual(['load']);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toEqual(['load', 'save@3:false']);
    expect(draft.getSnapshot().status).toBe('saved');
    expect(server.staging).toMatchObject({
      agentInstructions: 'Be kind and brief.',
      welcomeMessage: 'Hello!',
      revision: 4,
    });
    expect(draft.getSnapshot().draft?.revision).toBe(4);
  });

  it('keeps edits typed while a save is on its way and saves them next', async () => {
    const server = fakeServer();
    let release: () => void = () => undefined;
    const slowSave = server.api.save.bind(server.api);
    server.api.save = (config) =>
      new Promise((resolve) => {
        release = () => void slowSave(config).then(resolve);
      });
    const draft = new CampaignDraft(server.api, timers);
    await draft.load();
    draft.edit({ welcomeMessage: 'one' });
    await vi.advanceTimersByTimeAsync(draftTimings.autosaveMs);
    expect(draft.getSnapshot().status).toBe('saving');
    draft.edit({ welcomeMessage: 'two' });
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(draft.getSnapshot().draft?.welcomeMessage).toBe('two');
    expect(draft.getSnapshot().status).toBe('dirty');
    await vi.advanceTimersByTimeAsync(draftTimings.autosaveMs);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.staging.welcomeMessage).toBe('two');
    expect(draft.getSnapshot().status).toBe('saved');
  });

  it('keeps an edit typed while a second read of the server is under way, and saves it', async () => {
    const { server, draft } = await loaded();
    let release: () => void = () => undefined;
    const quickLoad = server.api.load.bind(server.api);
    server.api.load = () =>
      new Promise((resolve) => {
        const read = quickLoad();
        release = () => void read.then(resolve);
      });
    const reading = draft.load();
    draft.edit({ welcomeMessage: 'Typed during the read' });
    release();
    await reading;
    expect(draft.getSnapshot().draft?.welcomeMessage).toBe('Typed during the read');
    expect(draft.getSnapshot().status).toBe('dirty');
    await vi.advanceTimersByTimeAsync(draftTimings.autosaveMs);
    expect(server.staging).toMatchObject({ welcomeMessage: 'Typed during the read', revision: 4 });
    expect(draft.getSnapshot().status).toBe('saved');
  });

  it('does not take an older copy read before its own save landed', async () => {
    const { server, draft } = await loaded();
    let release: () => void = () => undefined;
    const quickLoad = server.api.load.bind(server.api);
    server.api.load = () => {
      const read = quickLoad();
      return new Promise((resolve) => {
        release = () => void read.then(resolve);
      });
    };
    draft.edit({ welcomeMessage: 'Saved while reading' });
    const reading = draft.load();
    await vi.advanceTimersByTimeAsync(draftTimings.autosaveMs);
    expect(server.staging.revision).toBe(4);
    release();
    await reading;
    expect(draft.getSnapshot().staging?.revision).toBe(4);
    draft.edit({ welcomeMessage: 'And then more' });
    await vi.advanceTimersByTimeAsync(draftTimings.autosaveMs);
    expect(draft.getSnapshot().status).toBe('saved');
    expect(server.staging).toMatchObject({ welcomeMessage: 'And then more', revision: 5 });
  });

  it('does not save an empty prompt and says so on the prompt input', async () => {
    const { server, draft } = await loaded();
    draft.edit({ agentInstructions: '  ' });
    expect(draft.getSnapshot().promptError).toBe('Please enter a prompt.');
    await vi.advanceTimersByTimeAsync(draftTimings.autosaveMs);
    expect(server.calls).toEqual(['load']);
    expect(await draft.publish()).toBe(false);
    expect(server.calls).toEqual(['load']);
  });

  it('puts the server message in the error list when a save fails', async () => {
    const { server, draft } = await loaded();
    server.api.save = () => Promise.reject(new Error('Failed to save template'));
    draft.edit({ welcomeMessage: 'x' });
    await vi.advanceTimersByTimeAsync(draftTimings.autosaveMs);
    expect(draft.getSnapshot()).toMatchObject({ status: 'error', errors: ['Failed to save template'] });
    server.api.save = () => Promise.reject(new Error(''));
    draft.edit({ welcomeMessage: 'y' });
    await vi.advanceTimersByTimeAsync(draftTimings.autosaveMs);
    expect(draft.getSnapshot().errors).toEqual(['Failed to save template', 'Error saving instructions']);
  });
});

describe('save conflicts', () => {
  it('a save over a newer server revision opens a conflict with both versions', async () => {
    const { server, draft } = await loaded();
    server.saveElsewhere({ welcomeMessage: 'from the other tab' });
    draft.edit({ agentInstructions: 'mine' });
    await vi.advanceTimersByTimeAsync(draftTimings.autosaveMs);
    const { status, conflict } = draft.getSnapshot();
    expect(status).toBe('conflict');
    expect(conflict?.mine.agentInstructions).toBe('mine');
    expect(conflict?.server).toMatchObject({ welcomeMessage: 'from the other tab', revision: 4 });
    // No further autosave while the person decides.
    draft.edit({ agentInstructions: 'mine, still' });
    await vi.advanceTimersByTimeAsync(draftTimings.autosaveMs * 2);
    expect(server.calls.filter((call) => call.startsWith('save'))).toHaveLength(1);
  });

  it('keeping mine saves it on top of the server revision', async () => {
    const { server, draft } = await loaded();
    server.saveElsewhere({ welcomeMessage: 'theirs' });
    draft.edit({ agentInstructions: 'mine' });
    await vi.advanceTimersByTimeAsync(draftTimings.autosaveMs);
    await draft.keepMine();
    expect(server.calls.at(-1)).toBe('save@4:false');
    expect(server.staging).toMatchObject({ agentInstructions: 'mine', revision: 5 });
    expect(draft.getSnapshot()).toMatchObject({ status: 'saved', conflict: null });
  });

  it('taking the server version drops my edits', async () => {
    const { server, draft } = await loaded();
    server.saveElsewhere({ welcomeMessage: 'theirs' });
    draft.edit({ agentInstructions: 'mine' });
    await vi.advanceTimersByTimeAsync(draftTimings.autosaveMs);
    draft.takeServer();
    expect(draft.getSnapshot().draft).toMatchObject({
      welcomeMessage: 'theirs',
      agentInstructions: 'Be kind.',
    });
    expect(draft.getSnapshot().status).toBe('saved');
    draft.edit({ agentInstructions: 'again' });
    await vi.advanceTimersByTimeAsync(draftTimings.autosaveMs);
    expect(server.calls.at(-1)).toBe('save@4:false');
  });
});

describe('publish and revert', () => {
  it('saves the draft unpublished, waits 1.5 s, publishes, waits 0.2 s, then reloads', async () => {
    const { server, draft } = await loaded();
    draft.edit({ agentInstructions: 'new prompt' });
    const done = draft.publish();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toEqual(['load', 'save@3:false']);
    expect(draft.getSnapshot().busy).toBe('publishing');
    await vi.advanceTimersByTimeAsync(1499);
    expect(server.calls).not.toContain('publish');
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls.at(-1)).toBe('publish');
    await vi.advanceTimersByTimeAsync(199);
    expect(server.calls.at(-1)).toBe('publish');
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toBe(true);
    expect(server.calls.at(-1)).toBe('load');
    expect(server.production.agentInstructions).toBe('new prompt');
    expect(sameContent(draft.getSnapshot().staging, draft.getSnapshot().production)).toBe(true);
    expect(draft.getSnapshot().busy).toBeNull();
  });

  it('revert drops the draft and reloads production into staging', async () => {
    const { server, draft } = await loaded();
    draft.edit({ agentInstructions: 'experiment' });
    await vi.advanceTimersByTimeAsync(draftTimings.autosaveMs);
    expect(await draft.revert()).toBe(true);
    expect(server.calls.slice(-2)).toEqual(['revert', 'load']);
    expect(draft.getSnapshot().draft?.agentInstructions).toBe('Be kind.');
  });

  it('a failed publish shows the server message', async () => {
    const { server, draft } = await loaded();
    server.api.publish = () => Promise.reject(new Error('Agent has no phone number'));
    const done = draft.publish();
    await vi.advanceTimersByTimeAsync(2000);
    expect(await done).toBe(false);
    expect(draft.getSnapshot().errors).toEqual(['Agent has no phone number']);
  });
});
