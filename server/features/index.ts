// Every language feature, loaded as one bundle (dist/serverFeatures.js) on the first request that
// needs one, so that the server answers `initialize` before the language core is loaded.
// Each is a plain function of an Analysis (see analysisCache.ts), callable without a connection.
export { analyse, AnalysisCache } from '../analysisCache';
export { codeActions } from './codeActions';
export { annotatedProject, completionNeedsProjectContext, completions } from './completion';
export { lspDiagnostics } from './diagnostics';
export { formatDocument, formatDocumentRange } from './formatting';
export { hover } from './hover';
export { documentSymbols, foldingRanges } from './outline';
export { semanticTokens } from './semanticTokens';
export { TokenResults } from './tokenResults';
export { fileRules } from './rules';
export { checkQuery } from './checkQuery';
