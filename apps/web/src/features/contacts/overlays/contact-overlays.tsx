import { Alert, Button, Group, Loader, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { endpoints, type ContactView } from '@switchboard/contract';
import { formatPhoneForDisplay } from '@switchboard/core';
import { useState } from 'react';
import { notify } from '../../../app/notify';
import { PhoneContactSearch } from '../../../app/phone-contact-search';
import type { OverlayProps } from '../../../app/overlays/overlay-types';
import { useOverlayLink } from '../../../app/shell/overlay-link';
import { useApiMutation } from '../../../lib/use-api';
import { ContactTable } from '../contact-table';
import { noTokenMessage, useContact, useContactsAccount, withAccount } from '../use-contacts';
import { readSessionToken } from '../../../lib/session';

const refreshes = [
  endpoints.listContacts,
  endpoints.getContact,
  endpoints.conversations,
  endpoints.agentConversations,
];

const contactId = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

function ContactForm({
  initial,
  accountId,
  onSaved,
  onCancel,
}: {
  initial: Partial<ContactView>;
  accountId: number | null;
  onSaved: (contact: ContactView) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial.name ?? '');
  const [phoneNumber, setPhoneNumber] = useState(initial.phoneNumber ?? '');
  const [email, setEmail] = useState(initial.email ?? '');
  const [notes, setNotes] = useState(typeof initial.data?.notes === 'string' ? initial.data.notes : '');
  const save = useApiMutation(endpoints.saveContact, { invalidates: refreshes, showsError: true });
  const problem = save.error?.message;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          {
            body: {
              ...(initial.id === undefined ? {} : { id: initial.id }),
              name,
              phoneNumber,
              email,
              data: { notes: notes.trim() === '' ? null : notes },
            },
            ...withAccount(accountId),
          },
          { onSuccess: (answer) => onSaved(answer.contact) },
        );
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          data-autofocus
        />
        <PhoneContactSearch
          query={name || phoneNumber}
          onPicked={(picked) => {
            if (picked.name) setName(picked.name);
            if (picked.phoneNumber) setPhoneNumber(picked.phoneNumber);
            if (picked.email) setEmail(picked.email);
          }}
        />
        <TextInput
          label="Phone number"
          value={phoneNumber}
          onChange={(event) => setPhoneNumber(event.currentTarget.value)}
          error={problem?.startsWith('phoneNumber') ? problem : undefined}
        />
        <TextInput
          label="Email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={problem?.startsWith('email') ? problem : undefined}
        />
        <Textarea
          label="Notes"
          autosize
          minRows={2}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
        />
        {problem && !problem.startsWith('phoneNumber') && !problem.startsWith('email') && (
          <Alert color="red">{problem}</Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save contact
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `contacts`: the account's contacts in a drawer. */
export function ContactsOverlay() {
  return <ContactTable accountId={useContactsAccount()} />;
}

/** `createContact` (optionally `=<phone number>` to prefill it, as the inbox's "Save as contact" does). */
export function CreateContactOverlay({ value, close }: OverlayProps) {
  const accountId = useContactsAccount();
  return (
    <ContactForm
      initial={{ phoneNumber: value && value !== 'true' ? value : '' }}
      accountId={accountId}
      onSaved={(contact) => {
        notify(`${contact.name ?? 'Contact'} saved`, { tone: 'success' });
        close();
      }}
      onCancel={close}
    />
  );
}

function useContactFromFlag(value: string | null) {
  const accountId = useContactsAccount();
  const contact = useContact(accountId, contactId(value));
  return { accountId, contact };
}

function ContactState({ value, query }: { value: string | null; query: ReturnType<typeof useContact> }) {
  if (!readSessionToken()) return <Alert color="red">{noTokenMessage}</Alert>;
  if (contactId(value) === null) return <Alert color="red">Open a contact from the list.</Alert>;
  if (query.isPending) return <Loader size="sm" />;
  return <Alert color="red">{query.error?.message ?? 'This contact could not be loaded.'}</Alert>;
}

/** `editContact=<id>`. */
export function EditContactOverlay({ value, close }: OverlayProps) {
  const { accountId, contact } = useContactFromFlag(value);
  if (!contact.data) return <ContactState value={value} query={contact} />;
  return (
    <ContactForm
      initial={contact.data.contact}
      accountId={accountId}
      onSaved={() => {
        notify('Contact updated', { tone: 'success' });
        close();
      }}
      onCancel={close}
    />
  );
}

/** `previewContact=<id>`: the contact at a glance. */
export function PreviewContactOverlay({ value }: OverlayProps) {
  const { contact } = useContactFromFlag(value);
  const openOverlay = useOverlayLink();
  if (!contact.data) return <ContactState value={value} query={contact} />;
  const { name, phoneNumber, email, data, roomId, id } = contact.data.contact;
  const extra = Object.entries(data).filter(([key]) => key !== 'notes');
  return (
    <Stack gap="sm">
      <Text fw={700} fz="lg">
        {name ?? 'Unnamed contact'}
      </Text>
      <Text size="sm">{phoneNumber ? formatPhoneForDisplay(phoneNumber) : 'No phone number'}</Text>
      <Text size="sm">{email ?? 'No email'}</Text>
      {typeof data.notes === 'string' && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {data.notes}
        </Text>
      )}
      {extra.map(([key, item]) => (
        <Text key={key} size="sm">
          <b>{key}:</b> {typeof item === 'string' ? item : JSON.stringify(item)}
        </Text>
      ))}
      <Text size="xs" c="dimmed">
        {roomId ? 'Has a conversation in the inbox.' : 'No conversation yet.'}
      </Text>
      <Group>
        <Button variant="default" onClick={() => openOverlay('editContact', id)}>
          Edit
        </Button>
      </Group>
    </Stack>
  );
}

/** `deleteContact=<id>`: confirms, then deletes. */
export function DeleteContactOverlay({ value, close }: OverlayProps) {
  const { accountId, contact } = useContactFromFlag(value);
  const remove = useApiMutation(endpoints.deleteContact, { invalidates: refreshes, showsError: true });
  if (!contact.data) return <ContactState value={value} query={contact} />;
  const { id, name } = contact.data.contact;
  return (
    <Stack gap="md">
      <Text size="sm">
        Delete <b>{name ?? 'this contact'}</b>? Their conversations stay in the inbox.
      </Text>
      {remove.isError && <Alert color="red">{remove.error.message}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button
          color="red"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(
              { body: { id }, ...withAccount(accountId) },
              {
                onSuccess: () => {
                  notify('Contact deleted', { tone: 'success' });
                  close();
                },
              },
            )
          }
        >
          Delete contact
        </Button>
      </Group>
    </Stack>
  );
}
