// A count with its noun, as every message of the extension and mmq writes one: "1 document",
// "2,500 documents", "0 documents". English, with the thousands grouped as elsewhere.

let intl: Intl.NumberFormat | undefined;

/**
 * `count` as Intl.NumberFormat('en', { maximumFractionDigits: 2 }) writes it. Whole numbers, what
 * counts nearly always are, are grouped here: the first Intl.NumberFormat of a process loads ICU's
 * data, 30–40 ms of CPU, a fifth of `mmq lint`'s start on a small file (issue 22).
 */
function format(count: number): string {
  if (!Number.isSafeInteger(count) || Object.is(count, -0))
    return (intl ??= new Intl.NumberFormat('en', { maximumFractionDigits: 2 })).format(count);
  const digits = String(Math.abs(count));
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let at = grouped.length; at < digits.length; at += 3)
    grouped += `,${digits.slice(at, at + 3)}`;
  return count < 0 ? `-${grouped}` : grouped;
}

/** The noun for `count`: `one` for exactly 1, else `many` (`one` + "s" unless given). */
export function noun(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}

/** `count` and its noun: "1 document", "3 documents", "12 matches" (many given). */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${format(count)} ${noun(count, one, many)}`;
}
