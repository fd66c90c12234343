import type { OutboxRecorder } from '../shared/outbox-recorder';
import type { SmsConfig } from './config';
import { SandboxSms } from './sandbox';
import type { SmsProvider } from './types';

export function createSms(_config: SmsConfig, record: OutboxRecorder): SmsProvider {
  return new SandboxSms(record);
}
