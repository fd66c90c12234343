import type { SectionScreen } from '../../app/shell/section-registry';

/** The knowledge section: an organization's knowledge bases, their documents and a search playground. */
export const sections: SectionScreen[] = [{ segment: 'knowledge', load: () => import('./knowledge-screen') }];
