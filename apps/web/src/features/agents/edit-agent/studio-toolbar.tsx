import { Anchor, Badge, Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowBackUp,
  IconChevronDown,
  IconGitCompare,
  IconHistory,
  IconMicrophone,
  IconRocket,
} from '@tabler/icons-react';
import type { DraftSnapshot } from '../studio/campaign-draft';
import { publishStatusBadges, publishStatusOfDraft } from '../studio/publish-state';
import { SaveStatus } from './save-status';

interface StudioToolbarProps {
  name: string;
  state: DraftSnapshot;
  onTest: () => void;
  onCompare: () => void;
  onVersions: () => void;
  onRevert: () => void;
  onPublish: () => void;
}

/** The editor's header: the agent's name, its publish state, the autosave state, and what can be done next. */
export function StudioToolbar({
  name,
  state,
  onTest,
  onCompare,
  onVersions,
  onRevert,
  onPublish,
}: StudioToolbarProps) {
  const status = publishStatusOfDraft(state);
  const badge = publishStatusBadges[status];
  const pending = status !== 'live' || state.status === 'dirty';
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="sm">
      <Stack gap={2}>
        <Group gap="sm">
          <Title order={2} fz="h3">
            {name}
          </Title>
          <Badge variant="dot" size="lg" color={badge.color} data-testid="publish-state">
            {badge.label}
          </Badge>
        </Group>
        <SaveStatus status={state.status} />
      </Stack>
      <Group gap="xs">
        <Button variant="default" leftSection={<IconMicrophone size={16} />} onClick={onTest}>
          Test agent
        </Button>
        <Button variant="default" leftSection={<IconHistory size={16} />} onClick={onVersions}>
          Versions
        </Button>
        <Button.Group>
          <Button
            leftSection={<IconRocket size={16} />}
            loading={state.busy === 'publishing'}
            disabled={!pending || state.busy !== null || state.status === 'conflict'}
            onClick={onPublish}
          >
            Publish
          </Button>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button px={8} aria-label="More publishing options" disabled={state.busy !== null}>
                <IconChevronDown size={16} />
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconGitCompare size={16} />}
                disabled={status === 'unpublished'}
                onClick={onCompare}
              >
                Compare with live
              </Menu.Item>
              <Menu.Item
                leftSection={<IconArrowBackUp size={16} />}
                color="red"
                disabled={status !== 'draft'}
                onClick={onRevert}
              >
                Discard draft
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Button.Group>
      </Group>
      {status === 'draft' && (
        <Text size="xs" c="dimmed" w="100%">
          Callers still hear the live version until you publish.{' '}
          <Anchor component="button" type="button" size="xs" onClick={onCompare}>
            See what changed
          </Anchor>
        </Text>
      )}
    </Group>
  );
}
