import type { OverlayDefinition } from '../../app/overlays/overlay-types';

const area = 'contacts';
const screens = () => import('./overlays/contact-overlays');

/** Contacts: the list, creating, editing, previewing and deleting a contact (`flag=<contact id>`). */
export const overlays: OverlayDefinition[] = [
  {
    flag: 'contacts',
    title: 'Contacts',
    area,
    size: 'lg',
    load: async () => ({ default: (await screens()).ContactsOverlay }),
  },
  {
    flag: 'createContact',
    title: 'New contact',
    area,
    load: async () => ({ default: (await screens()).CreateContactOverlay }),
  },
  {
    flag: 'editContact',
    title: 'Edit contact',
    area,
    load: async () => ({ default: (await screens()).EditContactOverlay }),
  },
  {
    flag: 'previewContact',
    title: 'Contact',
    area,
    load: async () => ({ default: (await screens()).PreviewContactOverlay }),
  },
  {
    flag: 'deleteContact',
    title: 'Delete contact',
    area,
    kind: 'modal',
    size: 'sm',
    load: async () => ({ default: (await screens()).DeleteContactOverlay }),
  },
];
