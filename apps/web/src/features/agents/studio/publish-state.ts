import { endpoints } from '@switchboard/contract';
import { useApiQuery } from '../../../lib/use-api';
import type { DraftSnapshot } from './campaign-draft';

/** Where an agent stands: live with nothing pending, a draft waiting to be published, or never published. */
export type PublishStatus = 'live' | 'draft' | 'unpublished';

export const publishStatusBadges: Record<PublishStatus, { color: string; label: string }> = {
  live: { color: 'teal', label: 'Live' },
  draft: { color: 'orange', label: 'Unpublished changes' },
  unpublished: { color: 'gray', label: 'Not published yet' },
};

/**
 * The one comparison every screen shows: the server's, which compares the draft with what is live (ids, revisions
 * and dates aside) and answers it with every campaign read or save (`unpublishedChanges`, and the draft's
 * `published` flag).
 */
export function publishStatus(view: { everPublished: boolean; unpublishedChanges: boolean }): PublishStatus {
  if (!view.everPublished) return 'unpublished';
  return view.unpublishedChanges ? 'draft' : 'live';
}

/** The editor's state: the draft as last read or written carries the server's answer in its `published` flag. */
export function publishStatusOfDraft(state: Pick<DraftSnapshot, 'staging' | 'production'>): PublishStatus {
  return publishStatus({
    everPublished: state.production !== null,
    unpublishedChanges: state.staging?.published !== true,
  });
}

/** The same state read on its own (the test drawer, the agent's home): the campaign as the server answers it. */
export function useAgentPublishStatus(agentAccountId: number) {
  const campaign = useApiQuery(endpoints.getCampaign, { targetAccountId: agentAccountId, query: {} });
  const status = campaign.data
    ? publishStatus({
        everPublished: campaign.data.publishedAt !== null,
        unpublishedChanges: campaign.data.unpublishedChanges,
      })
    : null;
  return { status, publishedAt: campaign.data?.publishedAt ?? null, query: campaign };
}
