import {
  IconAddressBook,
  IconBooks,
  IconChartBar,
  IconChecklist,
  IconHome,
  IconListDetails,
  IconMessages,
  IconRobot,
  IconSettings,
  type Icon,
} from '@tabler/icons-react';
import type { AccountType } from './tiers';

export interface WorkspaceSection {
  /** The path segment after the tier (empty for the tier's home). */
  segment: string;
  label: string;
  icon: Icon;
  description: string;
  types: readonly AccountType[];
}

const all = ['partner', 'reseller', 'organization', 'agent'] as const;

/** The navigation of the workspace; an area's screens render at its segment. */
export const workspaceSections: readonly WorkspaceSection[] = [
  { segment: '', label: 'Overview', icon: IconHome, description: '', types: all },
  {
    segment: 'inbox',
    label: 'Inbox',
    icon: IconMessages,
    description: 'Conversations your agents had by phone and text, with the ones that need a person first.',
    types: ['organization', 'agent'],
  },
  {
    segment: 'contacts',
    label: 'Contacts',
    icon: IconAddressBook,
    description: 'The people your agents talk to, with their details and history.',
    types: ['organization', 'agent'],
  },
  {
    segment: 'tasks',
    label: 'Tasks',
    icon: IconChecklist,
    description: 'Calls and texts your agents place, one by one or from a CSV list, within your limits.',
    types: ['organization', 'agent'],
  },
  {
    segment: 'knowledge',
    label: 'Knowledge',
    icon: IconBooks,
    description: 'Web pages and documents your agents answer from, with a search to try them.',
    types: ['organization'],
  },
  {
    segment: 'agent',
    label: 'Agent',
    icon: IconRobot,
    description: "The agent's prompt, greeting, actions, apps, voice and versions, with a test call.",
    types: ['agent'],
  },
  {
    segment: 'logs',
    label: 'Call logs',
    icon: IconListDetails,
    description: 'Every call and conversation with filters, columns and CSV or JSON export.',
    types: all,
  },
  {
    segment: 'dashboard',
    label: 'Dashboard',
    icon: IconChartBar,
    description: 'Minutes saved, calls answered, appointments booked and your own metrics.',
    types: all,
  },
  { segment: 'settings', label: 'Settings', icon: IconSettings, description: '', types: all },
];
