// NDJSON upload files: one document per line, read line by line (a 200 MB file is never held
// whole). Blank lines are skipped; a line that is not a JSON object is a problem on that line.
import { documentOf } from './jsonText';
import { MAX_PIECE_BYTES, tooLong, type Chunks, type SourceItem } from './items';
import { linesOf, type Line } from './lines';

/** One line's document, problem, or nothing (a blank line). */
export function itemOfLine(each: Line): SourceItem | undefined {
  if ('tooLong' in each) return tooLong(each.line, each.tooLong, 'the line');
  // A byte-order mark starts the first line of files some editors write.
  const text = each.line === 1 ? each.text.replace(/^\uFEFF/, '') : each.text;
  return text.trim() === '' ? undefined : documentOf(text, { line: each.line, column: 0 });
}

export async function* readNdjson(
  chunks: Chunks,
  maxBytes = MAX_PIECE_BYTES,
): AsyncGenerator<SourceItem> {
  for await (const each of linesOf(chunks, maxBytes)) {
    const item = itemOfLine(each);
    if (item) yield item;
  }
}
