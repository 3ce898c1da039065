// The HTML of a webview panel: an empty page that loads one bundle of dist/media/ under a strict
// Content Security Policy. No VS Code import, so that the panel's browser tests build the same
// page the extension does.
//
// The policy allows nothing by default; scripts only with this page's nonce (no inline handlers,
// no eval), styles and images only from the extension's own files (`cspSource`), plus data: and
// blob: images for exports. Neither inline code nor eval is allowed, nor any remote content: what
// a document from the API holds can never run or load anything.

export interface PanelPage {
  /** The webview's `cspSource` (where its resources may come from). */
  readonly cspSource: string;
  /** A fresh random nonce for this page. */
  readonly nonce: string;
  /** The bundle's script and style sheet, as webview URIs. */
  readonly scriptUri: string;
  readonly styleUri: string;
  /** The page's title (for assistive technology). */
  readonly title: string;
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource}`,
    `img-src ${cspSource} data: blob:`,
    `font-src ${cspSource}`,
  ].join('; ');
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an HTML attribute or element: nothing in it is markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

export function panelHtml(page: PanelPage): string {
  const attribute = escapeHtml;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${attribute(contentSecurityPolicy(page.cspSource, page.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<link rel="stylesheet" href="${attribute(page.styleUri)}">
</head>
<body>
<main id="app"></main>
<script nonce="${attribute(page.nonce)}" src="${attribute(page.scriptUri)}"></script>
</body>
</html>
`;
}
