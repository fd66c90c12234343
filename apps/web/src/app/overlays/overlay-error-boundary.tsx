import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';

interface OverlayErrorBoundaryProps {
  children: ReactNode;
  onClose: () => void;
}

/**
 * Keeps a failing overlay (usually its code failing to download) inside its drawer, instead of replacing the
 * page underneath with the route's error page.
 */
export class OverlayErrorBoundary extends Component<OverlayErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Stack align="center" gap="md" ta="center" py="xl" px="md">
        <ThemeIcon size={56} radius="xl" variant="light" color="red">
          <IconPlugConnectedX size={28} stroke={1.7} />
        </ThemeIcon>
        <Stack gap={6} align="center">
          <Text fw={600}>This panel could not be opened</Text>
          <Text c="dimmed" size="sm" maw={320}>
            Check your connection, then reload the page to try again.
          </Text>
        </Stack>
        <Group justify="center" gap="sm">
          {/* A failed lazy import stays failed until the page reloads, so retrying in place would not help. */}
          <Button
            onClick={() => {
              window.location.reload();
            }}
          >
            Reload
          </Button>
          <Button variant="default" onClick={this.props.onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }
}
