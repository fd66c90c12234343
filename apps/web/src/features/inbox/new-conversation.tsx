import { Button, Group, Stack, TextInput } from '@mantine/core';
import { endpoints, type AccountView } from '@switchboard/contract';
import { useState } from 'react';
import { useApiMutation } from '../../lib/use-api';

/**
 * What the acting account lacks to start a conversation, checked in the spec's order: premium, a phone number on
 * the agent, then SMS (the account's smsEnabled and its smsMessaging setting, on unless switched off).
 */
export function missingForNewConversation(
  account: Pick<AccountView, 'vidaPremium' | 'vidaPhoneNumber' | 'smsEnabled' | 'settings'>,
): 'premium' | 'phoneNumber' | 'sms' | null {
  if (!account.vidaPremium) return 'premium';
  if (!account.vidaPhoneNumber) return 'phoneNumber';
  if (!account.smsEnabled || account.settings.smsMessaging === false) return 'sms';
  return null;
}

/** The compose row: whom to text; opens (or finds) their room, or says it cannot and closes. */
export function NewConversation({
  accountId,
  onStarted,
  onCancel,
}: {
  accountId: number;
  onStarted: (roomId: string) => void;
  onCancel: () => void;
}) {
  const [to, setTo] = useState('');
  const start = useApiMutation(endpoints.getGroupConversationRoomId);
  const submit = () => {
    if (to.trim() === '') return;
    start.mutate(
      { body: { users: [to.trim()] }, targetAccountId: accountId },
      {
        onSuccess: (answer) => onStarted(answer.roomId),
        // The query client shows the server's reason (an address it cannot reach, a missing number...).
        onError: onCancel,
      },
    );
  };
  return (
    <Stack gap={6} px="sm" pb="sm">
      <TextInput
        size="xs"
        label="New message to"
        placeholder="Phone number, e.g. (555) 010-0199"
        value={to}
        onChange={(event) => setTo(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') submit();
        }}
        data-autofocus
        autoFocus
      />
      <Group gap="xs" justify="flex-end">
        <Button size="xs" variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="xs" onClick={submit} loading={start.isPending}>
          Start
        </Button>
      </Group>
    </Stack>
  );
}
