import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { endpoints, type BookingView } from '@switchboard/contract';
import { useOverlayLink } from '../../app/shell/overlay-link';
import { useApiMutation, useApiQuery } from '../../lib/use-api';

const providerLabel: Record<BookingView['provider'], string> = {
  sandbox: 'Sandbox calendar',
  calendly: 'Calendly',
  google: 'Google Calendar',
  jobnimbus: 'JobNimbus',
};

/** The booking's time in the zone it was booked in, e.g. "Mon, Jan 7, 11:00 AM (America/New_York)". */
function when(booking: BookingView): string {
  const format = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: booking.timezone,
  });
  return `${format.format(new Date(booking.startsAt))} (${booking.timezone})`;
}

/** The calendar a booking is in, labelled "Sandbox" where it is a stand-in. */
function CalendarOf({ booking, hiddenFrom }: { booking: BookingView; hiddenFrom?: 'sm' }) {
  return (
    <Group gap={4} hiddenFrom={hiddenFrom}>
      <Text size="sm">{providerLabel[booking.provider]}</Text>
      {booking.sandbox && (
        <Badge size="xs" color="grape" variant="light">
          Sandbox
        </Badge>
      )}
    </Group>
  );
}

/** The appointments the account's agents booked, each with its contact, time, conversation and a cancel. */
export function CalendarBookings({ accountId }: { accountId: number | null }) {
  const scope = accountId === null ? {} : { targetAccountId: accountId };
  const bookings = useApiQuery(endpoints.listBookings, { query: {}, ...scope });
  const cancel = useApiMutation(endpoints.cancelBooking, {
    invalidates: [endpoints.listBookings],
    showsError: true,
  });
  const openOverlay = useOverlayLink();

  return (
    <Stack gap="sm">
      <Title order={5}>Upcoming bookings</Title>
      {bookings.isError && <Alert color="red">{bookings.error.message}</Alert>}
      {cancel.isError && <Alert color="red">{cancel.error.message}</Alert>}
      {bookings.data?.bookings.length === 0 && (
        <Text size="sm" c="dimmed">
          No upcoming bookings. Appointments your agents book show here.
        </Text>
      )}
      {bookings.data && bookings.data.bookings.length > 0 && (
        <Table.ScrollContainer minWidth={340}>
          <Table verticalSpacing="xs" aria-label="Bookings">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Contact</Table.Th>
                <Table.Th>Time</Table.Th>
                <Table.Th visibleFrom="sm">Calendar</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bookings.data.bookings.map((booking) => (
                <Table.Tr key={booking.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {booking.name || 'Caller'}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {[booking.contactAddress, booking.purpose].filter(Boolean).join(' · ')}
                    </Text>
                    {booking.roomId && booking.conversationUuid && (
                      <Anchor
                        component="button"
                        size="xs"
                        onClick={() =>
                          openOverlay('callTranscript', `${booking.roomId}|${booking.conversationUuid}`)
                        }
                      >
                        Open conversation
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{when(booking)}</Text>
                    {/* On a phone the calendar goes under the time: no column scrolled out of sight. */}
                    <CalendarOf booking={booking} hiddenFrom="sm" />
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <CalendarOf booking={booking} />
                  </Table.Td>
                  <Table.Td>
                    {booking.status === 'cancelled' ? (
                      <Badge color="gray" variant="light">
                        Cancelled
                      </Badge>
                    ) : (
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        loading={cancel.isPending && cancel.variables.params.bookingId === booking.id}
                        onClick={() => cancel.mutate({ params: { bookingId: booking.id }, ...scope })}
                        aria-label={`Cancel the booking of ${booking.name || 'the caller'}`}
                      >
                        Cancel
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
