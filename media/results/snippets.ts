// The service marks matched words in snippets with <b>…</b> (api.md "Stream result document").
// That mark, and nothing else, is read: the rest, other tags and entities included, stays the
// text it is. Pure, so the parsing is tested without a page.

export interface Segment {
  readonly text: string;
  readonly marked: boolean;
}

const MARK = /<(\/?)b>/gi;

export function snippetSegments(snippet: string): Segment[] {
  const segments: Segment[] = [];
  const push = (text: string, marked: boolean) => {
    if (text === '') return;
    const last = segments[segments.length - 1];
    if (last && last.marked === marked)
      segments[segments.length - 1] = { text: last.text + text, marked };
    else segments.push({ text, marked });
  };
  let marked = false;
  let from = 0;
  for (const match of snippet.matchAll(MARK)) {
    push(snippet.slice(from, match.index), marked);
    marked = match[1] !== '/';
    from = match.index + match[0].length;
  }
  push(snippet.slice(from), marked);
  return segments;
}
