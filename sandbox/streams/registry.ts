// Stream definitions (api.md "Streams"): rules ORed, each rule a query of at most 50 operands.
import type { StreamRule } from '../../core/api/schemas/streams';
import type { QueryNode } from '../../core/query/ast';
import { checkedQuery } from '../search/checkedQuery';
import { ApiFailure, checkServiceId, notFound } from '../http/failure';

/** Limits the service does not state (gaps.md code 19 "too many rules, streams or operands"). */
export const MAX_RULES_PER_STREAM = 100;
export const MAX_STREAMS = 50;

export interface StreamDefinition {
  readonly id: string;
  readonly rules: readonly StreamRule[];
  readonly queries: readonly { readonly ruleId: string; readonly query: QueryNode | null }[];
}

/** Checks a rule's query as the service would: a syntax error is code 4, over the limit 403 / 19. */
export function compileRule(rule: StreamRule): { ruleId: string; query: QueryNode | null } {
  return { ruleId: rule.rule_id, query: checkedQuery(rule.query, rule.rule_id) };
}

/**
 * Checks a stream's rules as the service would, changing nothing: at most 100, ids unique, each
 * query parsing within its limits. Answers the compiled queries.
 */
export function checkRules(rules: readonly StreamRule[]): StreamDefinition['queries'] {
  if (rules.length > MAX_RULES_PER_STREAM)
    throw new ApiFailure(
      'tooMany',
      `A stream holds at most ${MAX_RULES_PER_STREAM} rules, not ${rules.length}`,
    );
  const seen = new Set<string>();
  for (const rule of rules) {
    checkServiceId('rule_id', rule.rule_id);
    if (seen.has(rule.rule_id))
      throw new ApiFailure(
        'invalidStreamOperation',
        `Duplicate rule_id ${rule.rule_id}: rule ids must be unique in a stream`,
        [{ key: 'rule_id', value: [rule.rule_id] }],
      );
    seen.add(rule.rule_id);
  }
  return rules.map(compileRule);
}

export class StreamRegistry {
  private readonly streams = new Map<string, StreamDefinition>();

  define(id: string, rules: readonly StreamRule[]): StreamDefinition {
    const queries = checkRules(rules);
    if (!this.streams.has(id) && this.streams.size >= MAX_STREAMS)
      throw new ApiFailure(
        'tooMany',
        `At most ${MAX_STREAMS} streams per account: delete one first`,
      );
    const definition = { id, rules, queries };
    this.streams.set(id, definition);
    return definition;
  }

  get(id: string): StreamDefinition {
    const definition = this.streams.get(id);
    if (!definition) throw notFound('stream', id, 'stream_id');
    return definition;
  }

  has(id: string): boolean {
    return this.streams.has(id);
  }

  delete(id: string): void {
    if (!this.streams.delete(id)) throw notFound('stream', id, 'stream_id');
  }

  all(): StreamDefinition[] {
    return [...this.streams.values()];
  }

  reset(): void {
    this.streams.clear();
  }
}
