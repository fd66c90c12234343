import { IconCalendarEvent } from '@tabler/icons-react';
import type { OverlayDefinition } from '../../app/overlays/overlay-types';
import { comingOverlay } from '../../app/overlays/coming-overlay';

export const overlays: OverlayDefinition[] = [
  comingOverlay({
    flag: 'schedule',
    title: 'Book a call',
    area: 'calendar',
    kind: 'modal',
    size: 'lg',
    icon: IconCalendarEvent,
    description: 'Pick a time to talk with our team about setting up your agent.',
  }),
];
