import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { endpoints, scheduleWeekdays, type ScheduleView } from '@switchboard/contract';
import { accountScope } from '../../lib/path-tiers';
import { useApiMutation } from '../../lib/use-api';

type Hours = ScheduleView['weeklyHours'];
type Break = ScheduleView['breaks'][number];

const dayLabel = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);

function zoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
}

function TimeRange({
  start,
  end,
  label,
  onChange,
  onRemove,
}: {
  start: string;
  end: string;
  label: string;
  onChange: (start: string, end: string) => void;
  onRemove: () => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <TextInput
        type="time"
        aria-label={`${label} from`}
        value={start}
        onChange={(event) => onChange(event.currentTarget.value, end)}
        w={116}
      />
      <Text size="sm">to</Text>
      <TextInput
        type="time"
        aria-label={`${label} to`}
        value={end}
        onChange={(event) => onChange(start, event.currentTarget.value)}
        w={116}
      />
      <ActionIcon variant="subtle" color="gray" aria-label={`Remove ${label}`} onClick={onRemove}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

/** The account's booking schedule: hours per weekday, breaks, blocked dates and the booking rules. */
export function ScheduleEditor({
  schedule,
  accountId,
}: {
  schedule: ScheduleView;
  accountId: number | null;
}) {
  const [timezone, setTimezone] = useState(schedule.timezone);
  const [hours, setHours] = useState<Hours>(schedule.weeklyHours);
  const [breaks, setBreaks] = useState<Break[]>(schedule.breaks);
  const [blocked, setBlocked] = useState<string[]>(schedule.blockedDates);
  const [newDate, setNewDate] = useState('');
  const [rules, setRules] = useState({
    appointmentMinutes: schedule.appointmentMinutes,
    bufferMinutes: schedule.bufferMinutes,
    minimumNoticeMinutes: schedule.minimumNoticeMinutes,
    horizonDays: schedule.horizonDays,
  });
  const zones = useMemo(() => zoneOptions(schedule.timezone), [schedule.timezone]);
  const save = useApiMutation(endpoints.saveSchedule, {
    invalidates: [endpoints.getSchedule],
    showsError: true,
  });
  const setDay = (day: keyof Hours, intervals: Hours[keyof Hours]) =>
    setHours({ ...hours, [day]: intervals });
  const number = (key: keyof typeof rules) => (value: string | number) =>
    setRules({ ...rules, [key]: typeof value === 'number' ? value : Number(value) || 0 });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({
          body: { timezone, weeklyHours: hours, breaks, blockedDates: blocked, ...rules },
          ...accountScope(accountId),
        });
      }}
    >
      <Stack gap="md">
        <Select
          label="Time zone"
          description="Hours, breaks and dates are in this zone; daylight-saving changes follow it."
          searchable
          data={zones}
          value={timezone}
          onChange={(value) => value && setTimezone(value)}
          allowDeselect={false}
        />
        <Stack gap="xs">
          <Title order={5}>Weekly hours</Title>
          {scheduleWeekdays.map((day) => {
            const intervals = hours[day];
            return (
              <Group key={day} align="flex-start" gap="sm" wrap="wrap">
                <Switch
                  w={130}
                  mt={6}
                  label={dayLabel(day)}
                  checked={intervals.length > 0}
                  onChange={(event) =>
                    setDay(day, event.currentTarget.checked ? [{ start: '09:00', end: '17:00' }] : [])
                  }
                />
                <Stack gap={6}>
                  {intervals.length === 0 && (
                    <Text size="sm" c="dimmed" mt={6}>
                      Closed
                    </Text>
                  )}
                  {intervals.map((interval, index) => (
                    <TimeRange
                      key={index}
                      label={`${dayLabel(day)} hours ${index + 1}`}
                      start={interval.start}
                      end={interval.end}
                      onChange={(start, end) =>
                        setDay(
                          day,
                          intervals.map((item, at) => (at === index ? { start, end } : item)),
                        )
                      }
                      onRemove={() =>
                        setDay(
                          day,
                          intervals.filter((_item, at) => at !== index),
                        )
                      }
                    />
                  ))}
                </Stack>
                {intervals.length > 0 && (
                  <ActionIcon
                    variant="subtle"
                    mt={4}
                    aria-label={`Add hours on ${dayLabel(day)}`}
                    onClick={() => setDay(day, [...intervals, { start: '18:00', end: '19:00' }])}
                  >
                    <IconPlus size={16} />
                  </ActionIcon>
                )}
              </Group>
            );
          })}
        </Stack>
        <Stack gap="xs">
          <Title order={5}>Breaks</Title>
          <Text size="sm" c="dimmed">
            Every open day (lunch, a standing meeting).
          </Text>
          {breaks.map((pause, index) => (
            <TimeRange
              key={index}
              label={`Break ${index + 1}`}
              start={pause.start}
              end={pause.end}
              onChange={(start, end) =>
                setBreaks(breaks.map((item, at) => (at === index ? { ...item, start, end } : item)))
              }
              onRemove={() => setBreaks(breaks.filter((_item, at) => at !== index))}
            />
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setBreaks([...breaks, { start: '12:00', end: '13:00', days: [] }])}
            >
              Add break
            </Button>
          </Group>
        </Stack>
        <Stack gap="xs">
          <Title order={5}>Blocked dates</Title>
          <Group gap="xs" align="flex-end">
            <TextInput
              type="date"
              aria-label="Date to block"
              value={newDate}
              onChange={(event) => setNewDate(event.currentTarget.value)}
            />
            <Button
              variant="light"
              disabled={newDate === '' || blocked.includes(newDate)}
              onClick={() => {
                setBlocked([...blocked, newDate].sort());
                setNewDate('');
              }}
            >
              Block date
            </Button>
          </Group>
          <Group gap={6}>
            {blocked.length === 0 && (
              <Text size="sm" c="dimmed">
                No blocked dates.
              </Text>
            )}
            {blocked.map((date) => (
              <Badge
                key={date}
                variant="light"
                rightSection={
                  <ActionIcon
                    size="xs"
                    variant="transparent"
                    aria-label={`Unblock ${date}`}
                    onClick={() => setBlocked(blocked.filter((item) => item !== date))}
                  >
                    <IconTrash size={12} />
                  </ActionIcon>
                }
              >
                {date}
              </Badge>
            ))}
          </Group>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label="Appointment length (minutes)"
            min={5}
            max={480}
            value={rules.appointmentMinutes}
            onChange={number('appointmentMinutes')}
          />
          <NumberInput
            label="Buffer between appointments (minutes)"
            min={0}
            max={240}
            value={rules.bufferMinutes}
            onChange={number('bufferMinutes')}
          />
          <NumberInput
            label="Minimum notice (minutes)"
            min={0}
            value={rules.minimumNoticeMinutes}
            onChange={number('minimumNoticeMinutes')}
          />
          <NumberInput
            label="Book up to (days ahead)"
            min={1}
            max={365}
            value={rules.horizonDays}
            onChange={number('horizonDays')}
          />
        </SimpleGrid>
        {save.isError && <Alert color="red">{save.error.message}</Alert>}
        {save.isSuccess && <Alert color="green">Schedule saved.</Alert>}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save schedule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
