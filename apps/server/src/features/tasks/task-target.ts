export type TargetCheck = { ok: true; e164: string } | { ok: false; message: string };

/**
 * A task's target as E.164. A number with '+' keeps its country code (E.164: 8 to 15 digits, no leading 0);
 * 10 digits, or 11 starting with 1, are read as North American. North American numbers must have an area code
 * and exchange that start with 2-9 (the NANP plan), so a mistyped number is caught before a call is placed.
 */
export function normalizeTaskTarget(text: string): TargetCheck {
  const raw = text.trim();
  if (raw === '') return { ok: false, message: 'is required' };
  const withoutFormatting = raw.replace(/[\s\-().]/g, '');
  if (!/^\+?\d+$/.test(withoutFormatting)) {
    return { ok: false, message: `"${raw.slice(0, 40)}" is not a phone number` };
  }
  const international = withoutFormatting.startsWith('+');
  const digits = international ? withoutFormatting.slice(1) : withoutFormatting;
  let e164: string;
  if (international) {
    if (!/^[1-9]\d{7,14}$/.test(digits)) {
      return { ok: false, message: `"${raw}" is not a valid international number (8 to 15 digits after +)` };
    }
    e164 = `+${digits}`;
  } else if (digits.length === 10) {
    e164 = `+1${digits}`;
  } else if (digits.length === 11 && digits.startsWith('1')) {
    e164 = `+${digits}`;
  } else {
    return {
      ok: false,
      message: `"${raw}" is not a 10-digit North American number; write other countries with + and the country code`,
    };
  }
  if (e164.startsWith('+1')) {
    const national = e164.slice(2);
    if (national.length !== 10) return { ok: false, message: `"${raw}" does not have 10 digits after +1` };
    if (!/^[2-9]/.test(national))
      return { ok: false, message: `"${raw}" has an area code starting with 0 or 1` };
    if (!/^[2-9]/.test(national.slice(3))) {
      return { ok: false, message: `"${raw}" has an exchange (digits 4 to 6) starting with 0 or 1` };
    }
  }
  return { ok: true, e164 };
}
