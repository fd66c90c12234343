import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { notify } from '../../../app/notify';
import { callApi } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { usePathAccount } from './use-path-account';

type Kind = 'reseller' | 'organization' | 'agent';

const copy: Record<Kind, { name: string; hint: string; done: string }> = {
  reseller: {
    name: 'Reseller name',
    hint: 'A reseller sells to organizations under its own brand.',
    done: 'Reseller created',
  },
  organization: {
    name: 'Organization name',
    hint: 'The business whose agents answer calls and texts.',
    done: 'Organization created',
  },
  agent: {
    name: 'Agent account name',
    hint: 'An agent with its own prompt, number and inbox.',
    done: 'Agent account created',
  },
};

/** Creates an account under the one on screen; an owner email lets that person sign in to it. */
export function CreateAccountForm({ kind, close }: { kind: Kind; close: () => void }) {
  const { accountId } = usePathAccount();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('This field is required');
      return;
    }
    if (accountId === null) return;
    setBusy(true);
    try {
      const owner = email.trim() ? { email: email.trim() } : {};
      if (kind === 'reseller') {
        await callApi(endpoints.createReseller, {
          targetAccountId: accountId,
          body: { resellerName: name, ...owner },
        });
      } else if (kind === 'organization') {
        await callApi(endpoints.createOrganization, {
          targetAccountId: accountId,
          body: { orgName: name, ...owner },
        });
      } else {
        await callApi(endpoints.createAccount, {
          targetAccountId: accountId,
          body: { accountName: name, ...owner },
        });
      }
      await queryClient.invalidateQueries({ queryKey: ['accounts', kind, accountId] });
      notify(copy[kind].done, { tone: 'success' });
      close();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Could not create the account');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {copy[kind].hint}
        </Text>
        <TextInput
          label={copy[kind].name}
          required
          autoFocus
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
        />
        <TextInput
          label="Owner email"
          description="Optional. This person can sign in to the new account with a code."
          type="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export const CreateResellerOverlay = ({ close }: { close: () => void }) => (
  <CreateAccountForm kind="reseller" close={close} />
);
export const CreateOrganizationOverlay = ({ close }: { close: () => void }) => (
  <CreateAccountForm kind="organization" close={close} />
);
export const CreateAgentAccountOverlay = ({ close }: { close: () => void }) => (
  <CreateAccountForm kind="agent" close={close} />
);
