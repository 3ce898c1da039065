// Reading histogram query parameters: every problem names the parameter and what it accepts.
import { badParameter } from '../http/failure';
import { quote } from '../http/quote';
import { isTimeZone } from './zonedTime';

export type QueryParameters = Readonly<Record<string, unknown>>;

export function text(parameters: QueryParameters, name: string): string | undefined {
  const value = parameters[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) throw badParameter(name, 'given more than once');
  if (typeof value !== 'string') throw badParameter(name, 'a single text value');
  return value;
}

export function list(parameters: QueryParameters, name: string): string[] {
  const value = parameters[name];
  if (value === undefined) return [];
  const values: unknown[] = Array.isArray(value) ? value : [value];
  return values.map((each) => {
    if (typeof each !== 'string') throw badParameter(name, 'text values');
    return each;
  });
}

export function integer(parameters: QueryParameters, name: string): number | undefined {
  const value = text(parameters, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value))
    throw badParameter(
      name,
      `a whole number (epoch milliseconds for time types), not ${quote(value)}`,
    );
  const number = Number(value);
  // Beyond 2^53 a number is no longer the one written.
  if (!Number.isSafeInteger(number))
    throw badParameter(name, `a whole number between -2^53 and 2^53, not ${quote(value)}`);
  return number;
}

export function boolean(parameters: QueryParameters, name: string, fallback: boolean): boolean {
  const value = text(parameters, name);
  if (value === undefined) return fallback;
  if (value !== 'true' && value !== 'false')
    throw badParameter(name, `true or false, not ${quote(value)}`);
  return value === 'true';
}

export function oneOf<T extends string>(
  parameters: QueryParameters,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const value = text(parameters, name);
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw badParameter(name, `one of ${allowed.join(', ')}, not ${quote(value)}`);
  return value as T;
}

export function timeZone(parameters: QueryParameters): string {
  const value = text(parameters, 'timezone') ?? 'UTC';
  if (!isTimeZone(value))
    throw badParameter('timezone', `a tz database name such as Europe/Berlin, not ${quote(value)}`);
  return value;
}
