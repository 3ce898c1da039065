// One analysis per document version: every feature of a request reads the same analysis, and a
// document that did not change is never analysed twice. A new version is analysed from the
// previous one (FileAnalysis.edited): only the rules the edit touched are parsed again, and the
// line index is updated around the edit, so typing in a large file costs about one rule.
import type { MmqFile, Rule } from '../core/query/ast';
import type { QueryDiagnostic } from '../core/query/diagnostic';
import { FileAnalysis } from '../core/query/fileAnalysis';
import { LineIndex } from '../core/query/lineIndex';

export interface Analysis {
  readonly uri: string;
  readonly version: number;
  /** The file with every span a document offset; made when first read. */
  readonly file: MmqFile;
  /** The rules alone, without the rest of the file. */
  readonly rules: readonly Rule[];
  readonly lines: LineIndex;
  /** Computed on first use: completion and hover do not need them. */
  readonly diagnostics: () => readonly QueryDiagnostic[];
  /** What the next version's analysis is made from. */
  readonly core: FileAnalysis;
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

function analysisOf(uri: string, version: number, core: FileAnalysis, lines: LineIndex): Analysis {
  return {
    uri,
    version,
    get file() {
      return core.file;
    },
    get rules() {
      return core.rules;
    },
    lines,
    diagnostics: () => core.diagnostics(),
    core,
  };
}

/** The analysis of `text`; from `previous` (an earlier version of the same document) if given. */
export function analyse(uri: string, version: number, text: string, previous?: Analysis): Analysis {
  if (!previous) {
    return analysisOf(uri, version, FileAnalysis.of(text, fileNameOf(uri)), new LineIndex(text));
  }
  const core = previous.core.edited(text);
  if (core === previous.core) return analysisOf(uri, version, core, previous.lines);
  const lines = core.change ? previous.lines.edited(text, core.change) : new LineIndex(text);
  return analysisOf(uri, version, core, lines);
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
    const analysis = analyse(uri, version, text, cached?.analysis);
    this.entries.set(uri, { text, analysis });
    return analysis;
  }

  delete(uri: string): void {
    this.entries.delete(uri);
  }
}
