// Whether one document is in a topic, a filter or a project, judged on that document alone (for
// live arrivals; ProjectScopes answers the same over the whole index).
import type { TopicDefinition } from '../../core/api/schemas/projects';
import type { QueryNode } from '../../core/query/ast';
import type { MatchableDocument } from '../../core/query/document';
import { matches } from '../../core/query/matcher';
import { parseQuery } from '../../core/query/parser';
import type { SandboxProject } from '../fixtures/projects';

const parsed = new WeakMap<
  TopicDefinition,
  { included: (QueryNode | null)[]; excluded: (QueryNode | null)[] }
>();

export function topicMatches(definition: TopicDefinition, document: MatchableDocument): boolean {
  let queries = parsed.get(definition);
  if (!queries) {
    queries = {
      included: definition.included_queries.map((line) => parseQuery(line).query),
      excluded: definition.excluded_queries.map((line) => parseQuery(line).query),
    };
    parsed.set(definition, queries);
  }
  return (
    queries.included.some((query) => matches(query, document)) &&
    !queries.excluded.some((query) => matches(query, document))
  );
}

export function projectMatches(project: SandboxProject, document: MatchableDocument): boolean {
  return project.topicGroups.some((group) =>
    group.topics.some((definition) => topicMatches(definition, document)),
  );
}
