// The Markdown tooltip of a topic or filter in the Projects view. No VS Code here, so it is
// unit-tested; the view wraps it in a MarkdownString.
import { titleOf } from '../../../core/api/labels';
import type { TopicDefinition } from '../../../core/api/schemas/projects';
import { escapeMarkdown, markdownCode } from '../../shell/views/markdown';

type TopicSummary = Pick<TopicDefinition, 'id' | 'title' | 'included_queries' | 'excluded_queries'>;

export function topicTooltip(topic: TopicSummary): string {
  return (
    `**${escapeMarkdown(titleOf(topic))}** ${markdownCode(topic.id)}\n\n` +
    `${topic.included_queries.length} included, ${topic.excluded_queries.length} excluded`
  );
}
