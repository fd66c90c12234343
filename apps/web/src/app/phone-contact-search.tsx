import { Button, Stack, Text } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { useState } from 'react';
import { isMobileApp } from '../lib/mobile-flags';
import { searchPhoneContacts, type PhoneContact } from '../lib/native-contact-search';

function inMobileApp(): boolean {
  try {
    return isMobileApp(window.localStorage);
  } catch {
    return false;
  }
}

/**
 * Inside the mobile app: asks the native app to search the phone's contacts for `query` (what the person typed)
 * and hands back the one they picked. Renders nothing in a browser, where there is no phone address book.
 */
export function PhoneContactSearch({
  query,
  onPicked,
}: {
  query: string;
  onPicked: (contact: PhoneContact) => void;
}) {
  const [state, setState] = useState<{ busy: boolean; note: string | null }>({ busy: false, note: null });
  if (!inMobileApp()) return null;
  const search = async () => {
    if (query.trim() === '') {
      setState({ busy: false, note: 'Type a name or number to search your phone contacts.' });
      return;
    }
    setState({ busy: true, note: null });
    try {
      const contact = await searchPhoneContacts(query);
      if (contact) onPicked(contact);
      setState({ busy: false, note: contact ? null : 'No phone contact was picked.' });
    } catch (failure) {
      setState({ busy: false, note: failure instanceof Error ? failure.message : String(failure) });
    }
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="light"
        size="xs"
        leftSection={<IconAddressBook size={14} />}
        loading={state.busy}
        onClick={() => void search()}
      >
        Search phone contacts
      </Button>
      {state.note && (
        <Text size="xs" c="dimmed" role="status">
          {state.note}
        </Text>
      )}
    </Stack>
  );
}
