import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A wizard step: its question as the heading, a sentence of help, the content, and the buttons at the bottom. */
export function StepFrame({
  title,
  description,
  children,
  actions,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz="h3">
          {title}
        </Title>
        {description && (
          <Text c="dimmed" mt={4}>
            {description}
          </Text>
        )}
      </div>
      {children}
      {actions && (
        <Group justify="space-between" mt="sm">
          {actions}
        </Group>
      )}
    </Stack>
  );
}
