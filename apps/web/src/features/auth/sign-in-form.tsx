import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { lazy, Suspense, useState, type SyntheticEvent } from 'react';
import { ApiError } from '../../lib/api-error';
import { isMobileApp } from '../../lib/mobile-flags';
import { sendAuthenticated, unableToAuthenticateError } from '../../lib/native-bridge';
import { storeSession } from '../../lib/session';

type SignInApi = typeof import('./sign-in-api');

// The calls and the code step load once the person starts typing (or takes the first step), not with the page.
const loadSignInApi = (): Promise<SignInApi> => import('./sign-in-api');
const loadCodeEntry = () => import('../../app/code-entry');
const CodeEntry = lazy(() => loadCodeEntry().then((module) => ({ default: module.CodeEntry })));
const prefetchNextSteps = () => void Promise.all([loadSignInApi(), loadCodeEntry()]).catch(() => undefined);

type Step =
  | { kind: 'identify' }
  | { kind: 'signup' }
  | { kind: 'code'; channel: 'email' | 'phone'; identifier: string };

const looksLikeEmail = (text: string) => text.includes('@');

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const tempStore = () => browserStorage() ?? memoryStore();

function memoryStore(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/** Email or phone, then the 6-digit code; the code submits itself once it has 6 characters. */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'identify' });
  const [identifier, setIdentifier] = useState('');
  const [signup, setSignup] = useState({ name: '', businessName: '' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (task: (api: SignInApi) => Promise<void>) => {
    setBusy(true);
    setError(null);
    let api: SignInApi | null = null;
    try {
      api = await loadSignInApi();
      await task(api);
    } catch (failure) {
      // Spec §8: a failed allocation of the anonymous session reads 'Error fetching temp user session'.
      setError(api?.knownFailureMessage(failure) ?? 'Something went wrong. Try again.');
    } finally {
      setBusy(false);
    }
  };

  const requestCode = (event: SyntheticEvent) => {
    event.preventDefault();
    const text = identifier.trim();
    if (!text) {
      setError('Enter your email or phone number');
      return;
    }
    void run(async (api) => {
      await api.requestSignInCode(
        tempStore(),
        looksLikeEmail(text) ? { email: text } : { phoneNumber: text },
      );
      setCode('');
      setStep({ kind: 'code', channel: looksLikeEmail(text) ? 'email' : 'phone', identifier: text });
    });
  };

  const signUp = (event: SyntheticEvent) => {
    event.preventDefault();
    const email = identifier.trim();
    if (!email || !looksLikeEmail(email)) {
      setError('Enter your email address');
      return;
    }
    void run(async (api) => {
      await api.signUpByEmail(tempStore(), {
        email,
        name: signup.name.trim() || undefined,
        businessName: signup.businessName.trim() || undefined,
      });
      setCode('');
      setStep({ kind: 'code', channel: 'email', identifier: email });
    });
  };

  const submitCode = (value: string) => {
    if (step.kind !== 'code' || value.length !== 6) return;
    const storage = browserStorage();
    const mobile = storage !== null && isMobileApp(storage);
    void run(async (api) => {
      try {
        const session = await api.verifySignInCode({
          channel: step.channel,
          identifier: step.identifier,
          verificationCode: value,
          mobile,
        });
        // The sign-in claimed the anonymous session it came with.
        if (storage) api.forgetTempSession(storage);
        if (mobile) {
          // Inside the mobile app the native side needs the credentials; without all of them nothing is sent.
          const handed = sendAuthenticated(session);
          if (!handed.ok && handed.error === unableToAuthenticateError) {
            setCode('');
            setError(unableToAuthenticateError);
            return;
          }
        }
        storeSession(session);
        onSignedIn();
      } catch (failure) {
        setCode('');
        // Spec §8: a failed email code reads 'Could not verify code.'; other failures show their own text.
        if (failure instanceof ApiError && failure.status === 401)
          throw new ApiError(401, 'UNAUTHENTICATED', 'Could not verify code.');
        throw failure;
      }
    });
  };

  if (step.kind === 'code') {
    return (
      <Stack gap="md">
        <Suspense fallback={null}>
          <CodeEntry
            sentTo={step.identifier}
            value={code}
            onChange={setCode}
            onComplete={submitCode}
            disabled={busy}
            error={error}
          />
        </Suspense>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={() => setStep({ kind: 'identify' })}>
            Use another address
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={requestCode} disabled={busy}>
            Send a new code
          </Anchor>
        </Group>
      </Stack>
    );
  }

  if (step.kind === 'signup') {
    return (
      <form onSubmit={signUp} noValidate>
        <Stack gap="md">
          <TextInput
            label="Work email"
            type="email"
            autoComplete="email"
            value={identifier}
            onChange={(event) => setIdentifier(event.currentTarget.value)}
            error={error}
            autoFocus
          />
          <TextInput
            label="Your name"
            autoComplete="name"
            value={signup.name}
            onChange={(event) => setSignup({ ...signup, name: event.currentTarget.value })}
          />
          <TextInput
            label="Business name"
            autoComplete="organization"
            value={signup.businessName}
            onChange={(event) => setSignup({ ...signup, businessName: event.currentTarget.value })}
          />
          <Button type="submit" fullWidth loading={busy}>
            Create account
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="center"
            onClick={() => setStep({ kind: 'identify' })}
          >
            I already have an account
          </Anchor>
        </Stack>
      </form>
    );
  }

  const phone = identifier.trim() !== '' && !looksLikeEmail(identifier) && /^[+\d(]/.test(identifier.trim());
  return (
    <form onSubmit={requestCode} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email or phone"
          placeholder="you@company.com"
          leftSection={phone ? <IconPhone size={16} stroke={1.7} /> : <IconMail size={16} stroke={1.7} />}
          autoComplete="username"
          value={identifier}
          onChange={(event) => {
            setIdentifier(event.currentTarget.value);
            prefetchNextSteps();
          }}
          error={error}
          autoFocus
        />
        <Button type="submit" fullWidth loading={busy}>
          Continue
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          New here?{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => setStep({ kind: 'signup' })}>
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
