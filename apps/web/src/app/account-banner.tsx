import { Alert, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A standing warning above an account's screens (its subscription unpaid, its wallet empty): what is wrong, what it
 * stops, and the action that fixes it.
 */
export function AccountBanner({
  color,
  icon,
  title,
  testId,
  children,
  action,
}: {
  color: string;
  icon: ReactNode;
  title: string;
  testId: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Alert color={color} variant="light" icon={icon} title={title} mb="md" role="alert" data-testid={testId}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{children}</Text>
        {action}
      </Group>
    </Alert>
  );
}
