import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { endpoints, type AgentConfig, type AppView } from '@switchboard/contract';
import { addAgentApp } from '@switchboard/core';
import { IconSettings, IconTrash } from '@tabler/icons-react';
import { useOverlayLink } from '../../../app/shell/overlay-link';
import { accountScope, usePathTiers } from '../../../lib/path-tiers';
import { useApiQuery } from '../../../lib/use-api';
import { AddMenu } from './add-menu';
import type { PanelProps } from './panel-props';

const keyOf = (app: { appId: string; version: string }) => `${app.appId}:${app.version}`;

/** The functions of an app this agent offers: those listed in enabledFunctions, all of them when it has no entry. */
function enabledOf(config: AgentConfig, app: AppView): string[] {
  return config.enabledFunctions[`${app.appId}:${app.appVersion}`] ?? app.functions.map((fn) => fn.name);
}

/** The agent's apps: which installed apps it may use, which of their functions, and when (its instructions). */
export function AppsSection({ config, edit }: PanelProps) {
  const openOverlay = useOverlayLink();
  const agentId = usePathTiers().find((tier) => tier.tier === 'agent')?.id ?? null;
  const installed = useApiQuery(endpoints.listApps, {
    query: { installed: true },
    ...accountScope(agentId),
  });
  const apps = installed.data?.apps ?? [];
  const find = (entry: { appId: string; version: string }) =>
    apps.find((app) => app.appId === entry.appId && app.appVersion === entry.version);
  const addable = apps.filter(
    (app) => !config.apps.some((entry) => entry.appId === app.appId && entry.version === app.appVersion),
  );

  const add = (app: AppView) =>
    edit((draft) => ({
      ...draft,
      apps: addAgentApp(draft.apps, { appId: app.appId, version: app.appVersion, instructions: '' }),
    }));
  const remove = (key: string) =>
    edit((draft) => {
      const { [key]: _removed, ...enabledFunctions } = draft.enabledFunctions;
      return { ...draft, apps: draft.apps.filter((entry) => keyOf(entry) !== key), enabledFunctions };
    });
  const setInstructions = (key: string, instructions: string) =>
    edit((draft) => ({
      ...draft,
      apps: draft.apps.map((entry) => (keyOf(entry) === key ? { ...entry, instructions } : entry)),
    }));
  const toggle = (app: AppView, name: string, on: boolean) =>
    edit((draft) => {
      const key = `${app.appId}:${app.appVersion}`;
      const current = enabledOf(draft, app);
      const next = on ? [...new Set([...current, name])] : current.filter((item) => item !== name);
      return { ...draft, enabledFunctions: { ...draft.enabledFunctions, [key]: next } };
    });

  return (
    <Card p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <div>
            <Title order={3} fz="md">
              Apps
            </Title>
            <Text size="sm" c="dimmed">
              Other systems the agent can use during a call: look up an order, save a lead, notify the team.
            </Text>
          </div>
          <Group gap="xs">
            <Button variant="subtle" onClick={() => openOverlay('integrations')}>
              Manage apps
            </Button>
            <AddMenu
              label="Add app"
              items={addable.map((app) => ({
                key: `${app.appId}:${app.appVersion}`,
                title: app.name,
                description: app.description,
                onSelect: () => add(app),
              }))}
            />
          </Group>
        </Group>
        {config.apps.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {installed.isSuccess && apps.length === 0
              ? 'No app is installed in this organization yet. Install one with Manage apps.'
              : 'No apps yet. Add an installed app to let the agent use it.'}
          </Text>
        ) : (
          <Stack gap="xs">
            {config.apps.map((entry) => {
              const key = keyOf(entry);
              const app = find(entry);
              return (
                <Card key={key} p="sm" radius="md" withBorder>
                  <Stack gap="xs">
                    <Group justify="space-between" wrap="nowrap">
                      <Group gap="xs">
                        <Text fw={600} size="sm">
                          {app?.name ?? entry.appId}
                        </Text>
                        <Badge variant="light" color="gray" size="sm" tt="none">
                          {entry.version}
                        </Badge>
                      </Group>
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label="Credentials">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Credentials of ${app?.name ?? entry.appId}`}
                            onClick={() => openOverlay('integrations', entry.appId)}
                          >
                            <IconSettings size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Remove">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${app?.name ?? entry.appId}`}
                            onClick={() => remove(key)}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Group>
                    {installed.isSuccess && !app ? (
                      <Alert color="orange" p="xs">
                        This app is not installed in the organization; the agent cannot use it until it is.
                      </Alert>
                    ) : null}
                    {app && !app.setupComplete ? (
                      <Alert color="orange" p="xs">
                        Its credentials are incomplete; the agent cannot use it yet.
                      </Alert>
                    ) : null}
                    {app ? (
                      <Group gap="md">
                        {app.functions.map((fn) => (
                          <Checkbox
                            key={fn.name}
                            label={fn.title}
                            checked={enabledOf(config, app).includes(fn.name)}
                            onChange={(event) => toggle(app, fn.name, event.currentTarget.checked)}
                          />
                        ))}
                      </Group>
                    ) : null}
                    <Textarea
                      aria-label={`When to use ${app?.name ?? entry.appId}`}
                      placeholder="When to use it, e.g. when a caller asks where their order is."
                      autosize
                      minRows={1}
                      value={entry.instructions}
                      onChange={(event) => setInstructions(key, event.currentTarget.value)}
                    />
                  </Stack>
                </Card>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
