import type { OverlayDefinition } from '../../app/overlays/overlay-types';

/** Calendar: the account's booking schedule and the calendars bookings go to. */
export const overlays: OverlayDefinition[] = [
  {
    flag: 'schedule',
    title: 'Schedule and calendars',
    area: 'calendar',
    size: 'lg',
    load: () => import('./schedule-overlay'),
  },
];
