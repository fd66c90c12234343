import { Alert, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { endpoints, supportRequestInputSchema, supportRequestsPerHour } from '@switchboard/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState, type SyntheticEvent } from 'react';
import { useLocation } from 'react-router';
import type { OverlayProps } from '../../app/overlays/overlay-types';
import { notify } from '../../app/notify';
import { useApiMutation } from '../../lib/use-api';
import { useBrand } from '../domains';

type Field = 'subject' | 'message';

const credentialParams = ['token', 'adminToken', 'authToken', 'oneTimeToken'];

/** Where the person was, for support to look at: the path and query without any credential. */
export function pageForSupport(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  for (const name of credentialParams) query.delete(name);
  const text = query.toString();
  return `${pathname}${text ? `?${text}` : ''}`.slice(0, 500);
}

/** The first problem of each field, in the words the server would use. */
function fieldErrors(values: Record<Field, string>): Partial<Record<Field, string>> {
  const parsed = supportRequestInputSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= `${field === 'subject' ? 'The subject' : 'The message'} ${issue.message}`;
  }
  return errors;
}

/** form: a message to the support team of the brand the page is served under, answered by email. */
export default function SupportFormOverlay({ close }: OverlayProps) {
  const { profile } = useBrand();
  const location = useLocation();
  const [values, setValues] = useState<Record<Field, string>>({ subject: '', message: '' });
  const [shown, setShown] = useState(false);
  const send = useApiMutation(endpoints.sendSupportRequest, { showsError: true });
  const errors = shown ? fieldErrors(values) : {};

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setShown(true);
    if (Object.keys(fieldErrors(values)).length > 0) return;
    send.mutate(
      {
        body: {
          ...values,
          host: window.location.host,
          page: pageForSupport(location.pathname, location.search),
        },
      },
      { onSuccess: () => notify('Message sent to support', { tone: 'success' }) },
    );
  };

  if (send.isSuccess) {
    return (
      <Stack gap="md" align="flex-start">
        <Group gap="xs" wrap="nowrap">
          <IconCircleCheck size={22} color="var(--mantine-color-teal-6)" />
          <Text fw={600}>Your message is on its way</Text>
        </Group>
        <Text size="sm">
          {send.data.brand} support received it at {send.data.sentTo} and will answer at your sign-in email.
        </Text>
        <Button onClick={close}>Done</Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Tell the {profile.name} support team what you need. Include what you tried and what happened; we
          reply by email.
        </Text>
        <TextInput
          label="Subject"
          placeholder="Calls to my agent go to voicemail"
          required
          maxLength={150}
          value={values.subject}
          error={errors.subject}
          onChange={(event) => setValues({ ...values, subject: event.currentTarget.value })}
        />
        <Textarea
          label="Message"
          placeholder="What happened, and what did you expect?"
          required
          autosize
          minRows={5}
          maxRows={12}
          maxLength={5000}
          value={values.message}
          error={errors.message}
          onChange={(event) => setValues({ ...values, message: event.currentTarget.value })}
        />
        {send.isError && (
          <Alert color="red" variant="light" title="Not sent">
            {send.error.message}
          </Alert>
        )}
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            Up to {supportRequestsPerHour} messages an hour.
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
