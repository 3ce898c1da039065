// From what a reader yields to what the uploader sends: each document checked (checks.ts) and
// made a batch entry, or kept as `skip` with its problems, with its position in the file (the
// reader's items counted: several documents may share a line); with a retry plan, only the
// documents it does not list as applied, each in the mode it is sent again with. Both passes of
// an upload go through here, so the documents checked are exactly the documents sent.
import type { UploadBatch, UploadDocument, UploadOperation } from '../api/schemas/uploads';
import { checkDocument, type CheckOptions, type FieldProblem, type UploadProblem } from './checks';
import type { Items, SourceDocument, SourceItem } from './items';
import { retryMode, type RetryEntry, type RetryPlan } from './retry';
import { nearestSpan } from './spans';
import type { Prepared } from './upload';

export interface PrepareOptions extends CheckOptions {
  readonly retry?: RetryPlan;
}

export interface PreparedItem {
  readonly prepared: Prepared;
  /** Empty when the document goes; else why not, on its line. */
  readonly problems: readonly UploadProblem[];
}

export function entryOf(mode: UploadOperation, document: UploadDocument): UploadBatch[number] {
  switch (mode) {
    case 'create':
      return { create: document };
    case 'update':
      return { update: document };
    case 'upsert':
      return { upsert: document };
  }
}

function skip(
  line: number,
  position: number,
  url: unknown,
  problems: UploadProblem[],
): PreparedItem {
  const reasons = problems.map((each) =>
    each.field ? `${each.field}: ${each.message}` : each.message,
  );
  return {
    prepared: {
      kind: 'skip',
      line,
      position,
      ...(typeof url === 'string' && url !== '' ? { url } : {}),
      message: `not sent: ${reasons.join('; ')}`,
    },
    problems,
  };
}

/** Why the document is not the one the report names at its position, if it is not. */
function changedSince(entry: RetryEntry, line: number, url: unknown): string | undefined {
  if (entry.url !== undefined && url !== entry.url)
    return `the report lists ${entry.url} here: the file changed since the report`;
  if (entry.line !== undefined && line !== entry.line)
    return `the report lists this document on line ${entry.line}: the file changed since the report`;
  return undefined;
}

/** A document's problems on its line, each where its value is when the reader knows. */
const placed = (item: SourceDocument, problems: readonly FieldProblem[]): UploadProblem[] =>
  problems.map((each) => {
    const at = item.locate && nearestSpan(item.locate, each.field);
    return { line: item.line, ...each, ...(at ? { at } : {}) };
  });

export async function* prepare(
  items: Items<SourceItem>,
  options: PrepareOptions,
): AsyncGenerator<PreparedItem> {
  let position = 0;
  for await (const item of items) {
    position += 1;
    const again = options.retry?.entryFor(position, item.line);
    // Applied, or named by a report line that could not be read: not sent again.
    if (again === 'applied' || again === 'unreadable') continue;
    if (item.kind === 'problem') {
      yield skip(item.line, position, undefined, [
        { line: item.line, field: '', message: item.message, ...(item.at ? { at: item.at } : {}) },
      ]);
      continue;
    }
    const { url } = item.fields;
    const changed = again === undefined ? undefined : changedSince(again, item.line, url);
    if (changed !== undefined) {
      yield skip(item.line, position, url, placed(item, [{ field: 'url', message: changed }]));
      continue;
    }
    const checked = checkDocument(item.fields, options);
    if (!checked.ok) {
      yield skip(item.line, position, url, placed(item, checked.problems));
      continue;
    }
    const mode = again === undefined ? options.mode : retryMode(options.mode, again);
    yield {
      prepared: {
        kind: 'send',
        line: item.line,
        position,
        url: checked.document.url ?? '',
        entry: entryOf(mode, checked.document),
      },
      problems: [],
    };
  }
}
