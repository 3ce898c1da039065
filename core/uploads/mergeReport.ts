// A retry's report folded into the report it retried: every document of the earlier report, with
// the retried documents' new outcomes in place of their old ones, and documents it did not list
// (an upload killed before it wrote them) in their place, so that the report next to the file
// always says what became of each of its documents (not only of the last ones sent). Both go in
// input order, so the merge streams: the earlier report is read (as a journal: each document's
// latest line) only as far as the retry has come, and nothing the size of the file is held.
import type { Chunks } from './items';
import { comesBefore, sameDocument, type ReportLine } from './report';
import { latestLines, reportLines } from './reportFile';

export class ReportMerge {
  private readonly earlier: AsyncIterator<ReportLine>;
  /** The earlier line read and not yet given; undefined once the earlier report is done. */
  private waiting: ReportLine | undefined;
  private started = false;

  constructor(previous: Chunks) {
    this.earlier = latestLines(reportLines(previous))[Symbol.asyncIterator]();
  }

  private async peek(): Promise<ReportLine | undefined> {
    if (!this.started) {
      this.started = true;
      await this.advance();
    }
    return this.waiting;
  }

  private async advance(): Promise<void> {
    const next = await this.earlier.next();
    this.waiting = next.done ? undefined : next.value;
  }

  /** The earlier lines of the documents before `line`'s, then `line` in place of its own. */
  async *place(line: ReportLine): AsyncGenerator<ReportLine> {
    for (let earlier = await this.peek(); earlier; earlier = await this.peek()) {
      if (sameDocument(earlier, line)) {
        await this.advance();
        break;
      }
      if (!comesBefore(earlier, line)) break;
      yield earlier;
      await this.advance();
    }
    yield line;
  }

  /** The earlier lines after the last one placed: documents the retry did not send. */
  async *rest(): AsyncGenerator<ReportLine> {
    for (let earlier = await this.peek(); earlier; earlier = await this.peek()) {
      yield earlier;
      await this.advance();
    }
  }

  /** Stops reading the earlier report (when the merge is given up). */
  async close(): Promise<void> {
    await this.earlier.return?.();
  }
}
