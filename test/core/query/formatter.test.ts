import assert from 'node:assert/strict';
import type { TextEdit } from '../../../core/query/diagnostic';
import { formatEdits, formatFile, formatRange } from '../../../core/query/formatter';

/** Formats, and checks on the way that formatting the result again changes nothing. */
function format(text: string, options: { lineWidth?: number; indent?: string } = {}): string {
  const once = formatFile(text, 'brand.mmq', options);
  assert.equal(formatFile(once, 'brand.mmq', options), once, 'formatting is not idempotent');
  return once;
}

function lines(...all: string[]): string {
  return `${all.join('\n')}\n`;
}

function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let output = text;
  for (const edit of [...edits].sort((a, b) => b.span.start - a.span.start))
    output = output.slice(0, edit.span.start) + edit.newText + output.slice(edit.span.end);
  return output;
}

const words = (count: number, prefix = 'word'): string[] =>
  Array.from({ length: count }, (_, index) => `${prefix}${index}`);

describe('formatter', () => {
  describe('spacing', () => {
    it('puts one blank around operators and none inside parentheses', () => {
      assert.equal(
        format('###   brand   // main\n(  acme   OR "acme corp" )  AND   NOT lang:fr\n'),
        lines('### brand // main', '(acme OR "acme corp") AND NOT lang:fr'),
      );
    });

    it('keeps a lower-case `and` (a search word) and implicit AND as written', () => {
      assert.equal(
        format('### r\nrock   and   roll  chocolate   -swiss\n'),
        lines('### r', 'rock and roll chocolate -swiss'),
      );
    });

    it('keeps prefixes, fields, wildcards, fuzzy terms and proximity exactly as written', () => {
      const query = '+"L\'Oréal" ++Acme title:"car sharing"~3 luxemb* roam~1 a ONEAR/3 (b OR c)';
      assert.equal(format(`### r\n${query}\n`), lines('### r', query));
    });

    it('joins a phrase written over several lines as the service reads it', () => {
      assert.equal(
        format('### r\n"acme\n    corp"  OR foo\n'),
        lines('### r', '"acme corp" OR foo'),
      );
    });

    it('joins a short rule written over several lines onto one line', () => {
      assert.equal(
        format('### r\n(acme OR "acme corp")\n   AND NOT lang:fr\n  AND sourcetype:ONLINENEWS\n'),
        lines('### r', '(acme OR "acme corp") AND NOT lang:fr AND sourcetype:ONLINENEWS'),
      );
    });
  });

  describe('long rules', () => {
    it('puts each operand of a top-level OR on its own line, operator first', () => {
      const query = words(20).join(' OR ');
      assert.equal(
        format(`### r\n${query}\n`),
        lines(
          '### r',
          'word0',
          ...words(20)
            .slice(1)
            .map((word) => `OR ${word}`),
        ),
      );
    });

    it('indents a group one level per nesting and closes it on its own line', () => {
      const inner = words(6).join(' OR ');
      assert.equal(
        format(`### r\ncar AND (${inner} OR (x AND (y OR z))) -spam\n`, { lineWidth: 40 }),
        lines(
          '### r',
          'car',
          'AND (',
          '  word0',
          '  OR word1',
          '  OR word2',
          '  OR word3',
          '  OR word4',
          '  OR word5',
          '  OR (x AND (y OR z))',
          ')',
          '-spam',
        ),
      );
    });

    it('nests groups inside groups, each indented one more level', () => {
      const text = `### r\n(a OR (b AND (${words(8, 'x').join(' OR ')})))\n`;
      assert.equal(
        format(text, { lineWidth: 30, indent: '    ' }),
        lines(
          '### r',
          '(',
          '    a',
          '    OR (',
          '        b',
          '        AND (',
          '            x0',
          '            OR x1',
          '            OR x2',
          '            OR x3',
          '            OR x4',
          '            OR x5',
          '            OR x6',
          '            OR x7',
          '        )',
          '    )',
          ')',
        ),
      );
    });

    it('indents the continuation of an AND nested in an OR without parentheses', () => {
      assert.equal(
        format('### r\naaaaaaaa OR bbbbbbbb cccccccc dddddddd OR eeeeeeee\n', { lineWidth: 20 }),
        lines('### r', 'aaaaaaaa', 'OR bbbbbbbb', '  cccccccc', '  dddddddd', 'OR eeeeeeee'),
      );
    });

    it('honours the line width', () => {
      const query = words(8).join(' OR ');
      assert.equal(format(`### r\n${query}\n`, { lineWidth: query.length }), lines('### r', query));
      assert.notEqual(
        format(`### r\n${query}\n`, { lineWidth: query.length - 1 }),
        lines('### r', query),
      );
    });
  });

  describe('comments', () => {
    it('keeps an end-of-line comment after the operand it followed', () => {
      const query = `acme // the brand\nOR ${words(20).join(' OR ')} // the products`;
      const output = format(`### r\n${query}\n`);
      assert.match(output, /^acme \/\/ the brand$/m);
      assert.match(output, /^OR word19 \/\/ the products$/m);
    });

    it('keeps a whole-line comment on its own line before what it preceded', () => {
      assert.equal(
        format('### r\nacme OR\n// the products\nanvil OR rocket\n'),
        lines('### r', 'acme', '// the products', 'OR anvil', 'OR rocket'),
      );
    });

    it('keeps comments in their order around an operator with its own comment', () => {
      assert.equal(
        format('### r\nfoo OR // after or\n// before bar\nbar // after bar\nOR baz\n'),
        lines('### r', 'foo', 'OR // after or', '// before bar', 'bar // after bar', 'OR baz'),
      );
    });

    it('breaks the groups around a comment that something follows', () => {
      assert.equal(
        format('### r\n(a OR b // c\n) AND d\n'),
        lines('### r', '(', '  a', '  OR b // c', ')', 'AND d'),
      );
    });

    it('keeps a comment above `)` inside the group, indented with its content', () => {
      assert.equal(
        format('### r\n(a OR b\n// more to come\n) c\n'),
        lines('### r', '(', '  a', '  OR b', '  // more to come', ')', 'c'),
      );
    });

    it('keeps a short rule with a final comment on one line', () => {
      assert.equal(
        format('### r\nacme\n   OR   anvil    // both\n'),
        lines('### r', 'acme OR anvil // both'),
      );
    });

    it('keeps comments above and below a query, and a blank line that sets them apart', () => {
      assert.equal(
        format('### r\n\n// above\n\nacme\n// below\n\n\n// further below\n'),
        lines('### r', '// above', '', 'acme', '// below', '', '// further below'),
      );
    });

    it('keeps a comment paragraph written above a header attached to it', () => {
      assert.equal(
        format('### a\nfoo\n\n// about b\n### b\nbar\n'),
        lines('### a', 'foo', '', '// about b', '### b', 'bar'),
      );
      assert.equal(
        format('### a\nfoo\n// about foo\n### b\nbar\n'),
        lines('### a', 'foo', '// about foo', '', '### b', 'bar'),
      );
    });

    it('keeps annotations and normalises blank lines in the preamble', () => {
      assert.equal(
        format('\n\n// @stream s1\n\n\n   // @project p1\n\n\n### r\nacme\n'),
        lines('// @stream s1', '', '// @project p1', '', '### r', 'acme'),
      );
    });

    it('keeps the annotations of a file without headers above its query', () => {
      assert.equal(
        format('// @stream s1\n\nacme    OR   anvil\n'),
        lines('// @stream s1', '', 'acme OR anvil'),
      );
    });
  });

  describe('file layout', () => {
    it('normalises headers, keeping their comment', () => {
      assert.equal(
        format('   ###    a   \nfoo\n###b   //  c  \nbar\n'),
        lines('### a', 'foo', '', '### b //  c', 'bar'),
      );
    });

    it('puts exactly one blank line between rules and one line break at the end', () => {
      assert.equal(
        format('### a\nfoo\n### b\n\n\n\nbar\n\n\n\n'),
        lines('### a', 'foo', '', '### b', 'bar'),
      );
      assert.equal(format('### a\nfoo'), lines('### a', 'foo'));
    });

    it('keeps CRLF line breaks', () => {
      assert.equal(
        format('### a\r\n(  foo OR bar )\r\n### b\r\n// c\r\nbaz\r\n'),
        '### a\r\n(foo OR bar)\r\n\r\n### b\r\n// c\r\nbaz\r\n',
      );
      const long = format(`### a\r\n${words(30).join(' OR ')}\r\n`);
      assert.doesNotMatch(long.replace(/\r\n/g, ''), /[\r\n]/);
    });

    it('formats an empty file to an empty file', () => {
      assert.equal(format(''), '');
      assert.equal(format('\n\n  \n'), '');
    });
  });

  describe('what it leaves alone', () => {
    it('leaves a rule with syntax errors exactly as written', () => {
      const broken = '###  broken\n(acme   OR\n    anvil  AND';
      assert.equal(
        format(`${broken}\n\n\n### ok\nfoo   OR bar\n`),
        `${broken}\n\n### ok\nfoo OR bar\n`,
      );
    });

    it('leaves a header with more than an id as written', () => {
      assert.equal(format('### a b\nfoo  OR  bar\n'), lines('### a b', 'foo OR bar'));
    });

    it('leaves text before the first header as written', () => {
      assert.equal(format('stray   text\n### a\nfoo\n'), lines('stray   text', '', '### a', 'foo'));
    });

    it('keeps a rule as written when a line break would turn a term into a header', () => {
      const text = 'aaaaaaaaaa bbbbbbbbbbbbb ###ccc dddddddddddd eeeeeeeeeeeee ffffffffff\n';
      assert.equal(format(text, { lineWidth: 40 }), text);
    });
  });

  describe('edits', () => {
    const messy = '// @stream s\n\n### a\nfoo   OR bar\n### b\nclean\n\n### c\n(  x )\n';

    it('formatEdits turns the document into formatFile’s output, touching only what changes', () => {
      const edits = formatEdits(messy, 'x.mmq');
      assert.equal(applyEdits(messy, edits), formatFile(messy, 'x.mmq'));
      assert.ok(
        edits.every((edit) => edit.newText.length < 10),
        JSON.stringify(edits),
      );
      assert.deepEqual(formatEdits(formatFile(messy, 'x.mmq'), 'x.mmq'), []);
    });

    it('formatRange formats only the rules the range touches', () => {
      const start = messy.indexOf('(  x');
      const edits = formatRange(messy, 'x.mmq', { start, end: start + 1 });
      assert.equal(applyEdits(messy, edits), messy.replace('(  x )', '(x)'));
      for (const edit of edits) assert.ok(edit.span.start >= messy.indexOf('### c'));
    });

    it('never splits a CRLF pair', () => {
      const text = '### a\r\nfoo\r\n\r\n\r\n### b\r\nbar\r\n';
      for (const edit of formatEdits(text, 'x.mmq')) {
        assert.notEqual(text[edit.span.start - 1], '\r');
        assert.notEqual(text[edit.span.end - 1], '\r');
      }
      assert.equal(
        applyEdits(text, formatEdits(text, 'x.mmq')),
        '### a\r\nfoo\r\n\r\n### b\r\nbar\r\n',
      );
    });
  });
});
