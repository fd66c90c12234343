import { Button, Code } from '@mantine/core';
import { webPages } from '@switchboard/contract';
import { IconCompassOff } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { StatusPage } from './status-page';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <StatusPage
      icon={IconCompassOff}
      color="gray"
      title="Page not found"
      description={
        <>
          There is nothing at <Code>{pathname}</Code>. The link may be old or mistyped.
        </>
      }
      actions={
        <Button component={Link} to={webPages.app}>
          Go to Switchboard
        </Button>
      }
    />
  );
}
