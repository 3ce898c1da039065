// A query's text as the cache compares it: parsed and printed flat, so that spacing, line breaks
// and comments never make the same query count twice. A query that does not parse is kept as
// written (trimmed): the service decides what it means, and no other text is taken for it.
import { printFlat } from '../query/format/flat';
import { parseQuery } from '../query/parser';

export function normalizedQuery(text: string): string {
  const parsed = parseQuery(text);
  if (parsed.query === null || parsed.issues.length > 0) return text.trim();
  return printFlat(parsed.query);
}
