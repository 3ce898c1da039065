// Conversions between core/query's document offsets and LSP's line/character positions.
import type { Range } from 'vscode-languageserver';
import type { Span } from '../core/query/ast';
import type { LinePositions } from '../core/query/lineIndex';

export function toRange(lines: LinePositions, span: Span): Range {
  return { start: lines.positionAt(span.start), end: lines.positionAt(span.end) };
}

export function toSpan(lines: LinePositions, range: Range): Span {
  return { start: lines.offsetAt(range.start), end: lines.offsetAt(range.end) };
}
