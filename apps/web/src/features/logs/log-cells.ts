import { formatPhoneForDisplay } from '@switchboard/core';

const fieldLabels: Record<string, string> = {
  timestamp: 'Date',
  contact: 'Contact',
  from: 'From',
  to: 'To',
  duration: 'Duration',
  outcome: 'Outcome',
  summary: 'Summary',
  accountId: 'Account id',
  accountName: 'Agent',
  agentId: 'Agent id',
  fromNumber: 'From number',
  toNumber: 'To number',
  cnam: 'Caller name',
  roomId: 'Room',
  direction: 'Direction',
  transfer: 'Transferred to',
  callId: 'Call id',
  uuid: 'Conversation',
  channel: 'Channel',
  appointmentBooked: 'Appointment',
  greetingLatency: 'Greeting latency (ms)',
  isTest: 'Test',
};

export const labelOf = (field: string) => fieldLabels[field] ?? field;

/** Fields whose text may be a phone number, shown the way people write one. */
const phoneFields = new Set(['contact', 'from', 'to', 'fromNumber', 'toNumber', 'transfer']);

/** Seconds as people read a call's length: 45s, 3m 05s, 1h 02m. */
export function durationLabel(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole}s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes}m ${String(whole % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** A log cell as the table shows it; '—' for no value. */
export function formatCell(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'timestamp' && typeof value === 'string') return new Date(value).toLocaleString();
  if (field === 'duration' && typeof value === 'number') return durationLabel(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    if (phoneFields.has(field) && /^\+\d{8,15}$/.test(value)) return formatPhoneForDisplay(value);
    // "Transferred to +15550109999" names the number as people write it.
    return field === 'outcome' ? value.replace(/\+\d{8,15}\b/g, formatPhoneForDisplay) : value;
  }
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}
