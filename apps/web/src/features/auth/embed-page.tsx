import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CenteredPage } from '../../app/centered-page';
import { callApi } from '../../lib/api-client';
import { storeSession } from '../../lib/session';

/** Only paths inside this app are followed after sign-in, so an embed link cannot send people elsewhere. */
const safeRedirect = (target: string | null) =>
  target?.startsWith('/app') && !target.startsWith('//') ? target : '/app/home';

/** `/app/embed?authToken=&email=`: a white-label host signs its user in with a single-use token. */
export function EmbedPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const authToken = search.get('authToken');
  const [error, setError] = useState<string | null>(authToken ? null : 'No auth token provided');

  const redirectUrl = search.get('redirectUrl');
  // The token works once: a second exchange (a re-render, StrictMode's double effect) would fail it.
  const exchanged = useRef<string | null>(null);
  useEffect(() => {
    if (!authToken || exchanged.current === authToken) return;
    exchanged.current = authToken;
    callApi(endpoints.oneTimeAuth, { query: { oneTimeToken: authToken } })
      .then((session) => {
        storeSession(session);
        void navigate(safeRedirect(redirectUrl), { replace: true });
      })
      .catch(() => setError('Could not authenticate with token'));
  }, [authToken, navigate, redirectUrl]);

  return (
    <CenteredPage>
      {error ? (
        <Stack gap="md" align="center" ta="center">
          <Title order={1} fz="h3">
            {error}
          </Title>
          <Text size="sm" c="dimmed">
            The sign-in link may have been used already or expired. Ask for a new one, or sign in with your
            email.
          </Text>
          <Button component={Link} to="/app">
            Sign in
          </Button>
        </Stack>
      ) : (
        <Stack gap="md" align="center">
          <Loader />
          <Text size="sm" c="dimmed">
            Signing you in{search.get('email') ? ` as ${search.get('email') ?? ''}` : ''}…
          </Text>
        </Stack>
      )}
    </CenteredPage>
  );
}
