// One analysis per document version: every feature of a request reads the same analysis, and a
// document that did not change is never analysed twice. A new version is analysed from the
// previous one (FileAnalysis.editedBy): what changed is found from the pieces the two versions'
// texts do not share (documents/documentText.ts), only the rules it touched are read and parsed
// again, and positions are the text's own, so typing in a large file costs about one rule.
import type { MmqFile, Rule } from '../core/query/ast';
import type { QueryDiagnostic } from '../core/query/diagnostic';
import { FileAnalysis } from '../core/query/fileAnalysis';
import type { LinePositions } from '../core/query/lineIndex';
import { fileNameOf } from '../core/query/ruleId';
import type { DocumentText } from './documents/documentText';

export interface Analysis {
  readonly uri: string;
  readonly version: number;
  /** The file with every span a document offset; made when first read. */
  readonly file: MmqFile;
  /** The rules alone, without the rest of the file. */
  readonly rules: readonly Rule[];
  /** The version's text, in pieces. */
  readonly text: DocumentText;
  /** Offsets to positions and back: the text's. */
  readonly lines: LinePositions;
  /** Computed on first use: completion and hover do not need them. */
  readonly diagnostics: () => readonly QueryDiagnostic[];
  /** What the next version's analysis is made from. */
  readonly core: FileAnalysis;
}

function analysisOf(
  uri: string,
  version: number,
  core: FileAnalysis,
  text: DocumentText,
): Analysis {
  return {
    uri,
    version,
    get file() {
      return core.file;
    },
    get rules() {
      return core.rules;
    },
    text,
    lines: text,
    diagnostics: () => core.diagnostics(),
    core,
  };
}

/**
 * The analysis of `text`; from `previous` (an earlier version of the same document, or of another
 * document once at the same URI: what changed is found from the texts) if given.
 */
export function analyse(
  uri: string,
  version: number,
  text: DocumentText,
  previous?: Analysis,
): Analysis {
  const core = previous
    ? previous.core.editedBy(text, text.changeFrom(previous.text))
    : FileAnalysis.of(text, fileNameOf(uri));
  return analysisOf(uri, version, core, text);
}

export class AnalysisCache {
  private readonly entries = new Map<string, Analysis>();

  /**
   * The analysis of this text. The version alone does not identify it: an untitled document's
   * URI is reused once it is closed, and the new document starts again at version 1. A version's
   * text is one object, so comparing it is a pointer comparison when nothing changed.
   */
  get(uri: string, version: number, text: DocumentText): Analysis {
    const cached = this.entries.get(uri);
    if (cached && cached.version === version && cached.text === text) return cached;
    const analysis = analyse(uri, version, text, cached);
    this.entries.set(uri, analysis);
    return analysis;
  }

  delete(uri: string): void {
    this.entries.delete(uri);
  }
}
