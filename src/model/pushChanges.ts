// What a push of a file's rules changes in a stream, said before it replaces them: compared with
// the last push from this workspace (kept in workspace state), and without one the question says
// that whatever the stream holds is replaced. (The service's own rules show in the Streams view,
// read when a stream is opened; the question does not read them yet.)
import type { StreamRuleToPush } from '../../core/streams/streamPush';

export interface PushChanges {
  readonly added: readonly string[];
  readonly changed: readonly string[];
  readonly removed: readonly string[];
  readonly same: number;
}

export function pushChanges(
  previous: readonly StreamRuleToPush[],
  next: readonly StreamRuleToPush[],
): PushChanges {
  const before = new Map(previous.map((rule) => [rule.rule_id, rule.query]));
  const after = new Map(next.map((rule) => [rule.rule_id, rule.query]));
  const added = next.filter((rule) => !before.has(rule.rule_id)).map((rule) => rule.rule_id);
  const changed = next
    .filter((rule) => before.has(rule.rule_id) && before.get(rule.rule_id) !== rule.query)
    .map((rule) => rule.rule_id);
  const removed = previous.filter((rule) => !after.has(rule.rule_id)).map((rule) => rule.rule_id);
  return { added, changed, removed, same: next.length - added.length - changed.length };
}

const listed = (ids: readonly string[]) =>
  ids.length <= 5 ? ids.join(', ') : `${ids.slice(0, 5).join(', ')} and ${ids.length - 5} more`;

/** The question before a push: what it replaces, and how sure that is. */
export function pushQuestion(
  stream: string,
  fileName: string,
  next: readonly StreamRuleToPush[],
  previous: readonly StreamRuleToPush[] | undefined,
): { readonly message: string; readonly detail: string } {
  const count = `${next.length} rule${next.length === 1 ? '' : 's'}`;
  const message = `Replace the rules of stream "${stream}" with the ${count} of ${fileName}?`;
  if (!previous)
    return {
      message,
      detail:
        'No earlier push of this stream from this workspace is known: whatever the stream holds now is replaced (the Streams view shows what it holds).',
    };
  const changes = pushChanges(previous, next);
  const parts = [
    changes.added.length > 0 ? `${changes.added.length} added (${listed(changes.added)})` : '',
    changes.changed.length > 0
      ? `${changes.changed.length} changed (${listed(changes.changed)})`
      : '',
    changes.removed.length > 0
      ? `${changes.removed.length} removed (${listed(changes.removed)})`
      : '',
    changes.same > 0 ? `${changes.same} the same` : '',
  ].filter((part) => part !== '');
  const nothing = changes.added.length + changes.changed.length + changes.removed.length === 0;
  return {
    message,
    detail: nothing
      ? 'The same rules as the last push from this workspace (the stream may have been changed elsewhere since).'
      : `Since the last push from this workspace: ${parts.join(', ')}.`,
  };
}
