// The rule id of a file without headers (spec/query-language.md §1).

/** The file name without directories and without `.mmq`. */
export function ruleIdFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return base.replace(/\.mmq$/i, '');
}

/**
 * The file name part of a URI, which names the rule of a header-less file: after the last `/`,
 * or after the scheme of a URI without a path (`untitled:Untitled-1`, a new file in the editor,
 * is `Untitled-1`, as the editor names it).
 */
export function fileNameOf(uri: string): string {
  const encoded = uri.replace(/[?#].*$/, '').replace(/^[a-z][a-z0-9+.-]*:/i, '');
  const name = encoded.slice(encoded.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    // A malformed escape in a client's URI names the rule as written rather than fail requests.
    return name;
  }
}
