import { Button } from '@mantine/core';
import { webPages } from '@switchboard/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page';
import { StatusPage } from './status-page';

/** Catches what a route throws, including a page's code failing to load after a new release. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  return (
    <StatusPage
      icon={IconAlertTriangle}
      color="red"
      title="Something went wrong"
      description="This page could not be shown. Reloading usually fixes it; if it keeps happening, let us know."
      actions={
        <>
          <Button
            onClick={() => {
              window.location.reload();
            }}
          >
            Reload page
          </Button>
          <Button component={Link} to={webPages.app} variant="default">
            Go to Switchboard
          </Button>
        </>
      }
    />
  );
}
