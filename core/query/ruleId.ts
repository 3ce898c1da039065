// The rule id of a file without headers (spec/query-language.md §1).

/** The file name without directories and without `.mmq`. */
export function ruleIdFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return base.replace(/\.mmq$/i, '');
}
