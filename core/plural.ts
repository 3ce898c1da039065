// A count with its noun, as every message of the extension and mmq writes one: "1 document",
// "2,500 documents", "0 documents". English, with the thousands grouped as elsewhere.

const number = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** The noun for `count`: `one` for exactly 1, else `many` (`one` + "s" unless given). */
export function noun(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}

/** `count` and its noun: "1 document", "3 documents", "12 matches" (many given). */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${number.format(count)} ${noun(count, one, many)}`;
}
