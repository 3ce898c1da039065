// What the Streams view shows under a stream: the rules the service holds (GET
// /api/v3/stream/s/<id>), then the workspace's .mmq files that name the stream (`// @stream <id>`)
// with their rules, each side saying where it differs from the other: a rule only in a file is
// not pushed, one only on the service is in no file, and the same id may hold another query. No
// VS Code here; it travels in the client's bundle (dist/api.js), since nothing of it is needed
// before a stream is opened, and dist/extension.js has a size budget.
import { counted } from '../../../core/plural';
import type { MediaMonitoringClient } from '../../../core/api/client/client';
import { ApiError } from '../../../core/api/client/errors';
import type { StreamRule } from '../../../core/api/schemas/streams';
import type { RuleSource } from './streamRules';
import type { LocalRuleNode as LocalRule, StreamsNode } from '../../shell/views/treeNodes';

/** What the service holds of a stream: its rules, or nothing any more (code 15). */
export type ServiceRules =
  { readonly kind: 'rules'; readonly rules: readonly StreamRule[] } | { readonly kind: 'gone' };

/** The stream's rules on the service, or that it has none by that id any more (code 15). */
export async function serviceRulesOf(
  client: MediaMonitoringClient,
  id: string,
  signal?: AbortSignal,
): Promise<ServiceRules> {
  try {
    const { data } = (await client.streams.get(id, signal ? { signal } : {})).result_stream;
    const definition = data.find((stream) => stream.stream_id === id) ?? data[0];
    return { kind: 'rules', rules: definition?.rules ?? [] };
  } catch (error: unknown) {
    // Listed a moment ago, deleted since (elsewhere, or from another window): said in the view.
    if (error instanceof ApiError && error.statusCode === '15') return { kind: 'gone' };
    throw error;
  }
}

/** A query as compared: white space is not what tells two queries apart. */
const normal = (query: string) => query.replace(/\s+/g, ' ').trim();

const fileName = (uri: string) => decodeURIComponent(uri.slice(uri.lastIndexOf('/') + 1));

export function streamChildren(
  streamId: string,
  service: ServiceRules,
  local: readonly RuleSource[],
): StreamsNode[] {
  const held = service.kind === 'rules' ? service.rules : [];
  const onService = new Map(held.map((rule) => [rule.rule_id, normal(rule.query)]));
  const localRule = (rule: RuleSource): LocalRule => {
    const query = onService.get(rule.ruleId);
    const note =
      query === undefined
        ? 'not pushed'
        : query === normal(rule.query)
          ? ''
          : 'differs from the service';
    return { kind: 'rule', streamId, rule, note };
  };

  const byFile = new Map<string, LocalRule[]>();
  for (const rule of local) {
    const rules = byFile.get(rule.uri) ?? [];
    rules.push(localRule(rule));
    byFile.set(rule.uri, rules);
  }
  const files: StreamsNode[] = [...byFile].map(([uri, rules]) => ({
    kind: 'localFile',
    streamId,
    uri,
    rules,
    note: fileNote(rules, held, service.kind === 'gone'),
  }));

  const serviceNodes: StreamsNode[] =
    service.kind === 'gone'
      ? [{ kind: 'empty', text: 'The service no longer has this stream: refresh the view' }]
      : held.length === 0
        ? [{ kind: 'empty', text: 'The service holds no rules for it' }]
        : held.map((rule) => ({
            kind: 'serviceRule',
            streamId,
            rule,
            rules: held,
            // Compared only with files that name the stream: without one there is nothing to say.
            note: local.length === 0 ? '' : serviceNote(rule, local),
          }));
  return [
    ...serviceNodes,
    ...(files.length > 0
      ? files
      : [{ kind: 'empty', text: `No local file names it (// @stream ${streamId})` } as const]),
  ];
}

/** How the workspace's rules of that id compare with a rule the service holds. */
function serviceNote(rule: StreamRule, local: readonly RuleSource[]): string {
  const same = local.filter((candidate) => candidate.ruleId === rule.rule_id);
  if (same.length === 0) return 'only on the service';
  if (same.some((candidate) => normal(candidate.query) === normal(rule.query))) return '';
  return `differs from ${fileName(same[0]?.uri ?? '')}`;
}

/** How one file's rules compare with the service's, in a few words. */
function fileNote(rules: readonly LocalRule[], held: readonly StreamRule[], gone: boolean): string {
  if (gone) return 'not on the service';
  const ids = new Set(rules.map((rule) => rule.rule.ruleId));
  const notPushed = rules.filter((rule) => rule.note === 'not pushed').length;
  const differ = rules.filter((rule) => rule.note === 'differs from the service').length;
  const serviceOnly = held.filter((rule) => !ids.has(rule.rule_id)).length;
  if (notPushed + differ + serviceOnly === 0) return 'same as the service';
  return [
    notPushed > 0 ? `${notPushed} not pushed` : '',
    differ > 0 ? `${counted(differ, 'differs', 'differ')} from the service` : '',
    serviceOnly > 0 ? `${serviceOnly} only on the service` : '',
  ]
    .filter((part) => part !== '')
    .join(', ');
}
