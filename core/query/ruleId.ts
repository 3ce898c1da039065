// The rule id of a file without headers (spec/query-language.md §1).

/** The file name without directories and without `.mmq`. */
export function ruleIdFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return base.replace(/\.mmq$/i, '');
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
