// A link to a document's or an influencer's address: an anchor only for http and https (the
// extension opens it through VS Code; webviews cannot), plain text for anything else, so a
// `javascript:` URL from the API is never clickable.
import type { FromPanel } from './protocol';
import { el, safeHref, type Child } from '../shared/dom';

export function externalLink(
  url: string | undefined,
  content: Child,
  post: (message: FromPanel) => void,
  label?: string,
): HTMLElement {
  const href = safeHref(url);
  if (!href)
    return el(
      'span',
      { className: 'no-link', attributes: { title: 'Not a web address: not opened' } },
      content,
    );
  const anchor = el(
    'a',
    {
      className: 'external',
      // The label, when given, is the whole name too, which a cut cell may not show.
      attributes: { title: label ?? url, ...(label ? { 'aria-label': label } : {}) },
      listeners: {
        click: (event) => {
          event.preventDefault();
          post({ type: 'openUrl', url: href });
        },
      },
    },
    content,
  );
  // Set as a property after the check (el() refuses href attributes on purpose).
  anchor.href = href;
  return anchor;
}
