import { Button } from '@mantine/core';
import { webPages } from '@switchboard/contract';
import { IconInbox } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { StatusPage } from '../../app/status-page';

/** `/inbox` (optionally `?premium=true`): a link target that leads into the app's inbox. */
export function InboxPage() {
  const [search] = useSearchParams();
  const premium = search.get('premium') === 'true';
  return (
    <StatusPage
      icon={IconInbox}
      title={premium ? 'Premium inbox' : 'Inbox'}
      description="Your calls and messages are waiting in the Switchboard inbox."
      actions={
        <Button component={Link} to={webPages.app}>
          Open the inbox
        </Button>
      }
    />
  );
}
