import type { SectionScreen } from '../../app/shell/section-registry';

/** The tasks section: calls and texts the agents place, with CSV lists and limits. */
export const sections: SectionScreen[] = [{ segment: 'tasks', load: () => import('./tasks-screen') }];
