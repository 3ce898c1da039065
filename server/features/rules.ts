// The rules of a document for the extension's CodeLens and run commands (RulesRequest).
import { fileRulesOf, type FileRules } from '../../core/query/fileRules';
import type { Analysis } from '../analysisCache';

export function fileRules(analysis: Analysis): FileRules {
  return fileRulesOf(analysis, analysis.lines, analysis.version);
}
