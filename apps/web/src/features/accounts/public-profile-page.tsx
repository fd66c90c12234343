import { Button } from '@mantine/core';
import { webPages } from '@switchboard/contract';
import { IconUserCircle } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { StatusPage } from '../../app/status-page';

/** `/u/:username`: a user's public profile page. */
export function PublicProfilePage() {
  const { username = '' } = useParams();
  return (
    <StatusPage
      icon={IconUserCircle}
      title={`@${username}`}
      description="This public profile will show how to reach this user and their agent."
      actions={
        <Button component={Link} to={webPages.app} variant="default">
          Go to Switchboard
        </Button>
      }
    />
  );
}
