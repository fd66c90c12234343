import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import type { AppView } from '@switchboard/contract';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { OverlayProps } from '../../app/overlays/overlay-types';
import { AppDetail } from './app-detail';
import { CustomAppForm } from './custom-app-form';
import { useAppList, useAppsAccount } from './use-apps';

type View = { kind: 'list' } | { kind: 'app'; appId: string; appVersion: string } | { kind: 'custom' };

function AppCard({ app, onOpen }: { app: AppView; onOpen: () => void }) {
  return (
    <UnstyledButton onClick={onOpen} data-app={app.appId}>
      <Card withBorder radius="md" p="md" h="100%">
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Avatar radius="md" color="indigo" variant="light">
                {app.name.slice(0, 2)}
              </Avatar>
              <div style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {app.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {app.category}
                </Text>
              </div>
            </Group>
            {app.installed ? (
              <Badge color={app.setupComplete ? 'teal' : 'orange'} variant="light">
                {app.setupComplete ? 'Installed' : 'Needs setup'}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {app.description}
          </Text>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}

/** The apps an organization can connect: the catalogue and its own apps, each opened to install or configure. */
export function IntegrationsOverlay({ value }: OverlayProps) {
  const accountId = useAppsAccount();
  const apps = useAppList(accountId);
  const [filter, setFilter] = useState<'all' | 'installed'>('all');
  const [search, setSearch] = useState('');
  // `integrations=shopify` opens that app directly (onboarding links to the app an agent template needs).
  const [view, setView] = useState<View>(() =>
    value ? { kind: 'app', appId: value, appVersion: '' } : { kind: 'list' },
  );

  if (apps.isPending) return <Loader aria-label="Loading apps" />;
  if (apps.isError)
    return (
      <Alert color="red" title="The apps could not be loaded">
        {apps.error.message}
      </Alert>
    );

  const list = apps.data.apps;
  if (view.kind === 'custom') {
    return (
      <CustomAppForm
        accountId={accountId}
        onCancel={() => setView({ kind: 'list' })}
        onCreated={(app) => setView({ kind: 'app', appId: app.appId, appVersion: app.appVersion })}
      />
    );
  }
  if (view.kind === 'app') {
    const app = list.find(
      (candidate) =>
        candidate.appId === view.appId &&
        (view.appVersion === '' || candidate.appVersion === view.appVersion),
    );
    if (app) return <AppDetail app={app} accountId={accountId} onBack={() => setView({ kind: 'list' })} />;
  }

  const phrase = search.trim().toLowerCase();
  const shown = list.filter(
    (app) =>
      (filter === 'all' || app.installed) &&
      (phrase === '' || `${app.name} ${app.category} ${app.description}`.toLowerCase().includes(phrase)),
  );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Connect the tools your agents use during conversations. Install an app here, then add it to an agent
        in the agent editor.
      </Text>
      {view.kind === 'app' ? (
        <Alert color="orange" title="App not found">
          There is no app “{view.appId}”. Choose one below.
        </Alert>
      ) : null}
      <Group justify="space-between">
        <SegmentedControl
          value={filter}
          onChange={(next) => setFilter(next)}
          data={[
            { value: 'all', label: `All apps (${list.length})` },
            { value: 'installed', label: `Installed (${list.filter((app) => app.installed).length})` },
          ]}
        />
        <Group gap="xs">
          <TextInput
            aria-label="Search apps"
            placeholder="Search apps"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setView({ kind: 'custom' })}
          >
            Custom app
          </Button>
        </Group>
      </Group>
      {shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {filter === 'installed' ? 'No app is installed yet.' : 'No app matches your search.'}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {shown.map((app) => (
            <AppCard
              key={`${app.appId}:${app.appVersion}`}
              app={app}
              onOpen={() => setView({ kind: 'app', appId: app.appId, appVersion: app.appVersion })}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
