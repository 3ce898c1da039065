// Writing a chunked results response (gaps.md "Streams and collectors"): `text/plain`, one JSON
// object per line ended by `\r\n`, control, result and in-band error chunks, each masked like
// every other answer. A reader that does not read makes the bytes wait in memory: `congested`
// says when MAX_BUFFERED_BYTES are waiting, and the endpoint decides (streams drop the reader,
// collectors stop feeding it until it drains).
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { AnalyticsDocument } from '../analytics/documentFields';
import type { StatusName } from '../../core/api/schemas/envelope';
import { STATUS } from '../../core/api/schemas/envelope';
import { maskedRequestLine } from '../http/envelope';
import { MAX_BUFFERED_BYTES } from '../http/limits';
import type { Output } from '../http/output';

export interface Highlight {
  readonly title_snippet: string;
  readonly content_snippet: string;
  readonly matched: Readonly<Record<string, unknown>>;
}

export class ChunkWriter {
  private closed = false;
  private readonly response: ServerResponse;

  /** Takes the reply over: from here on the response is chunks, no longer an envelope. */
  constructor(
    reply: FastifyReply,
    private readonly output: Output,
  ) {
    const line = maskedRequestLine(reply.request);
    reply.hijack();
    this.response = reply.raw;
    this.response.writeHead(200, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
    });
    this.response.on('close', () => {
      this.closed = true;
      // An ended response is logged by the request log; one the reader left, here.
      if (!this.response.writableFinished) output.log(`${line} 200 (the reader went away)`);
    });
  }

  /** Runs `listener` once when the reader goes away or the response ends. */
  onClose(listener: () => void): void {
    this.response.once('close', listener);
  }

  /** Runs `listener` once when what waited has been sent. */
  onDrain(listener: () => void): void {
    this.response.once('drain', listener);
  }

  get isClosed(): boolean {
    return this.closed || this.response.destroyed;
  }

  /** Whether MAX_BUFFERED_BYTES or more wait for a reader that does not read. */
  get congested(): boolean {
    return this.response.writableLength >= MAX_BUFFERED_BYTES;
  }

  private write(chunk: unknown): void {
    if (!this.isClosed) this.response.write(`${this.output.json(chunk)}\r\n`);
  }

  control(fields: Readonly<Record<string, unknown>>): void {
    this.write({ chunk_type: 'CT_CONTROL', chunk_control: fields });
  }

  /** A result; `highlights` left out when the read says nothing of why it matched. */
  result(
    document: AnalyticsDocument & {
      readonly title_snippet?: string;
      readonly content_snippet?: string;
    },
    highlights?: readonly Highlight[],
  ): void {
    this.write({
      chunk_type: 'CT_RESULT',
      chunk_result: {
        data: { data: document, ...(highlights ? { highlighted_data: highlights } : {}) },
      },
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
