// One upload of a file's documents, as `mmq upload` and VS Code both run it: every document
// checked first (the whole file read once), then the documents sent in batches (the file read
// again, no further than the checks read it, and never more documents than were checked), the
// report given line by line in input order, a retry's new outcomes folded into the report it
// retries. Like core/streams/tailSession.ts, it has no user interface and writes no file: what the
// checks find, what is recorded before a batch is sent, each report line and the progress go to
// sinks, which the command and the extension implement (stderr and a report file; diagnostics, a
// progress notification and the report panel).
import type { MediaMonitoringClient } from '../api/client/client';
import type { UploadTarget } from '../api/client/endpoints/documents';
import type { UploadProblem } from './checks';
import { CheckedBytes } from './fileChunks';
import { readDocuments, type InputFormat } from './formats';
import type { ReportMerge } from './mergeReport';
import { prepare, type PrepareOptions, type PreparedItem } from './prepare';
import type { OutcomeCounts, ReportLine } from './report';
import type { ReportItem } from './reportFile';
import { uploadStream, type Prepared, type UploadStreamOptions } from './upload';

/** The file to upload: its format, and its bytes read from the start (at most `bytes` of them). */
export interface UploadSource {
  readonly format: InputFormat;
  readonly chunks: (bytes?: number) => AsyncIterable<Uint8Array>;
}

/** What the checks found. */
export interface CheckedFile {
  /** Documents in the file (a retry: those to send again). */
  readonly documents: number;
  /** Of them, those with problems: sent only as `not-sent` lines of the report. */
  readonly refused: number;
  /** The checks were stopped before the end of the file: nothing may be sent. */
  readonly stopped: boolean;
}

export interface SendSinks {
  /** Before a batch is sent, its `sending` lines: awaited (see upload.ts). */
  readonly record: NonNullable<UploadStreamOptions['record']>;
  /** After each batch: the documents reported so far, by outcome. */
  readonly onBatch?: (counts: OutcomeCounts) => void;
}

export interface SendSignals {
  /** Sends no more batches: the batch in flight finishes, the rest is `not-sent`. */
  readonly stop?: AbortSignal;
  /** Aborts the batch in flight too: its documents are then `unknown`. */
  readonly signal?: AbortSignal;
}

/** The first `count` items: no more documents are sent than were checked. */
async function* upTo<T>(items: AsyncIterable<T>, count: number): AsyncGenerator<T> {
  if (count <= 0) return;
  let taken = 0;
  for await (const item of items) {
    yield item;
    if (++taken >= count) return;
  }
}

async function* preparedOnly(items: AsyncIterable<PreparedItem>): AsyncGenerator<Prepared> {
  for await (const item of items) yield item.prepared;
}

export class UploadSession<Earlier extends ReportItem = ReportLine> {
  private readonly checkedBytes = new CheckedBytes();
  private checked: CheckedFile | undefined;
  private reportedLines = 0;

  /**
   * `merge`: for a retry, the report it retries (read with reportLines, or reportItems to keep
   * its unreadable lines); the session folds the new outcomes into it.
   */
  constructor(
    private readonly source: UploadSource,
    private readonly options: PrepareOptions,
    private readonly merge?: ReportMerge<Earlier>,
  ) {}

  private documents(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<PreparedItem> {
    return prepare(readDocuments(this.source.format, chunks), this.options);
  }

  /** The first pass: every document checked; `problems` told of each document that has some. */
  async check(
    problems: (found: readonly UploadProblem[]) => void,
    stop?: AbortSignal,
  ): Promise<CheckedFile> {
    let documents = 0;
    let refused = 0;
    let stopped = false;
    for await (const { problems: found } of this.documents(
      this.checkedBytes.count(this.source.chunks()),
    )) {
      if (stop?.aborted) {
        stopped = true;
        break;
      }
      documents += 1;
      if (found.length === 0) continue;
      refused += 1;
      problems(found);
    }
    this.checked = { documents, refused, stopped };
    return this.checked;
  }

  /**
   * The second pass: the documents the checks read, sent in batches; yields the report in input
   * order, a retry's earlier lines of documents not sent again among them. The earlier lines
   * after the last document sent come from `rest()`, also after a failure midway.
   */
  async *send(
    client: MediaMonitoringClient,
    target: UploadTarget,
    sinks: SendSinks,
    signals: SendSignals = {},
  ): AsyncGenerator<Earlier | ReportLine> {
    const checked = this.checked;
    if (!checked || checked.stopped) throw new Error('send() needs the checks to have run whole');
    const sent = preparedOnly(this.documents(this.source.chunks(this.checkedBytes.bytes)));
    const report = uploadStream(client, target, upTo(sent, checked.documents), {
      ...signals,
      ...sinks,
    });
    for await (const line of report) {
      this.reportedLines += 1;
      if (this.merge) yield* this.merge.place(line);
      else yield line;
    }
  }

  /** Documents of this upload reported so far (a retry's earlier lines not counted). */
  get reported(): number {
    return this.reportedLines;
  }

  /** A retry's earlier lines after the last one placed: the documents it did not reach. */
  async *rest(): AsyncGenerator<Earlier> {
    if (this.merge) yield* this.merge.rest();
  }

  /** Stops reading the report a retry folds into. */
  async close(): Promise<void> {
    await this.merge?.close();
  }
}
