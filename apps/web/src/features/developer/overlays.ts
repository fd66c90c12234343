import { IconBug } from '@tabler/icons-react';
import type { OverlayDefinition } from '../../app/overlays/overlay-types';
import { comingOverlay } from '../../app/overlays/coming-overlay';

export const overlays: OverlayDefinition[] = [
  comingOverlay({
    flag: 'debug',
    title: 'Debug',
    area: 'developer',
    size: 'xl',
    icon: IconBug,
    description: 'Technical details of this account, session and screen, for troubleshooting with support.',
  }),
];
