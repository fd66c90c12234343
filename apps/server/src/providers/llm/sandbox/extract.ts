import {
  addDays,
  isValidLocalDate,
  weekdayOf,
  zonedParts,
  compareLocalDates,
  type LocalDate,
} from '@switchboard/core';

/** Values found in what the caller said, relative to the agent's clock. */
export interface Extracted {
  date: LocalDate | null;
  time: { hour: number; minute: number } | null;
  name: string | null;
  phone: string | null;
  email: string | null;
  numbers: number[];
}

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const weekdayPattern = '(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?';
const months = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const monthPattern =
  '(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)(?:uary|ruary|ch|il|e|y|ust|ember|tember|ober)?';

const numberWords: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
};

function weekdayNumber(token: string): number {
  const prefix = token.slice(0, 3);
  return weekdays.findIndex((day) => day.startsWith(prefix)) + 1;
}

function monthNumber(token: string): number {
  return months.findIndex((month) => month.startsWith(token.slice(0, 3))) + 1;
}

/** Spoken numbers to digits ("three thirty" → "3 30", "five" → "5"), for times and quantities. */
export function digitsFromWords(text: string): string {
  return text.replace(
    /\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|twenty|thirty)\b/gi,
    (word) => String(numberWords[word.toLowerCase()]),
  );
}

/** A date named in the text: today, tomorrow, weekdays (this/next), "March 3", "3rd of March", 3/14, ISO. */
export function extractDate(text: string, today: LocalDate): LocalDate | null {
  const lower = digitsFromWords(text.toLowerCase());
  if (/\bday after tomorrow\b/.test(lower)) return addDays(today, 2);
  if (/\b(today|tonight|this (morning|afternoon|evening))\b/.test(lower)) return today;
  if (/\btomorrow\b/.test(lower)) return addDays(today, 1);
  const inDays = /\bin (\d{1,2}) days?\b/.exec(lower);
  if (inDays) return addDays(today, Number(inDays[1]));
  if (/\bnext week\b/.test(lower) && !new RegExp(`\\b${weekdayPattern}\\b`).test(lower)) {
    return addDays(today, 8 - weekdayOf(today));
  }

  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(lower);
  if (iso) {
    const date = { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
    if (isValidLocalDate(date)) return date;
  }
  const monthFirst = new RegExp(`\\b${monthPattern}\\.? (\\d{1,2})(?:st|nd|rd|th)?\\b`).exec(lower);
  const dayFirst = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)? (?:of )?${monthPattern}\\b`).exec(lower);
  const slashed = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?\b/.exec(lower);
  let month = 0;
  let day = 0;
  let year: number | null = null;
  if (monthFirst) {
    month = monthNumber(monthFirst[1] ?? '');
    day = Number(monthFirst[2]);
  } else if (dayFirst) {
    month = monthNumber(dayFirst[2] ?? '');
    day = Number(dayFirst[1]);
  } else if (slashed) {
    // US order, as the product's default country is the US.
    month = Number(slashed[1]);
    day = Number(slashed[2]);
    if (slashed[3]) year = Number(slashed[3].length === 2 ? `20${slashed[3]}` : slashed[3]);
  }
  if (month > 0 && day > 0) {
    let date = { year: year ?? today.year, month, day };
    // A date without a year that has passed means next year's.
    if (year === null && compareLocalDates(date, today) < 0) date = { ...date, year: today.year + 1 };
    if (isValidLocalDate(date)) return date;
  }

  const ordinalOnly = /\b(?:on )?the (\d{1,2})(?:st|nd|rd|th)\b/.exec(lower);
  if (ordinalOnly) {
    const wanted = Number(ordinalOnly[1]);
    let date = { year: today.year, month: today.month, day: wanted };
    if (compareLocalDates(date, today) < 0) {
      date =
        today.month === 12
          ? { year: today.year + 1, month: 1, day: wanted }
          : { ...date, month: today.month + 1 };
    }
    if (isValidLocalDate(date)) return date;
  }

  const weekday = new RegExp(`\\b(next |this |coming )?${weekdayPattern}\\b`).exec(lower);
  if (weekday) {
    const target = weekdayNumber(weekday[2] ?? '');
    if (target > 0) {
      let ahead = (target - weekdayOf(today) + 7) % 7;
      if (ahead === 0) ahead = weekday[1]?.startsWith('next') ? 7 : 0;
      return addDays(today, ahead);
    }
  }
  return null;
}

/**
 * A time of day: "3pm", "3:30 p.m.", "15:00", "at 3" (1-7 read as afternoon, business hours), "noon",
 * "half past two", "quarter to five", "in the morning" (9:00).
 */
export function extractTime(text: string): { hour: number; minute: number } | null {
  const lower = digitsFromWords(text.toLowerCase()).replace(/\./g, '');
  if (/\b(noon|midday)\b/.test(lower)) return { hour: 12, minute: 0 };
  if (/\bmidnight\b/.test(lower)) return { hour: 0, minute: 0 };
  const half = /\bhalf past (\d{1,2})\b/.exec(lower);
  if (half) return businessHour(Number(half[1]), 30, null);
  const quarter = /\bquarter (past|to) (\d{1,2})\b/.exec(lower);
  if (quarter) {
    const hour = Number(quarter[2]);
    return quarter[1] === 'past' ? businessHour(hour, 15, null) : businessHour(hour - 1, 45, null);
  }
  const clock =
    /\b(\d{1,2})(?::|\s)?(\d{2})?\s*(am|pm|a m|p m|in the morning|in the afternoon|in the evening)\b/.exec(
      lower,
    );
  if (clock) {
    const meridiem = clock[3]?.replace(' ', '') ?? '';
    const pm = meridiem === 'pm' || meridiem.includes('afternoon') || meridiem.includes('evening');
    return businessHour(Number(clock[1]), Number(clock[2] ?? 0), pm ? 'pm' : 'am');
  }
  const twentyFour = /\b([01]?\d|2[0-3]):([0-5]\d)\b/.exec(lower);
  if (twentyFour) return businessHour(Number(twentyFour[1]), Number(twentyFour[2]), null);
  const at =
    /\b(?:at|around|by|for) (\d{1,2})(?: (\d{2}))?(?! ?(?:people|persons|guests|days|weeks|years|minutes|hours|bedrooms?|st|nd|rd|th|\/|-))\b/.exec(
      lower,
    );
  if (at) return businessHour(Number(at[1]), Number(at[2] ?? 0), null);
  if (/\bmorning\b/.test(lower)) return { hour: 9, minute: 0 };
  if (/\bafternoon\b/.test(lower)) return { hour: 14, minute: 0 };
  if (/\bevening\b/.test(lower)) return { hour: 17, minute: 0 };
  return null;
}

function businessHour(
  hour: number,
  minute: number,
  meridiem: 'am' | 'pm' | null,
): { hour: number; minute: number } | null {
  if (hour > 23 || minute > 59) return null;
  if (meridiem === 'pm' && hour < 12) return { hour: hour + 12, minute };
  if (meridiem === 'am' && hour === 12) return { hour: 0, minute };
  if (meridiem === null && hour >= 1 && hour <= 7) return { hour: hour + 12, minute };
  return { hour, minute };
}

const notNames = new Set(
  (
    'calling looking trying interested wondering here fine good great sorry not just ready new available back ' +
    'going hoping a an the sure ok okay yes no from with in at on to about very so really the'
  ).split(' '),
);

/** A name the caller gave: "my name is Dana Smith", "this is Dana", "I'm Dana", "it's Dana", "name's Dana". */
export function extractName(text: string): string | null {
  const match =
    /\b(?:my name is|my name's|name is|name's|this is|i am|i'm|im|it's|its|call me)\s+([A-Za-z][A-Za-z'-]*(?:\s+[A-Za-z][A-Za-z'-]*)?)/i.exec(
      text,
    );
  if (!match) return null;
  const parts = (match[1] ?? '').split(/\s+/).filter((part) => !notNames.has(part.toLowerCase()));
  const first = parts[0];
  if (!first) return null;
  // After "this is"/"I'm", only a capitalised word is a name ("I'm Dana", not "I'm calling").
  const loose = /^(my name|name)/i.test(match[0]);
  if (!loose && !/^[A-Z]/.test(first)) return null;
  const kept = parts.length > 1 && /^[A-Z]/.test(parts[1] ?? '') ? parts.slice(0, 2) : [first];
  return kept.map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join(' ');
}

/** A short answer given as a name ("Dana", "Dana Smith") when the agent just asked for one. */
export function nameFromAnswer(text: string): string | null {
  const explicit = extractName(text);
  if (explicit) return explicit;
  const cleaned = text.replace(/[.!?,]/g, ' ').trim();
  const parts = cleaned.split(/\s+/).filter((part) => part !== '');
  if (parts.length === 0 || parts.length > 3) return null;
  if (parts.some((part) => notNames.has(part.toLowerCase()) || /\d/.test(part))) return null;
  return parts.map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase()).join(' ');
}

/** A phone number (10+ digits, spoken digits joined), as E.164 for US numbers. */
export function extractPhone(text: string): string | null {
  const spoken = digitsFromWords(text.toLowerCase()).replace(/\boh\b/g, '0');
  const match = /(\+?\d[\d\s().-]{8,}\d)/.exec(spoken);
  if (!match) return null;
  const digits = (match[1] ?? '').replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  if (digits.length >= 11 && digits.length <= 15) return `+${digits}`;
  return null;
}

export function extractEmail(text: string): string | null {
  const normalised = text.replace(/\s+at\s+/gi, '@').replace(/\s+dot\s+/gi, '.');
  const match = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/.exec(normalised);
  return match ? match[0].toLowerCase() : null;
}

export function extractNumbers(text: string): number[] {
  return (digitsFromWords(text.toLowerCase()).match(/\b\d+(?:\.\d+)?\b/g) ?? []).map(Number);
}

export function extract(text: string, now: Date, timezone: string): Extracted {
  const parts = zonedParts(now, timezone);
  const today = { year: parts.year, month: parts.month, day: parts.day };
  const email = extractEmail(text);
  const withoutEmail = email ? text.replace(/\S+@\S+/g, ' ') : text;
  return {
    date: extractDate(withoutEmail, today),
    time: extractTime(withoutEmail),
    name: extractName(withoutEmail),
    phone: extractPhone(withoutEmail),
    email,
    numbers: extractNumbers(withoutEmail),
  };
}
