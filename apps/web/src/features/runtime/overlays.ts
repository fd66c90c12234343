import { IconPhoneCall, IconPhoneOutgoing } from '@tabler/icons-react';
import type { OverlayDefinition } from '../../app/overlays/overlay-types';
import { comingOverlay } from '../../app/overlays/coming-overlay';

export const overlays: OverlayDefinition[] = [
  comingOverlay({
    flag: 'call',
    title: 'Place a call',
    area: 'runtime',
    kind: 'modal',
    icon: IconPhoneOutgoing,
    description: 'Call a contact or any number from one of your phone numbers.',
  }),
  comingOverlay({
    flag: 'calling',
    title: 'Call in progress',
    area: 'runtime',
    kind: 'modal',
    size: 'sm',
    icon: IconPhoneCall,
    description: 'The call you are on, with mute, keypad and hang-up.',
  }),
];
