import { IconLayoutDashboard, IconMathFunction } from '@tabler/icons-react';
import type { OverlayDefinition } from '../../app/overlays/overlay-types';
import { comingOverlay } from '../../app/overlays/coming-overlay';

export const overlays: OverlayDefinition[] = [
  comingOverlay({
    flag: 'editMetric',
    title: 'Edit metric',
    area: 'metrics',
    size: 'lg',
    icon: IconMathFunction,
    description: 'Define a dashboard metric with a formula over your call data.',
  }),
  comingOverlay({
    flag: 'editDashboard',
    title: 'Edit dashboard',
    area: 'metrics',
    icon: IconLayoutDashboard,
    description: 'Choose which metrics your dashboard shows, and in what order.',
  }),
];
