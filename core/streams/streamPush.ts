// What pushing a `.mmq` file as a stream sends: each rule of the file becomes a stream
// rule, `rule_id` its id and `query` its query text as the service measures it. The stream is the
// file's `// @stream` annotation unless one is given. Shared by `mmq stream push` and the
// extension, so that both push exactly the same rules.
import { serviceIdProblem } from '../api/ids';
import type { MmqFile } from '../query/ast';

/** What a push reads of a file: the streams it names and its rules' ids and query texts. */
export interface PushSource {
  readonly streams: readonly string[];
  readonly rules: readonly { readonly id: string; readonly query: string }[];
}

/** A parsed file as a push reads it. */
export function pushSourceOf(file: MmqFile): PushSource {
  return {
    streams: file.annotations
      .filter((annotation) => annotation.name === 'stream')
      .map((annotation) => annotation.value),
    rules: file.rules.map((rule) => ({ id: rule.id, query: rule.queryText })),
  };
}

export interface StreamRuleToPush {
  readonly rule_id: string;
  readonly query: string;
}

export type StreamPush =
  | { readonly ok: true; readonly stream: string; readonly rules: readonly StreamRuleToPush[] }
  | { readonly ok: false; readonly problem: string };

/** The stream and rules a file pushes; `stream` overrides the file's `// @stream`. */
export function streamPushOf(source: PushSource, stream?: string): StreamPush {
  const named = source.streams;
  const target = stream ?? named[0];
  if (target === undefined || target === '')
    return { ok: false, problem: 'the file names no stream: add `// @stream <id>` or give one' };
  if (stream === undefined && new Set(named).size > 1)
    return {
      ok: false,
      problem: `the file names several streams (${[...new Set(named)].join(', ')}): give the one to push`,
    };
  const rules = source.rules
    .filter((rule) => rule.query !== '')
    .map((rule) => ({ rule_id: rule.id, query: rule.query }));
  if (rules.length === 0) return { ok: false, problem: 'the file has no rule with a query' };
  // A .mmq rule id may hold capitals and dots; the service takes neither (gaps.md): say which,
  // before anything is sent, rather than have the service refuse the whole push.
  const streamProblem = serviceIdProblem(target);
  if (streamProblem) return { ok: false, problem: `the stream id ${streamProblem}` };
  const refused = rules.flatMap((rule) => {
    const problem = serviceIdProblem(rule.rule_id);
    return problem ? [problem] : [];
  });
  if (refused.length > 0)
    return {
      ok: false,
      problem: `${refused.length === 1 ? 'a rule id' : `${refused.length} rule ids`} ${refused.slice(0, 3).join('; ')}${refused.length > 3 ? '; …' : ''}: rename the rule${refused.length === 1 ? '' : 's'} in the file`,
    };
  return { ok: true, stream: target, rules };
}
