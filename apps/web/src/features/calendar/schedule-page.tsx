import { IconCalendarEvent } from '@tabler/icons-react';
import { BackToAppButton, StatusPage } from '../../app/status-page';

/** `/schedule`: booking a call with the Switchboard team. */
export function SchedulePage() {
  return (
    <StatusPage
      icon={IconCalendarEvent}
      title="Book a call with our team"
      description="Pick a time to talk through your agent setup. Booking will open on this page."
      actions={<BackToAppButton variant="default" />}
    />
  );
}
