import {
  Alert,
  Button,
  Chip,
  Divider,
  Group,
  Loader,
  NumberInput,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  endpoints,
  type OwnTaskLimitsView,
  type RetryPolicyView,
  type TaskLimitsView,
} from '@switchboard/contract';
import { useState } from 'react';
import { notify } from '../../../app/notify';
import type { OverlayProps } from '../../../app/overlays/overlay-types';
import { useApiMutation, useApiQuery } from '../../../lib/use-api';
import { usePathAccount } from '../../accounts';
import { DoNotCallSection } from './do-not-call-section';
import { delaysToText, RetryPolicyFields, textToDelays } from './retry-policy-fields';

type Hours = NonNullable<TaskLimitsView['businessHours']>;
const dayLabels = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function describeLimits(limits: OwnTaskLimitsView): string {
  const parts = [
    limits.businessHours
      ? `${limits.businessHours.days.map((day) => dayLabels[day - 1]).join(' ')} ${limits.businessHours.start}–${limits.businessHours.end} ${limits.businessHours.timezone}`
      : null,
    limits.daily
      ? `daily ${Object.entries(limits.daily)
          .map(([key, value]) => `${String(value)} ${key}`)
          .join(', ')}`
      : null,
    limits.concurrencyPerRun === null ? null : `${String(limits.concurrencyPerRun)} at once`,
    limits.cooldowns
      ? `cooldown ${Object.entries(limits.cooldowns)
          .map(([key, value]) => `${key} ${String(value)} s`)
          .join(', ')}`
      : null,
    limits.retryPolicy
      ? `retries ${[
          limits.retryPolicy.maxAttempts === undefined
            ? null
            : `${String(limits.retryPolicy.maxAttempts)} tries`,
          limits.retryPolicy.retryDelaysSeconds
            ? `every ${delaysToText(limits.retryPolicy.retryDelaysSeconds)} min`
            : null,
          limits.retryPolicy.retryOn ? `on ${limits.retryPolicy.retryOn.join(', ') || 'nothing'}` : null,
        ]
          .filter(Boolean)
          .join(' ')}`
      : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' · ') : 'Nothing set (inherits)';
}

/** `taskSettings`: the account's own task limits, what it inherits, and what holds. */
export function TaskSettingsOverlay({ close }: OverlayProps) {
  const { accountId } = usePathAccount();
  const acting = accountId === null ? {} : { targetAccountId: accountId };
  const limits = useApiQuery(endpoints.getTaskLimits, acting);
  const save = useApiMutation(endpoints.saveTaskLimits, {
    invalidates: [endpoints.getTaskLimits],
    showsError: true,
  });
  const [hours, setHours] = useState<Hours | null | undefined>(undefined);
  const [daily, setDaily] = useState<TaskLimitsView['daily'] | undefined>(undefined);
  const [concurrency, setConcurrency] = useState<number | undefined>(undefined);
  const [cooldowns, setCooldowns] = useState<TaskLimitsView['cooldowns'] | undefined>(undefined);
  const [retry, setRetry] = useState<RetryPolicyView | undefined>(undefined);
  const [delaysText, setDelaysText] = useState<string | undefined>(undefined);
  if (limits.isPending) return <Loader size="sm" />;
  if (limits.isError) return <Alert color="red">{limits.error.message}</Alert>;
  const answer = limits.data;
  const ownHours = hours === undefined ? answer.own.businessHours : hours;
  const shownDaily = daily ?? answer.limits.daily;
  const shownConcurrency = concurrency ?? answer.limits.concurrencyPerRun;
  const shownCooldowns = cooldowns ?? answer.limits.cooldowns;
  const shownRetry = retry ?? answer.limits.retryPolicy;
  const shownDelays = delaysText ?? delaysToText(shownRetry.retryDelaysSeconds);
  const delays = textToDelays(shownDelays);
  const retryChanged = retry !== undefined || delaysText !== undefined;
  const submit = () => {
    if ('problem' in delays) return;
    save.mutate(
      {
        ...acting,
        body: {
          ...(hours === undefined ? {} : { businessHours: hours }),
          ...(daily === undefined ? {} : { daily }),
          ...(concurrency === undefined ? {} : { concurrencyPerRun: concurrency }),
          ...(cooldowns === undefined ? {} : { cooldowns }),
          ...(retryChanged ? { retryPolicy: { ...shownRetry, retryDelaysSeconds: delays.seconds } } : {}),
        },
      },
      {
        onSuccess: () => {
          notify('Task limits saved', { tone: 'success' });
          close();
        },
      },
    );
  };
  const number = (value: string | number) => (typeof value === 'number' ? value : Number(value) || 0);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Limits narrow down the tree: partner, reseller, organization, agent. What you set here can be stricter
        than what you inherit, never looser.
      </Text>
      <Table withTableBorder verticalSpacing={4} aria-label="Inherited limits">
        <Table.Tbody>
          {answer.inherited.map((level) => (
            <Table.Tr key={level.accountId ?? 'platform'}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {level.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {level.accountType}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs">{describeLimits(level.limits)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Divider label="This account" labelPosition="left" />
      <Switch
        label="Own business hours"
        checked={ownHours !== null}
        onChange={(event) =>
          setHours(
            event.currentTarget.checked
              ? { timezone: browserZone(), days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }
              : null,
          )
        }
      />
      {ownHours && (
        <Stack gap="xs">
          <Chip.Group
            multiple
            value={ownHours.days.map(String)}
            onChange={(days) => setHours({ ...ownHours, days: days.map(Number).sort() })}
          >
            <Group gap={4}>
              {dayLabels.map((label, index) => (
                <Chip key={label} value={String(index + 1)} size="xs">
                  {label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Group grow>
            <TextInput
              type="time"
              label="From"
              value={ownHours.start}
              onChange={(event) => setHours({ ...ownHours, start: event.currentTarget.value })}
            />
            <TextInput
              type="time"
              label="Until"
              value={ownHours.end}
              onChange={(event) => setHours({ ...ownHours, end: event.currentTarget.value })}
            />
          </Group>
          <TextInput
            label="Time zone"
            value={ownHours.timezone}
            onChange={(event) => setHours({ ...ownHours, timezone: event.currentTarget.value })}
          />
        </Stack>
      )}
      <Group grow>
        <NumberInput
          label="Calls a day"
          min={0}
          max={answer.ceiling.daily.calls}
          value={shownDaily.calls}
          onChange={(value) => setDaily({ ...shownDaily, calls: number(value) })}
        />
        <NumberInput
          label="Texts a day"
          min={0}
          max={answer.ceiling.daily.texts}
          value={shownDaily.texts}
          onChange={(value) => setDaily({ ...shownDaily, texts: number(value) })}
        />
        <NumberInput
          label="Tasks a day"
          min={0}
          max={answer.ceiling.daily.tasks}
          value={shownDaily.tasks}
          onChange={(value) => setDaily({ ...shownDaily, tasks: number(value) })}
        />
      </Group>
      <Group grow>
        <NumberInput
          label="At once per run"
          min={1}
          max={answer.ceiling.concurrencyPerRun}
          value={shownConcurrency}
          onChange={(value) => setConcurrency(number(value))}
        />
        <NumberInput
          label="Call cooldown (s)"
          min={0}
          value={shownCooldowns.calls}
          onChange={(value) => setCooldowns({ ...shownCooldowns, calls: number(value) })}
        />
        <NumberInput
          label="Text cooldown (s)"
          min={0}
          value={shownCooldowns.texts}
          onChange={(value) => setCooldowns({ ...shownCooldowns, texts: number(value) })}
        />
      </Group>
      <Text size="xs" c="dimmed">
        Daily caps and concurrency can go up to {answer.ceiling.daily.calls} calls,{' '}
        {answer.ceiling.daily.texts} texts and {answer.ceiling.concurrencyPerRun} at once here; only a super
        admin can raise them further.
      </Text>
      <Divider label="Retries" labelPosition="left" />
      <RetryPolicyFields
        value={shownRetry}
        delaysText={shownDelays}
        delaysProblem={'problem' in delays ? delays.problem : null}
        onChange={setRetry}
        onDelaysText={setDelaysText}
      />
      {save.error && <Alert color="red">{save.error.message}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          Save limits
        </Button>
      </Group>
      <Divider label="Do-not-call list" labelPosition="left" />
      <DoNotCallSection accountId={accountId} />
    </Stack>
  );
}
