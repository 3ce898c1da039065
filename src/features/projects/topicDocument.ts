// A topic or filter as a read-only `.mmq` document: its included queries as rules, and its
// excluded queries as rules under an `// excluded` comment, so the editor, the outline and the
// language server work on them as on any query file.
import type { TopicDefinition } from '../../../core/api/schemas/projects';

/** A rule id from a title: letters, digits, `-`, `_` and `.`, as headers allow. */
function ruleId(text: string, fallback: string): string {
  const id = text
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .toLowerCase();
  return id || fallback;
}

export function topicDocument(
  projectId: string,
  topic: TopicDefinition,
  isFilter: boolean,
): string {
  const kind = isFilter ? 'filter' : 'topic';
  const lines = [
    `// ${kind} ${topic.id}: ${topic.title}`,
    ...(topic.description ? [`// ${topic.description.replace(/\s*\n\s*/g, ' ')}`] : []),
    `// @project ${projectId}`,
    '// Read-only: the project defines it. A document matches when an included rule matches',
    '// and no excluded rule does.',
    '',
  ];
  const base = ruleId(topic.id, kind);
  topic.included_queries.forEach((query, index) => {
    lines.push(`### ${base}-included-${index + 1}`, query, '');
  });
  topic.excluded_queries.forEach((query, index) => {
    if (index === 0) lines.push('// excluded: matching these rules removes a document');
    lines.push(`### ${base}-excluded-${index + 1}`, query, '');
  });
  return `${lines.join('\n').trimEnd()}\n`;
}
