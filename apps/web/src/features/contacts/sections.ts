import type { SectionScreen } from '../../app/shell/section-registry';

/** The contacts section of an organization's or agent account's workspace. */
export const sections: SectionScreen[] = [{ segment: 'contacts', load: () => import('./contacts-screen') }];
