import { IconBrowser, IconInfoCircle } from '@tabler/icons-react';
import type { OverlayDefinition } from '../../app/overlays/overlay-types';
import { comingOverlay } from '../../app/overlays/coming-overlay';

const area = 'agents';
const compare = () => import('./compare/compare-changes-overlay');
const conflict = () => import('./compare/save-conflict-overlay');
const templates = () => import('./templates/template-overlays');

/** The agent studio: editing, settings, comparing and resolving conflicts, templates. */
export const overlays: OverlayDefinition[] = [
  {
    flag: 'editAgent',
    title: 'Edit agent',
    area,
    size: 'full',
    load: async () => ({ default: (await import('./edit-agent/edit-agent-overlay')).EditAgentOverlay }),
  },
  {
    flag: 'agentSettings',
    title: 'Agent settings',
    area,
    size: 'xl',
    load: async () => ({ default: (await import('./agent-settings-overlay')).AgentSettingsOverlay }),
  },
  {
    flag: 'compareChanges',
    title: 'Compare changes',
    area,
    size: 'full',
    load: async () => ({ default: (await compare()).CompareChangesOverlay }),
  },
  {
    flag: 'saveConflict',
    title: 'Save conflict',
    area,
    kind: 'modal',
    size: 'xl',
    load: async () => ({ default: (await conflict()).SaveConflictOverlay }),
  },
  {
    flag: 'createTemplate',
    title: 'Save as template',
    area,
    kind: 'modal',
    load: async () => ({ default: (await templates()).CreateTemplateOverlay }),
  },
  {
    flag: 'renameTemplate',
    title: 'Rename template',
    area,
    kind: 'modal',
    size: 'sm',
    load: async () => ({ default: (await templates()).RenameTemplateOverlay }),
  },
  comingOverlay({
    flag: 'agentInfo',
    title: 'Agent',
    area,
    icon: IconInfoCircle,
    description: 'An agent at a glance: its numbers, voice, status and recent activity.',
  }),
  comingOverlay({
    flag: 'editPage',
    title: 'Edit page',
    area,
    size: 'lg',
    icon: IconBrowser,
    description: 'Edit the public page where people can call, text or chat with your agent.',
  }),
];
