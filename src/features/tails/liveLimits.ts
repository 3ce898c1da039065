// What narrows a live tail (a stream's, a project's) beyond its source, as `mmq tail` takes it
// with --q and --max-hits: an extra query, checked by the language core as it is typed, and how
// many results before the tail ends. Each is a step of the start's quick input, skipped with
// Enter.
import type { TailServices } from './tailServices';
import { ask } from '../../shell/inputs';

export interface LiveLimits {
  readonly q?: string;
  readonly maxHits?: number;
}

/**
 * Why `text` is not a number of results: api.md takes any whole number from 1 and states no
 * upper bound; beyond 2^53 − 1 a JSON number is no longer the one written (the sandbox refuses it).
 */
export function maxHitsProblem(text: string): string | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  const number = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number) || number < 1)
    return `A whole number of results from 1 to ${Number.MAX_SAFE_INTEGER.toLocaleString('en')}, or nothing for no limit`;
  return undefined;
}

/**
 * Asks the extra query and the number of results; undefined when the user pressed Escape.
 * `what` starts each step's title (`Tail stream s1`), `queryPrompt` says what the query adds to.
 */
export async function askLiveLimits(
  s: Pick<TailServices, 'language'>,
  what: string,
  queryPrompt: string,
): Promise<LiveLimits | undefined> {
  const q = await ask(`${what}: an extra query`, queryPrompt, {
    check: async (value) =>
      value.trim() === '' ? undefined : (await s.language.errorsOf(value.trim()))[0],
  });
  if (q === undefined) return undefined;
  const maxHits = await ask(
    `${what}: at most how many results?`,
    'The tail ends after that many results (optional: Enter for no limit). Each result costs a credit.',
    { check: maxHitsProblem },
  );
  if (maxHits === undefined) return undefined;
  return { ...(q ? { q } : {}), ...(maxHits ? { maxHits: Number(maxHits) } : {}) };
}
