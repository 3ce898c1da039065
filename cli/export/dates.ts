// `--start` and `--stop` of `mmq export`: ISO dates and times. A day (YYYY-MM-DD) is sent as the
// API's date string; a date and time with its zone (Z or ±HH:MM) as epoch milliseconds, which the
// API also takes. A time without a zone is refused rather than read in the machine's zone: the
// same script would export other hours on a CI runner in UTC.
import { InvalidArgumentError } from '@commander-js/extra-typings';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})?$/i;

/** A date as the export request takes it, and the instant it stands for (to compare). */
export interface ExportDate {
  readonly value: string | number;
  readonly instant: number;
}

function checkDay(year: number, month: number, day: number): number {
  const instant = Date.UTC(year, month - 1, day);
  const date = new Date(instant);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    throw new InvalidArgumentError(`There is no such day: month ${month} day ${day}.`);
  return instant;
}

/** Parses an ISO date, or a date and time with a zone; the message says what is wrong. */
export function exportDate(text: string): ExportDate {
  const day = DAY.exec(text);
  if (day) {
    const instant = checkDay(Number(day[1]), Number(day[2]), Number(day[3]));
    return { value: text, instant };
  }
  const time = DATE_TIME.exec(text);
  if (!time)
    throw new InvalidArgumentError(
      'Write a date as YYYY-MM-DD, or a date and time as YYYY-MM-DDTHH:MM[:SS[.mmm]] with Z or ±HH:MM.',
    );
  if (time[8] === undefined)
    throw new InvalidArgumentError('Add the time zone: Z for UTC, or an offset such as +02:00.');
  checkDay(Number(time[1]), Number(time[2]), Number(time[3]));
  const [hours, minutes, seconds] = [Number(time[4]), Number(time[5]), Number(time[6] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59)
    throw new InvalidArgumentError(`There is no such time of day: ${time[4]}:${time[5]}.`);
  const instant = Date.parse(text);
  if (Number.isNaN(instant)) throw new InvalidArgumentError('Not a date JavaScript can hold.');
  return { value: instant, instant };
}
