import { IconColumns3, IconFileExport, IconFilter, IconMessages } from '@tabler/icons-react';
import type { OverlayDefinition } from '../../app/overlays/overlay-types';
import { comingOverlay } from '../../app/overlays/coming-overlay';

export const overlays: OverlayDefinition[] = [
  comingOverlay({
    flag: 'callTranscript',
    title: 'Call details',
    area: 'logs',
    size: 'lg',
    icon: IconMessages,
    description: 'The transcript, recording and collected data of one call.',
  }),
  comingOverlay({
    flag: 'logFilterBuilder',
    title: 'Filter calls',
    area: 'logs',
    size: 'lg',
    icon: IconFilter,
    description: 'Combine conditions to narrow the call log down to the calls you need.',
  }),
  comingOverlay({
    flag: 'editConvoColumns',
    title: 'Columns',
    area: 'logs',
    icon: IconColumns3,
    description: 'Choose which columns the call log shows, and in what order.',
  }),
  comingOverlay({
    flag: 'reporting',
    title: 'Reports',
    area: 'logs',
    icon: IconFileExport,
    description: 'Export the call log, with its filters and columns, as CSV or JSON.',
  }),
];
