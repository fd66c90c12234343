import { AppError } from '../../platform/app-error';
import type { SmsProvider } from '../../providers/sms/types';
import { receiveInboundText, type InboundTextDeps } from './inbound-text.service';

/** A text from a contact to an agent through the sandbox SMS network, received like any inbound text. */
export async function receiveSandboxSms(
  deps: InboundTextDeps & { sms: SmsProvider },
  input: { to: string; from: string; text: string },
) {
  if (!deps.sms.sandbox)
    throw new AppError('NOT_FOUND', 'The sandbox SMS network is off: SMS goes through a real provider');
  const received = await receiveInboundText(deps, {
    agent: { to: input.to },
    from: input.from,
    text: input.text,
    channel: 'sms',
    fields: { to: 'body.to', from: 'body.from' },
  });
  return {
    success: true as const,
    accepted: true as const,
    agent: received.agent.username,
    from: received.contactAddress,
  };
}
