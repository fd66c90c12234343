import { IconMessageCircle, IconSearch } from '@tabler/icons-react';
import type { OverlayDefinition } from '../../app/overlays/overlay-types';
import { comingOverlay } from '../../app/overlays/coming-overlay';

export const overlays: OverlayDefinition[] = [
  comingOverlay({
    flag: 'chat',
    title: 'Conversation',
    area: 'inbox',
    size: 'lg',
    icon: IconMessageCircle,
    description: 'One conversation with its messages, where you can read along and reply.',
  }),
  comingOverlay({
    flag: 'search',
    title: 'Search',
    area: 'inbox',
    kind: 'modal',
    size: 'lg',
    icon: IconSearch,
    description: 'Find conversations, contacts and messages across your inbox.',
  }),
];
