import { Alert } from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { useApiQuery } from '../lib/use-api';

/**
 * A production server running as a public demonstration (DEMO_MODE) says so on every page: its demo accounts and
 * sandbox services are open to anyone, so nobody should keep real customers or real numbers there.
 */
export function DemoModeBanner() {
  const health = useApiQuery(endpoints.health, undefined, { staleTime: Infinity, retry: false });
  if (health.data?.mode !== 'demonstration') return null;
  return (
    <Alert
      color="orange"
      radius={0}
      py={6}
      title="Demonstration server"
      styles={{ root: { position: 'sticky', top: 0, zIndex: 300 } }}
    >
      Demo accounts and sandbox services are open to anyone here. Do not enter real customer data.
    </Alert>
  );
}
