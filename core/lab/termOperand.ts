// A term of the noise finder (a theme cloud's word or phrase) written as a query operand: a plain
// word stays as it is; anything the parser would read otherwise (two words, an operator such as
// `OR`, a leading `-`, a `:` that would make a field clause, quotes) becomes a quoted phrase, so
// that the rule gets exactly the text that was clicked.
import { parseQuery } from '../query/parser';

export function termOperand(term: string): string | null {
  const text = term.trim().replace(/\s+/g, ' ');
  if (text === '') return null;
  const { query, issues } = parseQuery(text);
  const plainWord =
    issues.length === 0 &&
    query?.kind === 'term' &&
    query.shape.form === 'word' &&
    query.exact === 'none';
  const wholePhrase = issues.length === 0 && query?.kind === 'phrase' && query.exact === 'none';
  if (plainWord || wholePhrase) return text;
  return `"${text.replace(/"/g, '\\"')}"`;
}
