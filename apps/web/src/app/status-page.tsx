import {
  Button,
  Group,
  Stack,
  Text,
  ThemeIcon,
  Title,
  type ButtonVariant,
  type MantineColor,
} from '@mantine/core';
import { webPages } from '@switchboard/contract';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CenteredPage } from './centered-page';

interface StatusPageProps {
  icon: Icon;
  color?: MantineColor;
  title: string;
  description: ReactNode;
  /** Buttons or links under the text. */
  actions?: ReactNode;
}

/** A page that says one thing plainly: a payment came through, a link is wrong, a page is missing. */
export function StatusPage({
  icon: StatusIcon,
  color = 'brand',
  title,
  description,
  actions,
}: StatusPageProps) {
  return (
    <CenteredPage>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color={color}>
          <StatusIcon size={28} stroke={1.7} />
        </ThemeIcon>
        <Stack gap={6} align="center">
          <Title order={1} fz="h3">
            {title}
          </Title>
          <Text c="dimmed" size="sm" maw={340}>
            {description}
          </Text>
        </Stack>
        {actions && (
          <Group justify="center" gap="sm" mt="xs">
            {actions}
          </Group>
        )}
      </Stack>
    </CenteredPage>
  );
}

/** The usual way out of a status page: back into the app. */
export function BackToAppButton({ variant = 'filled' }: { variant?: ButtonVariant }) {
  return (
    <Button component={Link} to={webPages.app} variant={variant}>
      Back to Switchboard
    </Button>
  );
}
