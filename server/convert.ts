// Conversions between core/query's document offsets and LSP's line/character positions.
import type { Range } from 'vscode-languageserver';
import type { Span } from '../core/query/ast';
import type { LineIndex } from '../core/query/lineIndex';

export function toRange(lines: LineIndex, span: Span): Range {
  return { start: lines.positionAt(span.start), end: lines.positionAt(span.end) };
}

export function toSpan(lines: LineIndex, range: Range): Span {
  return { start: lines.offsetAt(range.start), end: lines.offsetAt(range.end) };
}
