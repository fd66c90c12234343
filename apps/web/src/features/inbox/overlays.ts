import { IconSearch } from '@tabler/icons-react';
import type { OverlayDefinition } from '../../app/overlays/overlay-types';
import { comingOverlay } from '../../app/overlays/coming-overlay';

// `chat` (a conversation with the workspace's agent) is the runtime's: features/runtime/overlays.ts.
export const overlays: OverlayDefinition[] = [
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
