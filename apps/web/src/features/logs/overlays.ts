import type { OverlayDefinition } from '../../app/overlays/overlay-types';

const area = 'logs';
const screens = () => import('./log-overlays');

/** The call log's screens: the transcript of one call, filters, columns and reports. */
export const overlays: OverlayDefinition[] = [
  {
    flag: 'callTranscript',
    title: 'Call details',
    area,
    size: 'lg',
    load: async () => ({ default: (await screens()).CallTranscriptOverlay }),
  },
  {
    flag: 'logFilterBuilder',
    title: 'Filter calls',
    area,
    size: 'lg',
    load: async () => ({ default: (await screens()).LogFilterBuilderOverlay }),
  },
  {
    flag: 'editConvoColumns',
    title: 'Columns',
    area,
    load: async () => ({ default: (await screens()).EditConvoColumnsOverlay }),
  },
  {
    flag: 'reporting',
    title: 'Reports',
    area,
    load: async () => ({ default: (await screens()).ReportingOverlay }),
  },
];
