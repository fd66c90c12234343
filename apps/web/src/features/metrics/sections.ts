import type { SectionScreen } from '../../app/shell/section-registry';

/** The dashboard section of every tier's workspace. */
export const sections: SectionScreen[] = [
  {
    segment: 'dashboard',
    load: async () => ({ default: (await import('./dashboard-screen')).DashboardScreen }),
  },
];
