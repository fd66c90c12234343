import type { OverlayDefinition } from '../../app/overlays/overlay-types';

export const overlays: OverlayDefinition[] = [
  {
    flag: 'pageStats',
    title: 'Public page and payments',
    area: 'pay-pages',
    size: 'lg',
    load: async () => ({ default: (await import('./page-stats-overlay')).PageStatsOverlay }),
  },
];
