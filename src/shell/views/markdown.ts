// Markdown built from strings the service provides (topic titles, ids), which must show exactly
// as they are in tooltips. No VS Code here, so it is unit-tested.

/**
 * Text shown literally in Markdown prose. CommonMark lets a backslash escape any ASCII
 * punctuation, so every one is escaped: none is left to start emphasis, a link, an entity
 * (`&amp;`), a strike-through or a list.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[!-/:-@[-`{-~]/g, '\\$&');
}

/**
 * Text as a Markdown code span, shown literally. Nothing inside is escaped, since a code span
 * shows backslashes as they are (`t\-rocket`); instead the fence is one backtick longer than the
 * longest run of backticks in the text, so none of them can close it.
 */
export function markdownCode(text: string): string {
  if (text === '') return '';
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  // CommonMark strips one space from each end of a span that starts and ends with one: a
  // backtick at an end is kept apart from the fence that way, and outer spaces survive.
  const pad = /^[` ]|[` ]$/.test(text) && text.trim() !== '' ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
