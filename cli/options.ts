// Parsers of option values shared by commands: commander calls them with the text given and
// reports what they throw as `option '--port <n>' argument 'x' is invalid. …`, exit 2.
import { InvalidArgumentError } from '@commander-js/extra-typings';

/** A parser of whole numbers from `minimum` to `maximum`. */
export function wholeNumber(
  minimum = 0,
  maximum = Number.MAX_SAFE_INTEGER,
): (value: string) => number {
  return (value) => {
    const number = Number(value);
    if (value.trim() === '' || !Number.isInteger(number) || number < minimum || number > maximum)
      throw new InvalidArgumentError(
        maximum === Number.MAX_SAFE_INTEGER
          ? `A whole number of at least ${minimum} is expected.`
          : `A whole number from ${minimum} to ${maximum} is expected.`,
      );
    return number;
  };
}

/** A parser of numbers of 0 or more, fractions allowed (rates). */
export function nonNegativeNumber(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0)
    throw new InvalidArgumentError('A number of 0 or more is expected.');
  return number;
}

/** A parser refusing the empty string (`--data-dir ''` would mean the current directory). */
export function nonEmpty(value: string): string {
  if (value === '') throw new InvalidArgumentError('It must not be empty.');
  return value;
}

/** A parser of an option given several times (`--topic a --topic b`): every value, in order. */
export const repeatable = (value: string, previous: string[] | undefined): string[] => [
  ...(previous ?? []),
  value,
];
