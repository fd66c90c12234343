import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { AvailableNumberView } from '@switchboard/contract';
import { formatPhoneForDisplay } from '@switchboard/core';
import { capabilityLabels, placeOf } from './number-search';

interface NumberResultsProps {
  numbers: readonly AvailableNumberView[];
  /** The number being assigned, whose button spins while the others wait. */
  assigning: string | null;
  onUse: (number: AvailableNumberView) => void;
}

/** The numbers a search found: each formatted for people, with its place, what it can do and a way to take it. */
export function NumberResults({ numbers, assigning, onUse }: NumberResultsProps) {
  return (
    <Stack gap="xs" role="list" aria-label="Numbers for sale">
      {numbers.map((number) => {
        const place = placeOf(number);
        return (
          <Paper key={number.phoneNumber} withBorder radius="md" p="sm" role="listitem">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={4} miw={0}>
                <Text fw={600} ff="monospace">
                  {formatPhoneForDisplay(number.phoneNumber)}
                </Text>
                <Text size="sm" c="dimmed">
                  {place ?? number.country}
                </Text>
                <Group gap={4}>
                  {capabilityLabels(number.capabilities).map((label) => (
                    <Badge key={label} size="xs" variant="light" radius="sm">
                      {label}
                    </Badge>
                  ))}
                </Group>
              </Stack>
              <Button
                size="xs"
                loading={assigning === number.phoneNumber}
                disabled={assigning !== null && assigning !== number.phoneNumber}
                onClick={() => {
                  onUse(number);
                }}
              >
                Use this number
              </Button>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
