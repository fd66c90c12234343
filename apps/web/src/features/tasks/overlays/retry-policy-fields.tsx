import { Chip, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { taskRetryOutcomes, type RetryPolicyView } from '@switchboard/contract';
import { retryOutcomeLabels } from '../task-list';

/** Minutes as the retry delays field shows them: "10, 30". */
export const delaysToText = (seconds: readonly number[]) =>
  seconds.map((value) => String(Math.round((value / 60) * 100) / 100)).join(', ');

/** The retry delays field's text as seconds; a problem in words when a part is not a number of minutes. */
export function textToDelays(text: string): { seconds: number[] } | { problem: string } {
  const parts = text
    .split(/[,\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return { problem: 'Give at least one wait, in minutes' };
  const seconds: number[] = [];
  for (const part of parts) {
    const minutes = Number(part);
    if (!Number.isFinite(minutes) || minutes < 0) return { problem: `"${part}" is not a number of minutes` };
    seconds.push(Math.round(minutes * 60));
  }
  return { seconds };
}

/** The retry policy of the task settings: tries in all, the waits between them, and which ends are retried. */
export function RetryPolicyFields({
  value,
  delaysText,
  onChange,
  onDelaysText,
  delaysProblem,
}: {
  value: RetryPolicyView;
  delaysText: string;
  onChange: (next: RetryPolicyView) => void;
  onDelaysText: (text: string) => void;
  delaysProblem: string | null;
}) {
  return (
    <Stack gap="xs">
      <Group grow align="flex-start">
        <NumberInput
          label="Tries in all"
          description="1 never retries"
          min={1}
          max={10}
          value={value.maxAttempts}
          onChange={(next) => onChange({ ...value, maxAttempts: typeof next === 'number' ? next : 1 })}
        />
        <TextInput
          label="Wait before each retry (minutes)"
          description="The last one repeats"
          value={delaysText}
          error={delaysProblem}
          onChange={(event) => onDelaysText(event.currentTarget.value)}
        />
      </Group>
      <Text size="sm" fw={500}>
        Retry when
      </Text>
      <Chip.Group
        multiple
        value={value.retryOn}
        onChange={(picked) =>
          onChange({ ...value, retryOn: taskRetryOutcomes.filter((outcome) => picked.includes(outcome)) })
        }
      >
        <Group gap={4}>
          {taskRetryOutcomes.map((outcome) => (
            <Chip key={outcome} value={outcome} size="xs">
              {retryOutcomeLabels[outcome]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}
