// How an answer's schema is lenient (gaps.md "What the service's published answers show"): the
// service leaves out what it has nothing for, may send `null` for it, and adds fields we do not
// know. So an optional field takes absent, `null` (read as absent) or its type; objects strip
// the fields they do not name, except documents, which keep them (a user sees them raw).
// Written with zod/mini so that the panels' bundles can import the same schemas.
import * as z from 'zod/mini';

/** An optional field of an answer: absent, `null` (read as absent), or of `schema`'s type. */
export function maybe<T extends z.ZodMiniType>(schema: T) {
  return z.optional(
    z.pipe(
      z.nullable(schema),
      z.transform((value: z.output<T> | null) => value ?? undefined),
    ),
  );
}

/** A list the service leaves out when empty: absent or `null` is read as `[]`. */
export function list<T extends z.ZodMiniType>(item: T) {
  return z.pipe(
    z.optional(z.nullable(z.array(item))),
    z.transform((value: z.output<T>[] | null | undefined) => value ?? []),
  );
}
