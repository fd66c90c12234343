import type { AgentConfig, BookingRules } from '@switchboard/contract';

/** What a person's "Monday to Friday from 8 am to 5 pm" says about booking: ISO weekdays and a local window. */
export interface OpeningHours {
  days: number[] | null;
  startTime: string | null;
  endTime: string | null;
}

const dayWords: [RegExp, number][] = [
  [/^mon(day)?s?$/, 1],
  [/^tue(s|sday)?s?$/, 2],
  [/^wed(nesday)?s?$/, 3],
  [/^thu(r|rs|rsday)?s?$/, 4],
  [/^fri(day)?s?$/, 5],
  [/^sat(urday)?s?$/, 6],
  [/^sun(day)?s?$/, 7],
];

function dayOf(word: string): number | null {
  for (const [pattern, day] of dayWords) if (pattern.test(word)) return day;
  return null;
}

function span(from: number, to: number): number[] {
  const days: number[] = [];
  for (let day = from; ; day = (day % 7) + 1) {
    days.push(day);
    if (day === to || days.length === 7) return days;
  }
}

/** The weekdays a text names: ranges ("Tuesday to Saturday", "Mon-Fri"), lists, "weekdays", "every day". */
function readDays(text: string): number[] | null {
  if (/\b(every ?day|daily|7 days|seven days)\b/.test(text)) return [1, 2, 3, 4, 5, 6, 7];
  const days = new Set<number>();
  if (/\bweekdays\b/.test(text)) span(1, 5).forEach((day) => days.add(day));
  if (/\bweekends?\b/.test(text)) [6, 7].forEach((day) => days.add(day));
  const words = text.split(/[^a-z]+/).filter((word) => word !== '');
  for (let index = 0; index < words.length; index += 1) {
    const day = dayOf(words[index] ?? '');
    if (day === null) continue;
    const joiner = words[index + 1];
    const next = dayOf(words[index + 2] ?? '');
    if (
      next !== null &&
      (joiner === 'to' || joiner === 'through' || joiner === 'thru' || joiner === 'until')
    ) {
      span(day, next).forEach((one) => days.add(one));
      index += 2;
    } else if (dayOf(words[index + 1] ?? '') !== null && /[a-z]\s*[-–]\s*[a-z]/.test(text)) {
      // "Mon-Fri": the dash is gone from the words; read it from the text.
      const second = dayOf(words[index + 1] ?? '') ?? day;
      const dashed = new RegExp(`${words[index] ?? ''}\\s*[-–]\\s*${words[index + 1] ?? ''}`).test(text);
      (dashed ? span(day, second) : [day, second]).forEach((one) => days.add(one));
      index += 1;
    } else {
      days.add(day);
    }
  }
  return days.size > 0 ? [...days].sort((a, b) => a - b) : null;
}

interface ClockTime {
  hour: number;
  minute: number;
  meridiem: 'am' | 'pm' | null;
}

const clock = String.raw`(noon|midday|midnight|\d{1,2}(?:[:.]\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)?)`;

function readClock(raw: string): ClockTime | null {
  const word = raw.trim();
  if (word === 'noon' || word === 'midday') return { hour: 12, minute: 0, meridiem: 'pm' };
  if (word === 'midnight') return { hour: 12, minute: 0, meridiem: 'am' };
  const match = /^(\d{1,2})(?:[:.](\d{2}))?\s*(a|p)?/.exec(word);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2] ?? '0');
  if (hour > 24 || minute > 59) return null;
  const meridiem = match[3] === 'a' ? 'am' : match[3] === 'p' ? 'pm' : null;
  return { hour, minute, meridiem };
}

function to24(time: ClockTime, meridiem: 'am' | 'pm' | null): number {
  const hour = time.hour % 12;
  if (time.hour > 12) return time.hour * 60 + time.minute;
  return (
    ((meridiem === 'pm' ? hour + 12 : meridiem === 'am' ? hour : time.hour) * 60 + time.minute) % (24 * 60)
  );
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The first opening window a text names ("from 8 am to 5 pm", "9-5", "8:30am–6pm", "10 to noon"). */
function readWindow(text: string): { startTime: string; endTime: string } | null {
  const match = new RegExp(`${clock}\\s*(?:to|until|till|through|[-–])\\s*${clock}`).exec(text);
  if (!match) return null;
  const open = readClock(match[1] ?? '');
  const close = readClock(match[2] ?? '');
  if (!open || !close) return null;
  // Unmarked hours read as a business day does: "9-5" opens in the morning and closes in the afternoon.
  const openMeridiem = open.meridiem ?? (close.meridiem === 'am' || open.hour >= 7 ? 'am' : 'pm');
  const start = to24(open, open.hour === 12 && open.meridiem === null ? 'pm' : openMeridiem);
  let end = to24(close, close.meridiem ?? (close.hour === 12 ? 'pm' : 'am'));
  if (close.meridiem === null && end <= start && close.hour < 12) end += 12 * 60;
  if (end === 0) end = 24 * 60;
  if (end <= start || end > 24 * 60) return null;
  return { startTime: hhmm(start), endTime: hhmm(end === 24 * 60 ? 24 * 60 - 1 : end) };
}

/** Reads free-text opening hours; what it cannot tell stays null. */
export function readOpeningHours(text: string): OpeningHours {
  const lower = text.toLowerCase();
  const window = readWindow(lower);
  return { days: readDays(lower), startTime: window?.startTime ?? null, endTime: window?.endTime ?? null };
}

/**
 * A template's booking action takes the opening hours the person gave (its `openingHours` field) instead of the
 * template's example hours; what the text does not say stays as the template set it.
 */
export function bookWithinOpeningHours(config: AgentConfig): AgentConfig {
  const text = config.templateFields.openingHours;
  if (!text) return config;
  const hours = readOpeningHours(text);
  if (hours.days === null && hours.startTime === null) return config;
  return {
    ...config,
    actions: config.actions.map((action) => {
      if (action.name !== 'book_appointment' || !action.booking) return action;
      const booking: BookingRules = {
        ...action.booking,
        ...(hours.days && { days: hours.days }),
        ...(hours.startTime && hours.endTime && { startTime: hours.startTime, endTime: hours.endTime }),
      };
      return { ...action, booking };
    }),
  };
}
