import type { OverlayDefinition } from '../../app/overlays/overlay-types';

const area = 'tasks';
const forms = () => import('./overlays/task-form-overlays');

/** Tasks: creating and editing a call or text, the limits, and CSV task lists. */
export const overlays: OverlayDefinition[] = [
  {
    flag: 'createTask',
    title: 'New task',
    area,
    size: 'lg',
    load: async () => ({ default: (await forms()).CreateTaskOverlay }),
  },
  {
    flag: 'editTask',
    title: 'Edit task',
    area,
    size: 'lg',
    load: async () => ({ default: (await forms()).EditTaskOverlay }),
  },
  {
    flag: 'taskSettings',
    title: 'Task limits',
    area,
    size: 'lg',
    load: async () => ({ default: (await import('./overlays/task-settings-overlay')).TaskSettingsOverlay }),
  },
  {
    flag: 'uploadTaskList',
    title: 'Upload a task list',
    area,
    kind: 'modal',
    size: 'lg',
    load: async () => ({
      default: (await import('./overlays/upload-task-list-overlay')).UploadTaskListOverlay,
    }),
  },
];
