import { IconPlugConnected } from '@tabler/icons-react';
import type { OverlayDefinition } from '../../app/overlays/overlay-types';
import { comingOverlay } from '../../app/overlays/coming-overlay';

export const overlays: OverlayDefinition[] = [
  comingOverlay({
    flag: 'integrations',
    title: 'Integrations',
    area: 'apps',
    size: 'lg',
    icon: IconPlugConnected,
    description: 'Connect the calendars, CRMs and other apps your agents can use during a conversation.',
  }),
];
