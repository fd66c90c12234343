import { Alert, Loader } from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useApiQuery } from '../../lib/use-api';

/** Shows its children to a super admin; anyone else reads why the screen is not theirs. */
export function SuperAdminOnly({ what, children }: { what: string; children: ReactNode }) {
  const account = useApiQuery(endpoints.getAccount);
  if (account.isPending) return <Loader size="sm" />;
  if (account.error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {account.error.message}
      </Alert>
    );
  }
  if (!account.data.user.superAdmin) {
    return (
      <Alert variant="light" icon={<IconLock size={18} />} title="For super admins">
        {what} is open only to the platform&apos;s super admins.
      </Alert>
    );
  }
  return <>{children}</>;
}
