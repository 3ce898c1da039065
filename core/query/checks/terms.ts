// Checks of single words and phrases: wildcards in the wrong place, wildcards too short to be
// useful, and operators written in lower case (which the service reads as search words).
import type { PhraseNode, QueryNode, TermNode } from '../ast';
import type { Draft } from './draft';

const LOWERCASE_OPERATOR = /^(and|or|not|o?near(\/\d+)?|o?sentence)$/i;

function wildcardProblems(term: TermNode): Draft[] {
  if (term.shape.form !== 'wildcard') return [];
  const text = term.text;
  const first = text[0];
  if (first === '*' || first === '?') {
    return [
      {
        code: 'leading-wildcard',
        message: `\`${term.raw}\` starts with a wildcard: put at least 3 characters before \`${first}\``,
        span: term.span,
      },
    ];
  }
  const star = text.indexOf('*');
  if (star >= 0 && star < text.length - 1) {
    return [
      {
        code: 'leading-wildcard',
        message: `\`${term.raw}\`: \`*\` may stand only at the end of a term; use \`?\` for one character inside it`,
        span: term.span,
      },
    ];
  }
  if (star === text.length - 1 && star < 3) {
    return [
      {
        code: 'short-wildcard',
        message: `\`${term.raw}\`: fewer than 3 characters before \`*\` match too many words; write more of the word`,
        span: term.span,
      },
    ];
  }
  return [];
}

/**
 * `*` in a phrase is always a mistake. `?` is a wildcard only inside a word ("reali?ation"); at
 * the end of a word ("why?") it is read as the question mark the user wants matched.
 */
function phraseProblems(phrase: PhraseNode): Draft[] {
  if (phrase.exact !== 'none') return [];
  if (/\*|\?(?=[\p{L}\p{N}])/u.test(phrase.text)) {
    return [
      {
        code: 'leading-wildcard',
        message:
          'a phrase cannot hold a wildcard: write the words out, or use separate terms joined by NEAR',
        span: phrase.span,
      },
    ];
  }
  return [];
}

function lowercaseOperator(term: TermNode): Draft[] {
  if (term.exact !== 'none' || !LOWERCASE_OPERATOR.test(term.raw)) return [];
  const upper = term.raw.toUpperCase();
  return [
    {
      code: 'lowercase-operator',
      message: `\`${term.raw}\` in lower case is a search word, not an operator: write \`${upper}\` for the operator, or \`"${term.raw}"\` for the word`,
      span: term.span,
      fixes: () => [
        {
          title: `Change \`${term.raw}\` to \`${upper}\``,
          edits: [{ span: term.span, newText: upper }],
          preferred: true,
        },
        {
          title: `Search for the word \`${term.raw}\``,
          edits: [{ span: term.span, newText: `"${term.raw}"` }],
          preferred: false,
        },
      ],
    },
  ];
}

/** Checks one node; field values are checked as terms too, but never as operators. */
export function checkTermLike(node: QueryNode): Draft[] {
  if (node.kind === 'term') return [...wildcardProblems(node), ...lowercaseOperator(node)];
  if (node.kind === 'phrase') return phraseProblems(node);
  if (node.kind === 'field' && node.value) {
    if (node.value.kind === 'term') return wildcardProblems(node.value);
    if (node.value.kind === 'phrase') return phraseProblems(node.value);
  }
  return [];
}
