import { describe, expect, it } from 'vitest';
import { checkSandboxCard, passesLuhn } from './sandbox-card';

const now = new Date('2026-11-25T00:00:00Z');
const card = (number: string, expiry = '12 / 30', cvc = '123') =>
  checkSandboxCard({ number, expiry, cvc }, now);

describe('the sandbox card check', () => {
  it('takes 4242 4242 4242 4242 and declines 4000 0000 0000 0002 with Stripe’s message', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ ok: true });
    expect(card('4000 0000 0000 0002')).toEqual({
      ok: false,
      field: 'number',
      message: 'Your card was declined.',
      declined: true,
    });
    expect(card('4000000000009995')).toMatchObject({ message: 'Your card has insufficient funds.' });
  });

  it('checks the number, the expiry and the CVC before anything is charged', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(card('4242 4242 4242 4241')).toMatchObject({ field: 'number', declined: false });
    expect(card('4242424242424242', '13/30')).toMatchObject({ field: 'expiry' });
    expect(card('4242424242424242', '10/26')).toMatchObject({ field: 'expiry', message: /past/ });
    expect(card('4242424242424242', '11/26')).toEqual({ ok: true });
    expect(card('4242424242424242', '12/30', '12')).toMatchObject({ field: 'cvc' });
    expect(card('378282246310005', '12/30', '123')).toMatchObject({ field: 'cvc' });
    expect(card('378282246310005', '12/30', '1234')).toEqual({ ok: true });
    // A real card number is refused in test mode.
    expect(card('4111 1111 1111 1111')).toMatchObject({ declined: true, message: /test cards/ });
  });
});
