import { IconAdjustments, IconClipboardPlus, IconEdit, IconFileUpload } from '@tabler/icons-react';
import type { OverlayDefinition } from '../../app/overlays/overlay-types';
import { comingOverlay } from '../../app/overlays/coming-overlay';

export const overlays: OverlayDefinition[] = [
  comingOverlay({
    flag: 'createTask',
    title: 'New task',
    area: 'tasks',
    size: 'lg',
    icon: IconClipboardPlus,
    description: 'Give an agent a job to work through, such as a list of people to call.',
  }),
  comingOverlay({
    flag: 'editTask',
    title: 'Edit task',
    area: 'tasks',
    size: 'lg',
    icon: IconEdit,
    description: 'Change the agent, schedule, contact list and limits of a task.',
  }),
  comingOverlay({
    flag: 'taskSettings',
    title: 'Task settings',
    area: 'tasks',
    icon: IconAdjustments,
    description: 'Defaults for your tasks: calling hours, retries and daily limits.',
  }),
  comingOverlay({
    flag: 'uploadTaskList',
    title: 'Upload a task list',
    area: 'tasks',
    kind: 'modal',
    size: 'lg',
    icon: IconFileUpload,
    description: 'Upload a CSV file of contacts for a task to work through.',
  }),
];
