// "Retry the failed ones": from an earlier report, every document of the file it does not list as
// applied, and how to send each again. The report is read as the journal it may be (a later line
// of a document replaces an earlier one; a torn last line is ignored), and a document it does not
// list at all is sent again too: an upload killed before it could write a line must not lose it.
// A document whose outcome is `unknown` may have landed (its batch was sent, the answer never
// read), and so may one the report does not list: a second `create` of it would be refused as a
// repeated url (the service's and the sandbox's rule), so it goes as `upsert`, which creates it
// if it is missing and rewrites it with the same fields if it is there: never a duplicate. An
// `update` is sent again as it was (repeating it changes nothing more).
import type { UploadOperation } from '../api/schemas/uploads';
import type { DocumentFate } from '../api/client/uploadAll';
import type { Chunks } from './items';
import { isFields, parseJson } from './jsonText';
import { PositionSet } from './positionSet';
import type { ReportLine } from './report';
import { isUnreadable, reportItems, reportLines } from './reportFile';

export interface RetryEntry {
  /** The document's line as the report says it (to check it against the file). */
  readonly line?: number;
  readonly url?: string;
  /** `unlisted`: the report does not say what became of it. */
  readonly outcome: Exclude<DocumentFate, 'applied'> | 'unlisted';
}

/** What the report says of documents of one kind of key: positions, or lines (older reports). */
class Outcomes {
  private readonly applied = new PositionSet();
  private readonly failed = new Map<number, RetryEntry>();
  /** Documents named by a line that could not be read (VS Code's retry passes over them). */
  private readonly unreadable = new PositionSet();

  note(key: number, line: ReportLine): void {
    this.unreadable.delete(key);
    if (line.outcome === 'applied') {
      this.applied.add(key);
      this.failed.delete(key);
      return;
    }
    this.applied.delete(key);
    this.failed.set(key, {
      line: line.line,
      outcome: line.outcome,
      ...(typeof line.url === 'string' ? { url: line.url } : {}),
    });
  }

  passOver(key: number): void {
    this.applied.delete(key);
    this.failed.delete(key);
    this.unreadable.add(key);
  }

  of(key: number): RetryEntry | 'applied' | 'unreadable' | undefined {
    if (this.applied.has(key)) return 'applied';
    if (this.unreadable.has(key)) return 'unreadable';
    return this.failed.get(key);
  }
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

export class RetryPlan {
  private readonly byPosition = new Outcomes();
  /** Lines of reports written before positions were: their documents are found by line. */
  private readonly byLine = new Outcomes();

  note(line: ReportLine): void {
    if (line.position !== undefined) this.byPosition.note(line.position, line);
    else this.byLine.note(line.line, line);
  }

  /**
   * A line that is not a report line, passed over: the document it names by a `position` or a
   * `line` of the right type, if it does, is not sent again (what became of it cannot be read).
   */
  passOver(text: string | undefined): void {
    const parsed = text === undefined ? {} : parseJson(text);
    const value = 'value' in parsed ? parsed.value : undefined;
    if (!isFields(value)) return;
    if (isCount(value.position)) this.byPosition.passOver(value.position);
    else if (isCount(value.line)) this.byLine.passOver(value.line);
  }

  /**
   * How the document at `position`, on `line`, is sent again: `applied` when the report lists it
   * as applied, `unreadable` when a line that could not be read names it; either way it is not.
   */
  entryFor(position: number, line: number): RetryEntry | 'applied' | 'unreadable' {
    return this.byPosition.of(position) ?? this.byLine.of(line) ?? { outcome: 'unlisted' };
  }
}

/**
 * The plan of a report. A line that is not a report line refuses the whole report (a
 * ReportFileError), unless `skipUnreadable` (VS Code's retry, which shows such lines with the
 * report rather than refuse it): then it is passed over, and the document it names, when it
 * names one, is not retried. Documents no line names are unlisted, and sent again.
 */
export async function readRetryPlan(
  chunks: Chunks,
  options: { readonly skipUnreadable?: boolean } = {},
): Promise<RetryPlan> {
  const plan = new RetryPlan();
  if (!options.skipUnreadable) {
    for await (const line of reportLines(chunks)) plan.note(line);
    return plan;
  }
  for await (const item of reportItems(chunks)) {
    if (isUnreadable(item)) plan.passOver(item.unreadable);
    else plan.note(item);
  }
  return plan;
}

/** The operation a document is sent again with. */
export function retryMode(mode: UploadOperation, entry: RetryEntry): UploadOperation {
  return mode === 'create' && (entry.outcome === 'unknown' || entry.outcome === 'unlisted')
    ? 'upsert'
    : mode;
}
