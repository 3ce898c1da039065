// Which reader a file gets: by its extension (spec/cli.md), unless told.
import { readCsv } from './csv';
import type { Chunks, SourceItem } from './items';
import { readJson } from './jsonFile';
import { readNdjson } from './ndjson';

export const INPUT_FORMATS = ['json', 'ndjson', 'csv'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

const BY_EXTENSION: Readonly<Record<string, InputFormat>> = {
  json: 'json',
  ndjson: 'ndjson',
  jsonl: 'ndjson',
  csv: 'csv',
};

/** The format a file name's extension says, if it says one. */
export function formatOf(path: string): InputFormat | undefined {
  const match = /\.([a-z]+)$/i.exec(path);
  return match ? BY_EXTENSION[(match[1] ?? '').toLowerCase()] : undefined;
}

export function readDocuments(format: InputFormat, chunks: Chunks): AsyncGenerator<SourceItem> {
  switch (format) {
    case 'json':
      return readJson(chunks);
    case 'ndjson':
      return readNdjson(chunks);
    case 'csv':
      return readCsv(chunks);
  }
}
