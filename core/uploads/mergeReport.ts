// A retry's report folded into the report it retried: every document of the earlier report, with
// the retried documents' new outcomes in place of their old ones, and documents it did not list
// (an upload killed before it wrote them) in their place, so that the report next to the file
// always says what became of each of its documents (not only of the last ones sent). Both go in
// input order, so the merge streams: the earlier report is read (as a journal: each document's
// latest line) only as far as the retry has come, and nothing the size of the file is held.
// Read with its unreadable lines kept (reportItems, VS Code), a line of it that is not a report
// line (edited by hand, forged) is passed on as it is, in its place among the lines around it:
// the report keeps what it held, and whoever shows it says it could not be read.
import type { ReportLine } from './report';
import { comesBefore, sameDocument } from './report';
import { isUnreadable, latestLines, type ReportItem } from './reportFile';

export class ReportMerge<Earlier extends ReportItem = ReportLine> {
  private readonly earlier: AsyncIterator<Earlier>;
  /** The earlier line read and not yet given; undefined once the earlier report is done. */
  private waiting: Earlier | undefined;
  private started = false;

  /** `earlier`: the earlier report's lines (reportLines, or reportItems to keep unreadable ones). */
  constructor(earlier: AsyncIterable<Earlier>) {
    this.earlier = latestLines(earlier)[Symbol.asyncIterator]();
  }

  private async peek(): Promise<Earlier | undefined> {
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
  async *place(line: ReportLine): AsyncGenerator<Earlier | ReportLine> {
    for (let earlier = await this.peek(); earlier; earlier = await this.peek()) {
      if (!isUnreadable(earlier)) {
        if (sameDocument(earlier, line)) {
          await this.advance();
          break;
        }
        if (!comesBefore(earlier, line)) break;
      }
      yield earlier;
      await this.advance();
    }
    yield line;
  }

  /** The earlier lines after the last one placed: documents the retry did not send. */
  async *rest(): AsyncGenerator<Earlier> {
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
