import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CampaignDraft, type DraftSnapshot } from './campaign-draft';
import { campaignApi, invalidateAgentQueries } from './campaign-api';

// One draft per agent account for the whole page: the editor, the conflict dialog and the section screen share it,
// so an edit in one shows in the others and a conflict found by the editor is resolved by the dialog.
const drafts = new Map<number, CampaignDraft>();
const mounted = new Map<number, number>();

/** The shared draft of an agent account's campaign (created on first use). */
export function campaignDraftFor(agentAccountId: number, queryClient: QueryClient): CampaignDraft {
  let draft = drafts.get(agentAccountId);
  if (!draft) {
    const api = campaignApi(agentAccountId);
    draft = new CampaignDraft({
      ...api,
      // Other screens (the agent overview, versions) read the same campaign through the query cache.
      publish: async (note) => {
        await api.publish(note);
        await invalidateAgentQueries(queryClient);
      },
      revert: async () => {
        await api.revert();
        await invalidateAgentQueries(queryClient);
      },
      save: async (config) => {
        const result = await api.save(config);
        if (result.kind === 'saved') await invalidateAgentQueries(queryClient);
        return result;
      },
    });
    drafts.set(agentAccountId, draft);
    void draft.load();
  }
  return draft;
}

/** Subscribes a component to an agent's draft; `reload` reads staging and production again. */
export function useCampaignDraft(agentAccountId: number): { draft: CampaignDraft; state: DraftSnapshot } {
  const queryClient = useQueryClient();
  const draft = campaignDraftFor(agentAccountId, queryClient);
  const state = useSyncExternalStore(draft.subscribe, draft.getSnapshot);
  useEffect(() => {
    const count = mounted.get(agentAccountId) ?? 0;
    mounted.set(agentAccountId, count + 1);
    // The first screen to show the draft again reads the server, unless edits are still waiting to be saved.
    const { status } = draft.getSnapshot();
    if (count === 0 && (status === 'saved' || status === 'idle')) void draft.load();
    return () => {
      const left = (mounted.get(agentAccountId) ?? 1) - 1;
      mounted.set(agentAccountId, left);
      if (left === 0) void draft.close();
    };
  }, [draft, agentAccountId]);
  return { draft, state };
}
