import { Group, PinInput, Stack, Text } from '@mantine/core';

interface CodeEntryProps {
  /** Where the code went, shown in the prompt. */
  sentTo: string;
  onComplete: (code: string) => void;
  value?: string;
  onChange?: (code: string) => void;
  disabled?: boolean;
  error: string | null;
}

/** The 6-digit code prompt: it submits by itself once the sixth digit is in (spec §4). */
export function CodeEntry({ sentTo, onComplete, value, onChange, disabled, error }: CodeEntryProps) {
  return (
    <Stack gap="md">
      <Text size="sm">
        Enter the 6-digit code sent to <b>{sentTo}</b>.
      </Text>
      <Group justify="center">
        <PinInput
          length={6}
          type="number"
          oneTimeCode
          autoFocus
          {...(value === undefined ? {} : { value })}
          {...(onChange ? { onChange } : {})}
          onComplete={onComplete}
          disabled={disabled ?? false}
          error={error !== null}
          aria-label="Verification code"
        />
      </Group>
      {error && (
        <Text size="sm" c="red" ta="center" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
