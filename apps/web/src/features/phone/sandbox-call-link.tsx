import { Anchor } from '@mantine/core';
import { endpoints, webPages } from '@switchboard/contract';
import { IconPhoneOutgoing } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useApiQuery } from '../../lib/use-api';

/** "Call it from the sandbox phone": shown only where the sandbox phone network carries the calls. */
export function SandboxCallLink({ number }: { number: string }) {
  const softphone = useApiQuery(endpoints.softphone, {}, { retry: false });
  if (!softphone.data) return null;
  return (
    <Anchor
      component={Link}
      to={`${webPages.sandboxPhone}?to=${encodeURIComponent(number)}`}
      size="sm"
      display="inline-flex"
      style={{ alignItems: 'center', gap: 6 }}
    >
      <IconPhoneOutgoing size={16} />
      Call it from the sandbox phone
    </Anchor>
  );
}
