// What a push of a file's rules changes in a stream, said before it replaces them: compared with
// the rules the service holds (GET /api/v3/stream/s/<id>), a stream that does not
// exist yet is created; where the service's rules cannot be read, with the last push from this
// workspace (kept in workspace state), and without one the question says so.
import { counted } from '../../../core/plural';
import type { StreamRuleToPush } from '../../../core/streams/streamPush';

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

/** What the stream holds before the push, as far as is known. */
export type StreamBefore =
  /** The rules the service holds. */
  | { readonly source: 'service'; readonly rules: readonly StreamRuleToPush[] }
  /** The service has no such stream: the push creates it. */
  | { readonly source: 'none' }
  /** The service's rules could not be read: the last push from this workspace, if any. */
  | { readonly source: 'workspace'; readonly rules: readonly StreamRuleToPush[] | undefined };

/** The question before a push: what it creates or replaces, and how sure that is. */
export function pushQuestion(
  stream: string,
  fileName: string,
  next: readonly StreamRuleToPush[],
  before: StreamBefore,
): { readonly message: string; readonly detail: string; readonly action: 'Create' | 'Push' } {
  const count = counted(next.length, 'rule');
  if (before.source === 'none')
    return {
      message: `Create stream "${stream}" with the ${count} of ${fileName}?`,
      detail: 'The service has no stream of that id yet: the push creates it.',
      action: 'Create',
    };
  const message = `Replace the rules of stream "${stream}" with the ${count} of ${fileName}?`;
  const previous = before.rules;
  if (!previous)
    return {
      message,
      detail:
        'The stream’s rules could not be read, and no earlier push of it from this workspace is known: whatever the stream holds now is replaced.',
      action: 'Push',
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
  const against =
    before.source === 'service'
      ? 'the rules the stream holds'
      : 'the last push from this workspace';
  return {
    message,
    detail: nothing
      ? `The same rules as ${against}${before.source === 'workspace' ? ' (the stream may have been changed elsewhere since)' : ''}.`
      : `Against ${against}: ${parts.join(', ')}.`,
    action: 'Push',
  };
}
