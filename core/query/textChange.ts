// Where two versions of a text differ: one replaced stretch, found from the common start and end.
// The comparison runs in chunks of native string comparison, a few microseconds for 100 KB, so
// that finding an edit costs far less than re-analysing the rule it touched.

/** `old[start, oldEnd)` became `new[start, newEnd)`; the text around it is the same. */
export interface TextChange {
  readonly start: number;
  readonly oldEnd: number;
  readonly newEnd: number;
}

/** Chunk sizes to compare in, largest first: few slices for a long common stretch. */
const CHUNKS = [16_384, 1024, 64] as const;

function commonPrefix(a: string, b: string, max: number): number {
  let length = 0;
  for (const chunk of CHUNKS) {
    while (
      length + chunk <= max &&
      a.slice(length, length + chunk) === b.slice(length, length + chunk)
    )
      length += chunk;
  }
  while (length < max && a.charCodeAt(length) === b.charCodeAt(length)) length++;
  return length;
}

function commonSuffix(a: string, b: string, max: number): number {
  let length = 0;
  for (const chunk of CHUNKS) {
    while (
      length + chunk <= max &&
      a.slice(a.length - length - chunk, a.length - length) ===
        b.slice(b.length - length - chunk, b.length - length)
    )
      length += chunk;
  }
  while (
    length < max &&
    a.charCodeAt(a.length - 1 - length) === b.charCodeAt(b.length - 1 - length)
  )
    length++;
  return length;
}

/** The smallest single change turning `before` into `after`, or null when they are equal. */
export function findChange(before: string, after: string): TextChange | null {
  if (before === after) return null;
  const shorter = Math.min(before.length, after.length);
  const start = commonPrefix(before, after, shorter);
  const end = commonSuffix(before, after, shorter - start);
  return { start, oldEnd: before.length - end, newEnd: after.length - end };
}
