import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { CenteredPage } from '../../app/centered-page';
import { ColorSchemeToggle } from '../../app/color-scheme-toggle';

/** `/app` when nobody is signed in. Sign-in by email or phone code replaces the disabled form. */
export function SignInPage() {
  return (
    <CenteredPage
      corner={<ColorSchemeToggle />}
      footer={
        <Text size="xs" c="dimmed">
          AI agents that answer and place your calls and texts.
        </Text>
      }
    >
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz="h3">
            Sign in to Switchboard
          </Title>
          <Text size="sm" c="dimmed">
            Sign in with your email or phone number. We will send you a 6-digit code.
          </Text>
        </Stack>
        <TextInput
          label="Email or phone"
          placeholder="you@company.com"
          leftSection={<IconMail size={16} stroke={1.7} />}
          autoComplete="username"
          disabled
        />
        <Button fullWidth disabled>
          Continue
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          Sign-in is not open yet.
        </Text>
      </Stack>
    </CenteredPage>
  );
}
