import type { SectionScreen } from '../../app/shell/section-registry';

/** The inbox section: both inboxes, the open conversation, live updates. */
export const sections: SectionScreen[] = [{ segment: 'inbox', load: () => import('./inbox-screen') }];
