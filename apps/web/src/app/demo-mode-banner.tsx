import { Alert } from '@mantine/core';

// The server marks the page it sends (apps/server http/web-app.ts); reading the health answer instead would load
// the API client, every endpoint's schema and zod on every page, the sign-in page included.
const isDemonstration = () =>
  document.querySelector('meta[name="switchboard-mode"]')?.getAttribute('content') === 'demonstration';

/**
 * A production server running as a public demonstration (DEMO_MODE) says so on every page: its demo accounts and
 * sandbox services are open to anyone, so nobody should keep real customers or real numbers there.
 */
export function DemoModeBanner() {
  if (!isDemonstration()) return null;
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
