// The comments of a stretch of a file. A file's comments are in document order, so the ones
// starting in a range are found by binary search: per rule, not per rule times per comment, which
// made formatting a file of many commented rules quadratic.
import type { Comment } from './ast';

/** The first index whose comment starts at or after `offset`. */
function firstFrom(comments: readonly Comment[], offset: number): number {
  let low = 0;
  let high = comments.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((comments[middle] as Comment).span.start < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The comments starting in [start, end). */
export function commentsIn(comments: readonly Comment[], start: number, end: number): Comment[] {
  return comments.slice(firstFrom(comments, start), firstFrom(comments, end));
}
