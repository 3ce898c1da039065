// Writing a chunked results response (gaps.md "Streams and collectors"): `text/plain`, one JSON
// object per line ended by `\r\n`, control, result and in-band error chunks.
import type { ServerResponse } from 'node:http';
import type { AnalyticsDocument } from '../analytics/documentFields';
import type { StatusName } from '../../core/api/schemas/envelope';
import { STATUS } from '../../core/api/schemas/envelope';

export interface Highlight {
  readonly title_snippet: string;
  readonly content_snippet: string;
  readonly matched: Readonly<Record<string, unknown>>;
}

export class ChunkWriter {
  private closed = false;

  constructor(private readonly response: ServerResponse) {
    response.writeHead(200, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.on('close', () => (this.closed = true));
  }

  /** Runs `listener` once when the reader goes away or the response ends. */
  onClose(listener: () => void): void {
    this.response.once('close', listener);
  }

  get isClosed(): boolean {
    return this.closed || this.response.destroyed;
  }

  private write(chunk: unknown): void {
    if (!this.isClosed) this.response.write(`${JSON.stringify(chunk)}\r\n`);
  }

  control(fields: Readonly<Record<string, unknown>>): void {
    this.write({ chunk_type: 'CT_CONTROL', chunk_control: fields });
  }

  result(
    document: AnalyticsDocument & {
      readonly title_snippet?: string;
      readonly content_snippet?: string;
    },
    highlights: readonly Highlight[],
  ): void {
    this.write({
      chunk_type: 'CT_RESULT',
      chunk_result: { data: { data: document, highlighted_data: highlights } },
    });
  }

  error(status: StatusName, message: string): void {
    this.write({
      chunk_type: 'CT_ERROR',
      chunk_error: { status_code: STATUS[status].code, status_message: message },
    });
  }

  end(): void {
    if (!this.isClosed) this.response.end();
    this.closed = true;
  }
}
