import type { SectionScreen } from '../../app/shell/section-registry';

/** The call log section of every tier's workspace. */
export const sections: SectionScreen[] = [
  { segment: 'logs', load: async () => ({ default: (await import('./logs-screen')).LogsScreen }) },
];
