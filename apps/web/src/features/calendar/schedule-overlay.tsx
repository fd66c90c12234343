import { Alert, Divider, Stack, Text } from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { accountScope, usePathTiers } from '../../lib/path-tiers';
import { useApiQuery } from '../../lib/use-api';
import { CalendarBookings } from './calendar-bookings';
import { CalendarConnections } from './calendar-connections';
import { ScheduleEditor } from './schedule-editor';

/**
 * `schedule`: when agents may book (the account's schedule), which calendar the bookings go to, and the bookings
 * agents made.
 */
export default function ScheduleOverlay() {
  const accountId = usePathTiers().at(-1)?.id ?? null;
  const schedule = useApiQuery(endpoints.getSchedule, accountScope(accountId));
  return (
    <Stack gap="lg">
      {schedule.isError && <Alert color="red">{schedule.error.message}</Alert>}
      {!schedule.data && !schedule.isError && <Text size="sm">Loading the schedule…</Text>}
      {schedule.data && (
        // Keyed by account only: a save refetches the schedule, and the editor keeps its state and its result.
        <ScheduleEditor key={accountId ?? 'own'} schedule={schedule.data.schedule} accountId={accountId} />
      )}
      <Divider />
      <CalendarConnections accountId={accountId} />
      <Divider />
      <CalendarBookings accountId={accountId} />
    </Stack>
  );
}
