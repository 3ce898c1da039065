// The file level of a `.mmq` file (spec/query-language.md §1): rule headers, comments,
// annotations, and each rule's query parsed in place so that every span is a document offset.
// The work is done per segment (segment.ts) by FileAnalysis; this is its file as data.
import type { MmqFile } from './ast';
import { FileAnalysis } from './fileAnalysis';

export { KNOWN_ANNOTATIONS } from './annotations';

export function parseFile(text: string, fileName: string): MmqFile {
  return FileAnalysis.of(text, fileName).file;
}
