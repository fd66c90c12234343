import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { endpoints, webPages, type ResponseOf } from '@switchboard/contract';
import {
  IconAlertTriangle,
  IconCalendarCheck,
  IconCalendarEvent,
  IconChevronLeft,
  IconChevronRight,
  IconWorld,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { BackToAppButton, StatusPage } from '../../app/status-page';
import { CenteredPage } from '../../app/centered-page';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import { viewerZone, isoDateIn, shiftDay, dayLabel, timeLabel, zoneOffset } from './schedule-dates';

type Slots = ResponseOf<typeof endpoints.getTeamCallSlots>;
type Booking = ResponseOf<typeof endpoints.bookTeamCall>['booking'];

/** Seven days from `start`, each open to pick when it lies within what the team takes. */
function WeekStrip({
  start,
  selected,
  first,
  last,
  onPick,
  onWeek,
}: {
  start: string;
  selected: string;
  first: string;
  last: string;
  onPick: (date: string) => void;
  onWeek: (start: string) => void;
}) {
  const days = Array.from({ length: 7 }, (_, index) => shiftDay(start, index));
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon
          variant="default"
          aria-label="Previous week"
          disabled={start <= first}
          onClick={() => onWeek(shiftDay(start, -7))}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Text fw={500} size="sm">
          {dayLabel(days[0] ?? start, { month: 'long', year: 'numeric' })}
        </Text>
        <ActionIcon
          variant="default"
          aria-label="Next week"
          disabled={shiftDay(start, 7) > last}
          onClick={() => onWeek(shiftDay(start, 7))}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
      <SimpleGrid cols={7} spacing={6} role="group" aria-label="Days">
        {days.map((day) => (
          <Button
            key={day}
            px={0}
            h={56}
            variant={day === selected ? 'filled' : 'default'}
            disabled={day < first || day > last}
            aria-pressed={day === selected}
            aria-label={dayLabel(day, { weekday: 'long', month: 'long', day: 'numeric' })}
            onClick={() => onPick(day)}
            styles={{ label: { flexDirection: 'column', lineHeight: 1.2 } }}
          >
            <Text span size="xs" inherit={false} c={day === selected ? undefined : 'dimmed'}>
              {dayLabel(day, { weekday: 'short' })}
            </Text>
            <Text span fw={600} size="md" inherit={false}>
              {dayLabel(day, { day: 'numeric' })}
            </Text>
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function BookingForm({
  slot,
  answer,
  onBooked,
  onTaken,
}: {
  slot: { start: string; end: string };
  answer: Slots;
  onBooked: (booking: Booking) => void;
  onTaken: (message: string) => void;
}) {
  const [name, setName] = useState(answer.viewer.name);
  const [email, setEmail] = useState(answer.viewer.email);
  const [phone, setPhone] = useState(answer.viewer.phone);
  const [purpose, setPurpose] = useState('');
  const book = useApiMutation(endpoints.bookTeamCall, {
    invalidates: [endpoints.getTeamCallSlots],
    showsError: true,
    onSuccess: (result) => onBooked(result.booking),
    onError: (error) => {
      if (error.code === 'CONFLICT') onTaken(error.message);
    },
  });
  const when = `${dayLabel(answer.date, { weekday: 'long', month: 'long', day: 'numeric' })}, ${timeLabel(
    slot.start,
    answer.timezone,
  )}`;
  return (
    <form
      aria-label="Your details"
      onSubmit={(event) => {
        event.preventDefault();
        book.mutate({
          body: {
            start: slot.start,
            timezone: answer.timezone,
            name: name.trim(),
            email: email.trim(),
            ...(phone.trim() ? { phone: phone.trim() } : {}),
            ...(purpose.trim() ? { purpose: purpose.trim() } : {}),
          },
        });
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          <Text span fw={600}>
            {when}
          </Text>{' '}
          · {answer.team.appointmentMinutes} minutes
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            autoComplete="name"
          />
          <TextInput
            label="Email"
            type="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            autoComplete="email"
          />
          <TextInput
            label="Phone"
            description="Optional: if you'd rather be called"
            type="tel"
            value={phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
            autoComplete="tel"
          />
        </SimpleGrid>
        <Textarea
          label="What would you like to talk about?"
          autosize
          minRows={2}
          maxLength={500}
          value={purpose}
          onChange={(event) => setPurpose(event.currentTarget.value)}
        />
        {book.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {book.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={book.isPending} disabled={!name.trim() || !email.trim()}>
            Book {timeLabel(slot.start, answer.timezone)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * `/schedule` (onboarding's "talk with an expert"): a call with the account's team, in the open times of the team's
 * schedule and calendar, shown in the viewer's time zone.
 */
export function SchedulePage() {
  const [timezone] = useState(viewerZone);
  const today = useMemo(() => isoDateIn(new Date(), timezone), [timezone]);
  const [date, setDate] = useState(today);
  const [weekStart, setWeekStart] = useState(today);
  const [chosen, setChosen] = useState<string | null>(null);
  const [booked, setBooked] = useState<Booking | null>(null);
  const [taken, setTaken] = useState<string | null>(null);
  const slots = useApiQuery(endpoints.getTeamCallSlots, { query: { date, timezone } }, { retry: false });
  const answer = slots.data;
  const slot = answer?.slots.find((entry) => entry.start === chosen) ?? null;

  const pick = (day: string) => {
    setDate(day);
    setChosen(null);
    setTaken(null);
    if (day < weekStart || day >= shiftDay(weekStart, 7)) setWeekStart(day);
  };

  if (slots.isError && (slots.error.status === 401 || slots.error.code === 'NOT_FOUND')) {
    const signedOut = slots.error.status === 401;
    return (
      <StatusPage
        icon={IconCalendarEvent}
        title="Book a call with our team"
        description={signedOut ? 'Sign in to book a call with the team that helps you.' : slots.error.message}
        actions={
          signedOut ? (
            <Button component={Link} to={webPages.app}>
              Sign in
            </Button>
          ) : (
            <BackToAppButton variant="default" />
          )
        }
      />
    );
  }

  return (
    <CenteredPage wide>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz="h3">
            {answer ? `Book a call with ${answer.team.name}` : 'Book a call with our team'}
          </Title>
          <Text size="sm" c="dimmed">
            {answer
              ? `A ${answer.team.appointmentMinutes}-minute call to go through your agent setup together.`
              : 'A call to go through your agent setup together.'}
          </Text>
          <Group gap={6} wrap="nowrap">
            <IconWorld size={16} aria-hidden />
            <Text size="sm" data-testid="viewer-zone">
              Times in {timezone.replace(/_/g, ' ')} ({zoneOffset(timezone)})
            </Text>
          </Group>
        </Stack>

        {booked && (
          <Alert
            color="green"
            variant="light"
            icon={<IconCalendarCheck size={18} />}
            title={booked.schedulingUrl ? 'Almost there' : 'Your call is booked'}
            role="status"
          >
            {booked.schedulingUrl ? (
              <>
                Finish booking {timeLabel(booked.start, timezone)} on the team&apos;s booking page:{' '}
                <Anchor href={booked.schedulingUrl} target="_blank" rel="noreferrer">
                  open it
                </Anchor>
                .
              </>
            ) : (
              `${dayLabel(isoDateIn(new Date(booked.start), timezone), {
                weekday: 'long',
                month: 'long',
                day: 'numeric',
              })} at ${timeLabel(booked.start, timezone)} with ${booked.teamName}.`
            )}
          </Alert>
        )}

        <WeekStrip
          start={weekStart}
          selected={date}
          first={answer?.firstDate ?? today}
          last={answer?.lastDate ?? shiftDay(today, 60)}
          onPick={pick}
          onWeek={(start) => {
            setWeekStart(start);
            pick(start < today ? today : start);
          }}
        />

        <Stack gap="xs">
          <Text fw={500} size="sm">
            {dayLabel(date, { weekday: 'long', month: 'long', day: 'numeric' })}
          </Text>
          {taken && (
            <Alert color="orange" variant="light" role="alert">
              {taken}
            </Alert>
          )}
          {slots.isError && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {slots.error.message}
            </Alert>
          )}
          {slots.isPending && (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">Loading open times…</Text>
            </Group>
          )}
          {answer?.slots.length === 0 && (
            <Group gap="sm">
              <Text size="sm" c="dimmed">
                No open times on this day.
              </Text>
              {answer.nextOpenDate && (
                <Button variant="light" size="xs" onClick={() => pick(answer.nextOpenDate ?? date)}>
                  Next open day:{' '}
                  {dayLabel(answer.nextOpenDate, { weekday: 'short', month: 'short', day: 'numeric' })}
                </Button>
              )}
            </Group>
          )}
          {answer && answer.slots.length > 0 && (
            <SimpleGrid cols={{ base: 3, xs: 4, sm: 5 }} spacing={6} role="group" aria-label="Open times">
              {answer.slots.map((entry) => (
                <Button
                  key={entry.start}
                  data-start={entry.start}
                  variant={entry.start === chosen ? 'filled' : 'light'}
                  aria-pressed={entry.start === chosen}
                  onClick={() => {
                    setChosen(entry.start);
                    setTaken(null);
                  }}
                >
                  {timeLabel(entry.start, timezone)}
                </Button>
              ))}
            </SimpleGrid>
          )}
        </Stack>

        {answer && slot && (
          <BookingForm
            key={slot.start}
            slot={slot}
            answer={answer}
            onBooked={(booking) => {
              setBooked(booking);
              setChosen(null);
            }}
            onTaken={(message) => {
              setChosen(null);
              setTaken(message);
              void slots.refetch();
            }}
          />
        )}
      </Stack>
    </CenteredPage>
  );
}
