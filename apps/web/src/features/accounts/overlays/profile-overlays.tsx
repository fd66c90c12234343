import { Button, Group, Stack, TextInput } from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { CodeEntry } from '../../../app/code-entry';
import { notify } from '../../../app/notify';
import { callApi } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { apiQueryScope } from '../../../lib/use-api';
import { usePathAccount } from './use-path-account';

const nameKey = {
  partner: 'partnerName',
  reseller: 'resellerName',
  organization: 'orgName',
  agent: 'agentName',
} as const;

function useSave() {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (task: () => Promise<unknown>, done: string, close: () => void) => {
    setBusy(true);
    setError(null);
    try {
      await task();
      await queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoints.getAccount) });
      notify(done, { tone: 'success' });
      close();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Could not save');
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, save };
}

function SingleFieldForm(props: {
  label: string;
  initial?: string;
  submitLabel: string;
  onSubmit: (value: string) => Promise<void>;
  close: () => void;
  busy: boolean;
  error: string | null;
  setError: (text: string | null) => void;
}) {
  const [value, setValue] = useState(props.initial ?? '');
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!value.trim()) props.setError('This field is required');
    else void props.onSubmit(value.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={props.label}
          autoFocus
          value={value}
          error={props.error}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.close}>
            Cancel
          </Button>
          <Button type="submit" loading={props.busy}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The account's display name, stored under its tier's name key. */
export function EditNameOverlay({ close }: { close: () => void }) {
  const { accountId } = usePathAccount();
  const state = useSave();
  return (
    <SingleFieldForm
      label="Name"
      submitLabel="Save"
      close={close}
      {...state}
      onSubmit={(name) =>
        state.save(
          async () => {
            const current = await callApi(
              endpoints.getAccount,
              accountId === null ? {} : { targetAccountId: accountId },
            );
            const key = nameKey[current.account.accountType];
            await callApi(endpoints.updateAccount, {
              ...(accountId === null ? {} : { targetAccountId: accountId }),
              body: { [key]: name },
            });
          },
          'Name saved',
          close,
        )
      }
    />
  );
}

/** The account's username (its public slug). */
export function EditUsernameOverlay({ close }: { close: () => void }) {
  const { accountId } = usePathAccount();
  const state = useSave();
  return (
    <SingleFieldForm
      label="Username"
      submitLabel="Save"
      close={close}
      {...state}
      onSubmit={(targetUsername) =>
        state.save(
          () =>
            callApi(endpoints.updateUsername, {
              ...(accountId === null ? {} : { targetAccountId: accountId }),
              body: { targetUsername },
            }),
          'Username saved',
          close,
        )
      }
    />
  );
}

/** Proves a new sign-in email or phone number with a code, then makes it yours. */
function VerifyContactOverlay({ channel, close }: { channel: 'email' | 'phone'; close: () => void }) {
  const state = useSave();
  const [address, setAddress] = useState<string | null>(null);
  const request = (value: string) =>
    (async () => {
      state.setError(null);
      try {
        if (channel === 'email')
          await callApi(endpoints.requestEmailVerification, { body: { email: value } });
        else await callApi(endpoints.requestPhoneVerification, { body: { phoneNumber: value } });
        setAddress(value);
      } catch (failure) {
        state.setError(failure instanceof ApiError ? failure.message : 'Could not send a code');
      }
    })();
  if (address === null) {
    return (
      <SingleFieldForm
        label={channel === 'email' ? 'New sign-in email' : 'Phone number'}
        submitLabel="Send code"
        close={close}
        {...state}
        onSubmit={request}
      />
    );
  }
  const confirm = (code: string) =>
    state.save(
      () =>
        channel === 'email'
          ? callApi(endpoints.validateEmailVerification, { body: { email: address, verificationCode: code } })
          : callApi(endpoints.validatePhoneVerification, {
              body: { phoneNumber: address, verificationCode: code },
            }),
      channel === 'email' ? 'Email verified' : 'Phone number verified',
      close,
    );
  return <CodeEntry sentTo={address} onComplete={(code) => void confirm(code)} error={state.error} />;
}

export const EditEmailOverlay = ({ close }: { close: () => void }) => (
  <VerifyContactOverlay channel="email" close={close} />
);
export const VerifyPhoneOverlay = ({ close }: { close: () => void }) => (
  <VerifyContactOverlay channel="phone" close={close} />
);
