import { describe, expect, it } from 'vitest';
import { missingForNewConversation } from './new-conversation';

const ready = { vidaPremium: true, vidaPhoneNumber: '+15550100001', smsEnabled: true, settings: {} };

describe('missingForNewConversation', () => {
  it('asks for premium, then a number, then SMS, in that order', () => {
    expect(missingForNewConversation({ ...ready, vidaPremium: false, vidaPhoneNumber: null })).toBe(
      'premium',
    );
    expect(missingForNewConversation({ ...ready, vidaPhoneNumber: null, smsEnabled: false })).toBe(
      'phoneNumber',
    );
    expect(missingForNewConversation({ ...ready, smsEnabled: false })).toBe('sms');
    expect(missingForNewConversation({ ...ready, settings: { smsMessaging: false } })).toBe('sms');
    expect(missingForNewConversation(ready)).toBeNull();
  });
});
