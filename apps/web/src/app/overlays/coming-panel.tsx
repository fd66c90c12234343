import { Badge, Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { OverlayProps } from './overlay-types';

export interface ComingPanelInfo {
  title: string;
  /** One plain sentence on what the panel is for. */
  description: string;
  icon: Icon;
}

/** The panel an overlay shows until its area builds the real one: what it is for, and a way out. */
export function comingPanel({
  title,
  description,
  icon: PanelIcon,
}: ComingPanelInfo): ComponentType<OverlayProps> {
  function ComingPanel({ value, close }: OverlayProps) {
    return (
      <Stack align="center" gap="md" ta="center" py="xl" px="md">
        <ThemeIcon size={56} radius="xl" variant="light">
          <PanelIcon size={28} stroke={1.7} />
        </ThemeIcon>
        <Stack gap={6} align="center">
          <Title order={2} fz="h4">
            {title}
          </Title>
          {value !== null && (
            <Badge variant="light" radius="sm" tt="none">
              {value}
            </Badge>
          )}
          <Text c="dimmed" size="sm" maw={360}>
            {description}
          </Text>
        </Stack>
        <Text c="dimmed" size="xs">
          This panel is not available in this version yet.
        </Text>
        <Button variant="default" onClick={close} mt="xs">
          Close
        </Button>
      </Stack>
    );
  }
  ComingPanel.displayName = `ComingPanel(${title})`;
  return ComingPanel;
}
