// Results of a collector (or stream) written to a file as they arrive: NDJSON, one `data` document
// a line (the complete record), or CSV with the columns a spreadsheet wants (below). Written
// through a file stream that waits when the disk is behind, so however many results a read
// delivers, memory holds one at a time and never the file.
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { csvText, type CsvCell } from '../csv';
import type { ResultDocument } from '../api/schemas/document';
import { matchedNames } from './resultLine';

export type ResultFileFormat = 'ndjson' | 'csv';

const iso = (time: number | undefined) =>
  time === undefined || !Number.isFinite(time) ? undefined : new Date(time).toISOString();

/** The CSV columns, each with how it reads a result (api.md "Stream result document"). */
const COLUMNS: readonly (readonly [string, (result: ResultDocument) => CsvCell])[] = [
  ['id', ({ data }) => (typeof data.id === 'string' ? data.id : undefined)],
  ['published', ({ data }) => iso(data.published)],
  ['url', ({ data }) => data.url],
  ['title', ({ data }) => data.title],
  ['source', ({ data }) => data.extra_source_attributes?.name],
  ['domain', ({ data }) => data.domain_url ?? data.host_url],
  ['source_type', ({ data }) => data.source_type?.join(' ')],
  ['author', ({ data }) => data.extra_author_attributes?.name],
  ['lang', ({ data }) => data.lang],
  [
    'country',
    ({ data }) =>
      data.extra_source_attributes?.world_data?.country_code ??
      data.extra_source_attributes?.world_data?.country,
  ],
  ['sentiment', ({ data }) => data.sentiment],
  ['engagement', ({ data }) => data.engagement],
  ['reach', ({ data }) => data.reach],
  ['matched', (result) => matchedNames(result).join(' ') || undefined],
  ['search_indexed', ({ data }) => iso(data.search_indexed)],
];

export const CSV_COLUMNS: readonly string[] = COLUMNS.map(([name]) => name);

/** A result as one line of the file, its end of line included. */
export function resultLine(result: ResultDocument, format: ResultFileFormat): string {
  return format === 'ndjson'
    ? `${JSON.stringify(result.data)}\n`
    : csvText([COLUMNS.map(([, read]) => read(result))]);
}

/** A file being written, one result at a time. */
export class ResultFile {
  private written = 0;

  private constructor(
    private readonly stream: WriteStream,
    private readonly format: ResultFileFormat,
  ) {}

  /** Creates (or replaces: the save dialog asked) `path`; a CSV file starts with its header. */
  static async open(path: string, format: ResultFileFormat): Promise<ResultFile> {
    const stream = createWriteStream(path, { encoding: 'utf8' });
    await once(stream, 'open');
    const file = new ResultFile(stream, format);
    if (format === 'csv') await file.put(csvText([CSV_COLUMNS]));
    return file;
  }

  /** Results written so far. */
  get count(): number {
    return this.written;
  }

  async write(result: ResultDocument): Promise<void> {
    await this.put(resultLine(result, this.format));
    this.written += 1;
  }

  /** Flushes and closes the file. */
  async close(): Promise<void> {
    if (this.stream.closed) return;
    const finished = once(this.stream, 'close');
    this.stream.end();
    await finished;
  }

  private async put(text: string): Promise<void> {
    // Waits for the disk when the stream's buffer is full: memory stays bounded.
    if (!this.stream.write(text)) await once(this.stream, 'drain');
  }
}
