// A query's errors on its own (CheckQueryRequest): what the extension checks before it runs a
// selection or a typed query, with the same analysis as a rule's.
import { analyzeQuery } from '../../core/query/analysis';
import type { QueryCheck } from '../protocol';

export function checkQuery(query: string): QueryCheck {
  return {
    errors: analyzeQuery(query)
      .filter((diagnostic) => diagnostic.severity === 'error')
      .map(({ message, code }) => ({ message, code })),
  };
}
