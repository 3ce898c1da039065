// A query on one line in canonical spacing, with no comments: the text a split rule sends to the
// service, and what messages quote. The same layout code as the formatter, with no width limit.
import type { QueryNode } from '../ast';
import type { Attachments } from './comments';
import { printDoc } from './doc';
import { queryDoc } from './queryDoc';

export function printFlat(query: QueryNode): string {
  const comments: Attachments = {
    leading: new Map(),
    trailing: new Map(),
    after: [],
    blankBeforeFirst: false,
  };
  return printDoc(queryDoc(query, comments, null), { width: Infinity, indent: '' });
}
