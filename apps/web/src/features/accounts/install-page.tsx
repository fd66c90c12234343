import { Button } from '@mantine/core';
import { webPages } from '@switchboard/contract';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusPage } from '../../app/status-page';

/** Points people to the iOS and Android apps. */
export function InstallPage() {
  return (
    <StatusPage
      icon={IconDownload}
      title="Get the Switchboard app"
      description="Answer calls and messages from your phone. App Store and Google Play links will appear here."
      actions={
        <Button component={Link} to={webPages.app} variant="default">
          Continue in the browser
        </Button>
      }
    />
  );
}
