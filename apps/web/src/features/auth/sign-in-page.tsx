import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { CenteredPage } from '../../app/centered-page';
import { ColorSchemeToggle } from '../../app/color-scheme-toggle';
import { readSessionToken, tempSessionKey } from '../../lib/session';
import { useBrand } from '../domains';
import { SignInForm } from './sign-in-form';

/** `/app`: sign in by email or phone code; a signed-in visitor goes straight to the workspace. */
export function SignInPage() {
  const [signedIn, setSignedIn] = useState(() => readSessionToken() !== null);
  const brand = useBrand();
  useEffect(() => {
    if (signedIn) return;
    // An anonymous session kept from an earlier visit: one the server no longer knows is removed with a reload.
    let store: Storage;
    try {
      store = window.localStorage;
      if (store.getItem(tempSessionKey) === null) return;
    } catch {
      // Without storage no session is kept.
      return;
    }
    void import('./sign-in-api').then((api) =>
      api.checkKeptTempSession(store, () => window.location.reload()),
    );
  }, [signedIn]);
  return (
    <CenteredPage
      corner={<ColorSchemeToggle />}
      footer={
        <Text size="xs" c="dimmed">
          AI agents that answer and place your calls and texts.
        </Text>
      }
    >
      {signedIn ? (
        // A workspace path without tiers opens the signed-in account's own workspace.
        <Navigate to="/app/home" replace />
      ) : (
        <Stack gap="lg">
          <Stack gap={6}>
            <Title order={1} fz="h3">
              {brand.pending ? 'Sign in' : `Sign in to ${brand.profile.name}`}
            </Title>
            <Text size="sm" c="dimmed">
              Sign in with your email or phone number. We will send you a 6-digit code.
            </Text>
          </Stack>
          <SignInForm onSignedIn={() => setSignedIn(true)} />
        </Stack>
      )}
    </CenteredPage>
  );
}
