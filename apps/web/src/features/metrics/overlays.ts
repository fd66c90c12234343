import type { OverlayDefinition } from '../../app/overlays/overlay-types';

const area = 'metrics';
const screens = () => import('./metric-overlays');

/** The dashboard's screens: one metric's formula builder, and the list of metrics. */
export const overlays: OverlayDefinition[] = [
  {
    flag: 'editMetric',
    title: 'Metric',
    area,
    size: 'lg',
    load: async () => ({ default: (await screens()).EditMetricOverlay }),
  },
  {
    flag: 'editDashboard',
    title: 'Edit dashboard',
    area,
    load: async () => ({ default: (await screens()).EditDashboardOverlay }),
  },
];
