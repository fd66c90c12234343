import { Button } from '@mantine/core';
import { webPages } from '@switchboard/contract';
import { IconDeviceMobile } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusPage } from '../../app/status-page';

/** Where the mobile app lands after signing out. */
export function MobileStartPage() {
  return (
    <StatusPage
      icon={IconDeviceMobile}
      title="You are signed out"
      description="Sign in again to get back to your agents, inbox and calls."
      actions={
        <Button component={Link} to={webPages.app}>
          Sign in
        </Button>
      }
    />
  );
}
