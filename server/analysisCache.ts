// One analysis per document version: every feature of a request reads the same parse, and a
// document that did not change is never parsed twice.
import { analyzeFile } from '../core/query/analysis';
import type { MmqFile } from '../core/query/ast';
import type { QueryDiagnostic } from '../core/query/diagnostic';
import { parseFile } from '../core/query/file';
import { LineIndex } from '../core/query/lineIndex';

export interface Analysis {
  readonly uri: string;
  readonly version: number;
  readonly file: MmqFile;
  readonly lines: LineIndex;
  /** Computed on first use: completion and hover do not need them. */
  readonly diagnostics: () => readonly QueryDiagnostic[];
}

/** The file name part of a URI, which names the rule of a header-less file. */
export function fileNameOf(uri: string): string {
  const encoded = uri.replace(/[?#].*$/, '');
  const name = encoded.slice(encoded.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    // A malformed escape in a client's URI names the rule as written rather than fail requests.
    return name;
  }
}

export function analyse(uri: string, version: number, text: string): Analysis {
  const file = parseFile(text, fileNameOf(uri));
  let diagnostics: readonly QueryDiagnostic[] | undefined;
  return {
    uri,
    version,
    file,
    lines: new LineIndex(text),
    diagnostics: () => (diagnostics ??= analyzeFile(file)),
  };
}

export class AnalysisCache {
  private readonly entries = new Map<
    string,
    { readonly text: string; readonly analysis: Analysis }
  >();

  /**
   * The analysis of this text. The version alone does not identify it: an untitled document's
   * URI is reused once it is closed, and the new document starts again at version 1. The text is
   * the document's own string, so comparing it is a pointer comparison when nothing changed.
   */
  get(uri: string, version: number, text: string): Analysis {
    const cached = this.entries.get(uri);
    if (cached && cached.analysis.version === version && cached.text === text)
      return cached.analysis;
    const analysis = analyse(uri, version, text);
    this.entries.set(uri, { text, analysis });
    return analysis;
  }

  delete(uri: string): void {
    this.entries.delete(uri);
  }
}
