import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { IconCheck, IconHistory, IconPencil, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmAction } from '../../../app/confirm-action';
import { notify } from '../../../app/notify';
import { ApiError } from '../../../lib/api-error';
import { useApiMutation, useApiQuery } from '../../../lib/use-api';
import { agentQueryEndpoints } from '../studio/campaign-api';

interface VersionsModalProps {
  opened: boolean;
  onClose: () => void;
  agentAccountId: number;
  /** Reads staging again after a restore, and saves pending edits before a snapshot of staging. */
  onRestored: () => void;
  beforeSnapshot: () => Promise<boolean>;
}

const failed = (failure: unknown, fallback: string) =>
  notify(failure instanceof ApiError ? failure.message : fallback, { tone: 'error' });

function when(timestamp: number): string {
  return new Date(timestamp).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * The versions modal: every publish (numbered, with who and the note) and the snapshots saved by hand; save one,
 * rename, and restore one into the draft to publish.
 */
export function VersionsModal({
  opened,
  onClose,
  agentAccountId,
  onRestored,
  beforeSnapshot,
}: VersionsModalProps) {
  const scope = { targetAccountId: agentAccountId, params: { id: agentAccountId } } as const;
  const versions = useApiQuery(endpoints.listAgentVersions, { ...scope, query: {} }, { enabled: opened });
  const create = useApiMutation(endpoints.createAgentVersion, {
    invalidates: agentQueryEndpoints,
    showsError: true,
  });
  const restore = useApiMutation(endpoints.restoreAgentVersion, {
    invalidates: agentQueryEndpoints,
    showsError: true,
  });
  const rename = useApiMutation(endpoints.renameAgentVersion, {
    invalidates: agentQueryEndpoints,
    showsError: true,
  });
  const [title, setTitle] = useState('');
  const [source, setSource] = useState<'staging' | 'production'>('staging');
  const [renaming, setRenaming] = useState<{ id: number; title: string } | null>(null);

  const createVersion = async () => {
    try {
      if (source === 'staging' && !(await beforeSnapshot())) return;
      await create.mutateAsync({
        ...scope,
        body: { source, ...(title.trim() ? { title: title.trim() } : {}) },
      });
      setTitle('');
      notify('Version saved', { tone: 'success' });
    } catch (failure) {
      failed(failure, 'Could not save the version');
    }
  };
  const restoreVersion = async (versionId: number, name: string) => {
    const ok = await confirmAction({
      title: 'Restore this version?',
      message: `The draft becomes “${name}”. Callers keep the live version until you publish.`,
      confirmLabel: 'Restore',
    });
    if (!ok) return;
    try {
      await restore.mutateAsync({
        targetAccountId: agentAccountId,
        params: { id: agentAccountId, versionId },
        body: { target: 'staging' },
      });
      onRestored();
      notify('Version restored to the draft', { tone: 'success' });
    } catch (failure) {
      failed(failure, 'Could not restore the version');
    }
  };
  const saveTitle = async () => {
    if (!renaming || renaming.title.trim() === '') return;
    try {
      await rename.mutateAsync({
        targetAccountId: agentAccountId,
        params: { id: agentAccountId, versionId: renaming.id },
        body: { title: renaming.title.trim() },
      });
      setRenaming(null);
    } catch (failure) {
      failed(failure, 'Could not rename the version');
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Versions" size="lg">
      <Stack gap="md">
        <Card p="md" radius="md" withBorder>
          <Stack gap="sm">
            <Text fw={600} size="sm">
              Save a version
            </Text>
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label="Name"
                placeholder="Before the holiday hours"
                value={title}
                onChange={(event) => setTitle(event.currentTarget.value)}
                style={{ flex: 1, minWidth: 200 }}
              />
              <SegmentedControl
                aria-label="Version source"
                value={source}
                onChange={(value) => setSource(value)}
                data={[
                  { value: 'staging', label: 'Draft' },
                  { value: 'production', label: 'Live' },
                ]}
              />
              <Button loading={create.isPending} onClick={() => void createVersion()}>
                Save version
              </Button>
            </Group>
          </Stack>
        </Card>
        {versions.isPending ? (
          <Group justify="center" py="md">
            <Loader size="sm" />
          </Group>
        ) : versions.isError ? (
          <Text c="red" size="sm">
            {versions.error.message}
          </Text>
        ) : versions.data.versions.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="md">
            No versions yet. Each publish adds one; save one yourself before a big change.
          </Text>
        ) : (
          <Stack gap="xs" data-testid="version-list">
            {versions.data.versions.map((version) => (
              <Card key={version.versionId} p="sm" radius="md" withBorder>
                <Group justify="space-between" wrap="nowrap">
                  {renaming?.id === version.versionId ? (
                    <Group gap="xs" wrap="nowrap" style={{ flex: 1 }}>
                      <TextInput
                        aria-label="Version name"
                        size="xs"
                        value={renaming.title}
                        data-autofocus
                        // Escape here cancels the renaming, not the dialog.
                        data-mantine-stop-propagation="true"
                        onChange={(event) =>
                          setRenaming({ id: version.versionId, title: event.currentTarget.value })
                        }
                        onKeyDown={(event) => {
                          if (event.key === 'Enter') void saveTitle();
                          if (event.key === 'Escape') setRenaming(null);
                        }}
                        style={{ flex: 1 }}
                      />
                      <ActionIcon aria-label="Save name" variant="light" onClick={() => void saveTitle()}>
                        <IconCheck size={16} />
                      </ActionIcon>
                      <ActionIcon
                        aria-label="Cancel renaming"
                        variant="subtle"
                        onClick={() => setRenaming(null)}
                      >
                        <IconX size={16} />
                      </ActionIcon>
                    </Group>
                  ) : (
                    <Stack gap={2} miw={0}>
                      <Group gap="xs">
                        <Text fw={600} size="sm">
                          {version.title}
                        </Text>
                        <Badge
                          size="xs"
                          variant="light"
                          color={
                            version.kind === 'publish'
                              ? 'brand'
                              : version.source === 'production'
                                ? 'teal'
                                : 'gray'
                          }
                        >
                          {version.kind === 'publish'
                            ? 'Published'
                            : version.source === 'production'
                              ? 'Saved from live'
                              : 'Saved from draft'}
                        </Badge>
                      </Group>
                      <Text size="xs" c="dimmed">
                        {when(version.timestamp)}
                        {version.createdBy ? ` · ${version.createdBy.name}` : ''}
                      </Text>
                      {version.note && (
                        <Text size="sm" data-testid="version-note">
                          {version.note}
                        </Text>
                      )}
                    </Stack>
                  )}
                  {renaming?.id !== version.versionId && (
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="Rename">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Rename ${version.title}`}
                          onClick={() => setRenaming({ id: version.versionId, title: version.title })}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconHistory size={14} />}
                        aria-label={`Restore ${version.title}`}
                        onClick={() => void restoreVersion(version.versionId, version.title)}
                      >
                        Restore
                      </Button>
                    </Group>
                  )}
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
