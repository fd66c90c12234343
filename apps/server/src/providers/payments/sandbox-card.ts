/** A card as the sandbox checkout page takes it. */
export interface SandboxCard {
  number: string;
  /** MM/YY (spaces allowed, as people type it). */
  expiry: string;
  cvc: string;
}

export type CardCheck =
  { ok: true } | { ok: false; field: 'number' | 'expiry' | 'cvc'; message: string; declined: boolean };

/** Stripe's test cards that fail, with the message Stripe shows for each. */
const declinedTestCards: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was declined.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
};

/** Stripe's test cards that succeed (Visa, Visa debit, Mastercard, Amex, Discover). */
const succeedingTestCards = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
]);

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Checks a card the way Stripe's test mode does: the number's shape and checksum, an expiry in the future, a
 * CVC of the card's length; then Stripe's test numbers decide (a real card number is refused in test mode).
 */
export function checkSandboxCard(card: SandboxCard, now = new Date()): CardCheck {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !passesLuhn(number)) {
    return { ok: false, field: 'number', message: 'Your card number is invalid.', declined: false };
  }
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  const month = Number(expiry?.[1]);
  const year = expiry?.[2]?.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) {
    return {
      ok: false,
      field: 'expiry',
      message: "Your card's expiration date is incomplete.",
      declined: false,
    };
  }
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return {
      ok: false,
      field: 'expiry',
      message: "Your card's expiration year is in the past.",
      declined: false,
    };
  }
  const cvcLength = /^3[47]/.test(number) ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim())) {
    return { ok: false, field: 'cvc', message: "Your card's security code is incomplete.", declined: false };
  }
  const declined = declinedTestCards[number];
  if (declined) return { ok: false, field: 'number', message: declined, declined: true };
  if (!succeedingTestCards.has(number)) {
    return {
      ok: false,
      field: 'number',
      message:
        'Your card was declined. The sandbox takes only Stripe’s test cards, such as 4242 4242 4242 4242.',
      declined: true,
    };
  }
  return { ok: true };
}
