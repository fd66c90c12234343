import type { SectionScreen } from '../../app/shell/section-registry';

/** The agent section of an agent account's workspace: the overview of its campaign. */
export const sections: SectionScreen[] = [
  {
    segment: 'agent',
    load: async () => ({ default: (await import('./overview/agent-overview')).AgentOverview }),
  },
];
