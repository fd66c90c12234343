import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { endpoints, webPages } from '@switchboard/contract';
import { IconAlertTriangle, IconBrandGoogle, IconFlask } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CenteredPage } from '../../app/centered-page';
import { useApiMutation } from '../../lib/use-api';

/** The account the consent was started for travels in the clear before the sealed part of `state`. */
function accountOfState(state: string): number | undefined {
  const id = Number(state.split('.', 1)[0]);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * `/app/google/callback?code=&state=`: where Google's consent comes back. It completes the exchange for the account
 * the consent was started for, then goes back to where the person started; a refusal says why.
 */
export function GoogleCallbackPage() {
  const [search] = useSearchParams();
  const code = search.get('code') ?? '';
  const state = search.get('state') ?? '';
  const denied = search.get('error');
  const started = useRef(false);
  const complete = useApiMutation(endpoints.completeGoogleConsent, {
    showsError: true,
    onSuccess: (answer) => window.location.assign(answer.returnTo ?? webPages.app),
  });
  const { mutate } = complete;
  useEffect(() => {
    if (started.current || denied || !code || !state) return;
    started.current = true;
    const targetAccountId = accountOfState(state);
    mutate({ body: { code, state }, ...(targetAccountId ? { targetAccountId } : {}) });
  }, [code, state, denied, mutate]);

  const problem = denied
    ? `Google Calendar was not connected: the consent was ${denied === 'access_denied' ? 'declined' : denied}.`
    : !code || !state
      ? 'This page is where Google sends you back after consent; it was opened without a consent to complete.'
      : complete.isError
        ? complete.error.message
        : null;

  return (
    <CenteredPage>
      <Stack gap="md" w="100%" maw={420}>
        <Title order={1} fz="h3">
          Connecting Google Calendar
        </Title>
        {problem ? (
          <>
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {problem}
            </Alert>
            <Button component={Link} to={webPages.app} variant="default">
              Back to the app
            </Button>
          </>
        ) : (
          <Group gap="sm">
            <Loader size="sm" />
            <Text size="sm">Finishing the connection…</Text>
          </Group>
        )}
      </Stack>
    </CenteredPage>
  );
}

/**
 * `/app/dev/google/consent`: the sandbox stand-in of Google's consent screen. Allowing sends the person to our
 * callback page with a code, as Google does; cancelling sends `error=access_denied`.
 */
export function SandboxGoogleConsentPage() {
  const [search] = useSearchParams();
  const state = search.get('state') ?? '';
  const answer = useApiMutation(endpoints.sandboxGoogleConsent, {
    showsError: true,
    onSuccess: (result) => window.location.assign(result.redirectUrl),
  });

  return (
    <CenteredPage>
      <Stack gap="md" w="100%" maw={440}>
        <Alert variant="light" color="grape" icon={<IconFlask size={18} />} title="Sandbox Google">
          An offline stand-in for Google&apos;s consent screen. No Google account is reached; bookings go to
          the sandbox calendars and show in the bookings list.
        </Alert>
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Group gap="sm">
              <IconBrandGoogle size={28} />
              <Title order={1} fz="h3">
                Switchboard wants to access your Google Account
              </Title>
            </Group>
            <Text size="sm">This will allow Switchboard to:</Text>
            <Stack gap={4}>
              <Text size="sm">• See the list of your calendars</Text>
              <Text size="sm">• See when you are free or busy</Text>
              <Text size="sm">• Add events to your calendars</Text>
            </Stack>
            {!state && (
              <Alert color="red" role="alert">
                This consent page was opened without a request from the app.
              </Alert>
            )}
            {answer.isError && (
              <Alert color="red" role="alert">
                {answer.error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button
                variant="default"
                disabled={!state || answer.isPending}
                onClick={() => answer.mutate({ body: { state, allow: false } })}
              >
                Cancel
              </Button>
              <Button
                loading={answer.isPending}
                disabled={!state}
                onClick={() => answer.mutate({ body: { state, allow: true } })}
              >
                Allow
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </CenteredPage>
  );
}
