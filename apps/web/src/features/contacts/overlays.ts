import { IconAddressBook, IconEye, IconTrash, IconUserEdit, IconUserPlus } from '@tabler/icons-react';
import type { OverlayDefinition } from '../../app/overlays/overlay-types';
import { comingOverlay } from '../../app/overlays/coming-overlay';

export const overlays: OverlayDefinition[] = [
  comingOverlay({
    flag: 'contacts',
    title: 'Contacts',
    area: 'contacts',
    size: 'lg',
    icon: IconAddressBook,
    description: 'Browse and search the people your agents talk to.',
  }),
  comingOverlay({
    flag: 'createContact',
    title: 'New contact',
    area: 'contacts',
    icon: IconUserPlus,
    description: 'Add a contact with their name, phone number and email.',
  }),
  comingOverlay({
    flag: 'editContact',
    title: 'Edit contact',
    area: 'contacts',
    icon: IconUserEdit,
    description: 'Change the name, phone numbers, email and notes of a contact.',
  }),
  comingOverlay({
    flag: 'previewContact',
    title: 'Contact',
    area: 'contacts',
    icon: IconEye,
    description: 'A contact at a glance, with their details and recent conversations.',
  }),
  comingOverlay({
    flag: 'deleteContact',
    title: 'Delete contact',
    area: 'contacts',
    kind: 'modal',
    size: 'sm',
    icon: IconTrash,
    description: 'Remove a contact from this account.',
  }),
];
