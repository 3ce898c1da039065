// Where a collector read stands, as a value that can be kept (a file, workspace state) and given
// back to a later read: the service's last `resume_offset` and the results delivered since it.
// The service sends an offset only every so often (gaps.md: at least every 100 results), so a read
// resumed from it sends those results again; knowing them, the reader recognises and skips them.
// That is what makes "nothing repeated, nothing skipped" hold across processes, not only across
// reconnections of one read.
import { z } from 'zod';

/** What a kept resume point looks like (checked when read back from a file or from state). */
export const ResumePoint = z.object({
  /** `earliest`, `latest`, or a token from a control chunk. */
  offset: z.string().min(1),
  /** Identities (see `resultIdentity`) of the results delivered since `offset`, oldest first. */
  delivered: z.array(z.string()),
});
export type ResumePoint = z.infer<typeof ResumePoint>;

/**
 * At most this many identities are kept after an offset. The service sends an offset at least
 * every 100 results (gaps.md); the cap keeps memory and the kept point bounded even if one never
 * came (a replay longer than the cap would then repeat the oldest results).
 */
export const MAX_DELIVERED = 10_000;

/** What identifies a result, to recognise it when a resumed read sends it again. */
export function resultIdentity(document: {
  readonly id?: unknown;
  readonly url?: unknown;
  readonly external_id?: unknown;
  readonly search_indexed?: unknown;
}): string {
  const indexed = typeof document.search_indexed === 'number' ? document.search_indexed : '';
  // A social post may come without a url (the service's published answers show one): its id at
  // its network stands in.
  const where =
    typeof document.url === 'string'
      ? document.url
      : typeof document.external_id === 'string'
        ? `external:${document.external_id}`
        : '';
  return `${typeof document.id === 'string' ? document.id : ''}\u0000${where}\u0000${indexed}`;
}

/** Identities delivered, as an immutable list sharing its past: taking a mark is O(1). */
interface Delivered {
  readonly identity: string;
  readonly before: Delivered | undefined;
  readonly length: number;
}

export function deliveredAfter(before: Delivered | undefined, identity: string): Delivered {
  // Past twice the cap, start again from the newest MAX_DELIVERED: memory stays bounded and the
  // copying costs O(1) per result on average.
  if (before && before.length >= 2 * MAX_DELIVERED) before = deliveredOf(identitiesOf(before));
  return { identity, before, length: (before?.length ?? 0) + 1 };
}

export function deliveredOf(identities: readonly string[]): Delivered | undefined {
  let list: Delivered | undefined;
  for (const identity of identities) list = deliveredAfter(list, identity);
  return list;
}

/** The newest `MAX_DELIVERED` identities of `list`, oldest first. */
export function identitiesOf(list: Delivered | undefined): string[] {
  const identities: string[] = [];
  for (let node = list; node && identities.length < MAX_DELIVERED; node = node.before)
    identities.push(node.identity);
  return identities.reverse();
}

export type { Delivered };

/**
 * A read's position after one event, cheap to take at every result: the point is built only when
 * asked for, which a consumer does when it has written what came before it.
 */
export class ResumeMark {
  constructor(
    private readonly offset: string,
    private readonly delivered: Delivered | undefined,
    /** Results delivered before this connection, still expected from the service: from `from`. */
    private readonly pending: readonly string[] = [],
    private readonly from = 0,
  ) {}

  point(): ResumePoint {
    const delivered = identitiesOf(this.delivered);
    if (this.from >= this.pending.length) return { offset: this.offset, delivered };
    return {
      offset: this.offset,
      delivered: [...delivered, ...this.pending.slice(this.from)].slice(-MAX_DELIVERED),
    };
  }
}
