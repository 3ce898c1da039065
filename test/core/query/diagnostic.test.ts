// One positive and one negative case for every diagnostic code of spec §4, asserting code,
// severity, message and the exact text each diagnostic covers.
import assert from 'node:assert/strict';
import { analyzeQuery } from '../../../core/query/analysis';
import { DIAGNOSTIC_CODES } from '../../../core/query/diagnostic';
import { applyTextEdits, covered, diagnose, orOf, withCode } from './support/analysis';

function only<T>(items: readonly T[]): T {
  assert.equal(items.length, 1, `expected exactly one, got ${JSON.stringify(items, null, 1)}`);
  return items[0] as T;
}

describe('diagnostic codes', () => {
  describe('syntax', () => {
    it('reports an unclosed group, a missing operand and a stray parenthesis in one rule', () => {
      const text = '### r\n(acme OR rocket AND ) anvil)\n';
      const found = withCode(text, 'syntax');
      assert.ok(found.length >= 2, JSON.stringify(found));
      assert.ok(
        found.every((diagnostic) => diagnostic.severity === 'error' && diagnostic.rule === 'r'),
      );
      assert.ok(
        found.some(
          (diagnostic) =>
            covered(text, diagnostic) === 'AND' &&
            /needs an operand after it/.test(diagnostic.message),
        ),
      );
      assert.ok(
        found.some(
          (diagnostic) =>
            covered(text, diagnostic) === ')' && /unbalanced/.test(diagnostic.message),
        ),
      );
    });
    it('reports a phrase without its closing quote', () => {
      const text = '### r\nacme "giant magnet\n';
      const diagnostic = only(withCode(text, 'syntax'));
      assert.equal(covered(text, diagnostic), '"giant magnet');
      assert.match(diagnostic.message, /closing `"`/);
    });
    it('reports a field with no value', () => {
      const text = '### r\nacme lang: en\n';
      const diagnostic = only(withCode(text, 'syntax'));
      assert.equal(covered(text, diagnostic), 'lang:');
      assert.match(diagnostic.message, /needs a value/);
    });
    it('accepts every construct of the syntax', () => {
      const text = `### r\n(acme OR "acme corp") AND NOT lang:fr -swiss +"l'oréal" ++"L'Oréal" luxemb* reali?ation roam~1 carsharing~ "obama merkel"~5 ("car sharing"~ OR rocket) NEAR/3 anvil acme ONEAR/2 rocket acme SENTENCE rocket acme OSENTENCE rocket acme NEAR rocket published:>=1633039200000 title:"car sharing" #gdl @acme\n`;
      assert.deepEqual(withCode(text, 'syntax'), []);
    });
  });

  describe('operand-limit', () => {
    /** The diagnostic of spec §4's range, not its repeat on the header. */
    const crossing = (text: string) =>
      only(withCode(text, 'operand-limit').filter((diagnostic) => !diagnostic.repeat));
    it('covers the 51st operand to the end of the rule, with the count in the message', () => {
      const text = `### big\n${orOf(51)}\n`;
      const diagnostic = crossing(text);
      assert.equal(diagnostic.severity, 'error');
      assert.equal(diagnostic.rule, 'big');
      assert.equal(covered(text, diagnostic), 'w51');
      assert.match(diagnostic.message, /^51 operands/);
    });
    it('covers from the crossing operand to the last token across lines', () => {
      const text = `### big\n${orOf(49)}\nOR (x1 OR x2 OR x3)\n`;
      const diagnostic = crossing(text);
      assert.equal(covered(text, diagnostic), 'x2 OR x3)');
    });
    it('marks the header too, so the error shows where the rule starts', () => {
      const text = `// @stream s\n### acme // brand\n${orOf(30)}\n${orOf(30, 'x')}\n`;
      const [header, ...others] = withCode(text, 'operand-limit');
      assert.equal(others.length, 1, 'the crossing operand keeps its own');
      assert.ok(header?.repeat);
      assert.equal(covered(text, header), '### acme');
      assert.equal(header.severity, 'error');
      assert.equal(header.rule, 'acme');
      assert.equal(
        header.message,
        'rule acme has 60 operands (limit 50): split it into several rules (quick fix) or remove 10',
      );
    });
    it('has no header to mark in a file without headers, nor in a lone query', () => {
      assert.equal(withCode(orOf(60), 'operand-limit', 'brand.mmq').length, 1);
      assert.equal(analyzeQuery(orOf(60)).filter((d) => d.code === 'operand-limit').length, 1);
    });
    it('is silent at 50 operands', () => {
      assert.deepEqual(withCode(`### r\n${orOf(50)}\n`, 'operand-limit'), []);
    });
  });

  describe('near-limit', () => {
    it('informs at 45 operands on the rule id', () => {
      const text = `### close\n${orOf(45)}\n`;
      const diagnostic = only(withCode(text, 'near-limit'));
      assert.equal(diagnostic.severity, 'information');
      assert.equal(covered(text, diagnostic), 'close');
      assert.match(diagnostic.message, /45 of 50/);
    });
    it('still informs at 50 and not at 44 or 51', () => {
      assert.equal(withCode(`### r\n${orOf(50)}\n`, 'near-limit').length, 1);
      assert.deepEqual(withCode(`### r\n${orOf(44)}\n`, 'near-limit'), []);
      assert.deepEqual(withCode(`### r\n${orOf(51)}\n`, 'near-limit'), []);
    });
  });

  describe('length-limit', () => {
    it('reports a rule over 4,096 characters of query text', () => {
      const words = Array.from({ length: 40 }, (_, index) => `${'x'.repeat(100)}${index}`).join(
        ' OR ',
      );
      const text = `### long\n${words}\n`;
      const diagnostic = only(withCode(text, 'length-limit'));
      assert.equal(diagnostic.severity, 'error');
      assert.match(diagnostic.message, new RegExp(`^${words.length} characters`));
      assert.equal(covered(text, diagnostic), words);
    });
    it('does not count comments', () => {
      const text = `### r\nacme // ${'c'.repeat(5000)}\n`;
      assert.deepEqual(withCode(text, 'length-limit'), []);
    });
  });

  describe('leading-wildcard', () => {
    it('flags a wildcard at the start, a * inside a term, and a * in a phrase', () => {
      const text = '### r\n*acme OR ?cme OR ac*me OR "acme corp*" OR title:*car\n';
      const found = withCode(text, 'leading-wildcard');
      assert.deepEqual(
        found.map((diagnostic) => covered(text, diagnostic)),
        ['*acme', '?cme', 'ac*me', '"acme corp*"', '*car'],
      );
      assert.ok(found.every((diagnostic) => diagnostic.severity === 'error'));
    });
    it('accepts a trailing *, an inner ?, and a question mark ending a phrase word', () => {
      assert.deepEqual(
        withCode('### r\nluxemb* OR reali?ation OR "why?"\n', 'leading-wildcard'),
        [],
      );
    });
  });

  describe('short-wildcard', () => {
    it('warns about fewer than 3 characters before *', () => {
      const text = '### r\nab* OR acme\n';
      const diagnostic = only(withCode(text, 'short-wildcard'));
      assert.equal(diagnostic.severity, 'warning');
      assert.equal(covered(text, diagnostic), 'ab*');
    });
    it('accepts 3 characters before *', () => {
      assert.deepEqual(withCode('### r\nabc*\n', 'short-wildcard'), []);
    });
  });

  describe('unknown-field', () => {
    it('names the closest field and fixes it', () => {
      const text = '### r\nacme lnag:en\n';
      const diagnostic = only(withCode(text, 'unknown-field'));
      assert.equal(diagnostic.severity, 'error');
      assert.equal(covered(text, diagnostic), 'lnag');
      assert.match(diagnostic.message, /did you mean `lang`/);
      assert.equal(applyTextEdits(text, diagnostic.fixes()[0]!.edits), '### r\nacme lang:en\n');
    });
    it('treats upper-case field names as unknown and suggests the lower-case one', () => {
      const diagnostic = only(withCode('### r\nLang:en\n', 'unknown-field'));
      assert.match(diagnostic.message, /lower case: `lang`/);
    });
    it('knows every field of the table and custom metrics', () => {
      const text =
        '### r\ntitle:a content:b author:c authordescription:d authorshort:E author_id:"netA:1" source_id:"netB:2" mention:@x hashtag:#y lang:en sourcecountry:de authorcountry:fr sourcetype:BLOG posttype:TEXT sentiment:positive gender:female domainurl:x.com hosturl:a.x.com site:x.com url:x.com/a is:retweet contains:image device:BOT noisecategory:promotions demographic:age-18-24 image:scene-beach tag:123 customerentity:"Store:Berlin" custom.rating:>3 published:>1633039200000 indexed:>1633039200000 search_indexed:>1633039200000 engagement:>1 reach:>1 score:>5 word_count:>1 trending_score:>1\n';
      assert.deepEqual(
        diagnose(text).filter(
          (diagnostic) => diagnostic.severity === 'error' || diagnostic.severity === 'warning',
        ),
        [],
      );
    });
  });

  describe('invalid-value', () => {
    it('rejects values outside a closed set and suggests the intended one', () => {
      const text = '### r\nlang:english sourcetype:NEWS sourcetype:onlinenews lang:EN\n';
      const found = withCode(text, 'invalid-value');
      assert.deepEqual(
        found.map((diagnostic) => covered(text, diagnostic)),
        ['english', 'NEWS', 'onlinenews', 'EN'],
      );
      assert.deepEqual(
        found.map((diagnostic) => diagnostic.fixes()[0]?.edits[0]?.newText),
        ['en', 'ONLINENEWS', 'ONLINENEWS', 'en'],
      );
    });
    it('accepts values of any case where the set says so', () => {
      assert.deepEqual(withCode('### r\nsentiment:NEGATIVE gender:Female\n', 'invalid-value'), []);
    });
    it('quotes an address holding a colon', () => {
      const text = '### r\nurl:http://x.y/z\n';
      const diagnostic = only(withCode(text, 'invalid-value'));
      assert.equal(
        applyTextEdits(text, diagnostic.fixes()[0]!.edits),
        '### r\nurl:"http://x.y/z"\n',
      );
      assert.deepEqual(withCode('### r\nurl:"http://x.y/z"\n', 'invalid-value'), []);
    });
  });

  describe('range-number', () => {
    it('rejects a comparison on a field without order, a non-number, and a score above 10', () => {
      const text = '### r\nlang:>5 engagement:>lots score:>11 reach:many\n';
      const found = withCode(text, 'range-number');
      assert.deepEqual(
        found.map((diagnostic) => covered(text, diagnostic)),
        ['>5', '>lots', '>11', 'many'],
      );
      assert.ok(found.every((diagnostic) => diagnostic.severity === 'error'));
    });
    it('accepts numeric comparisons', () => {
      assert.deepEqual(
        withCode('### r\nengagement:>=10 reach:<5000 score:7\n', 'range-number'),
        [],
      );
    });
  });

  describe('seconds-not-ms', () => {
    it('warns about epoch seconds and converts them to milliseconds', () => {
      const text = '### r\nacme published:>1633039200\n';
      const diagnostic = only(withCode(text, 'seconds-not-ms'));
      assert.equal(diagnostic.severity, 'warning');
      assert.equal(covered(text, diagnostic), '1633039200');
      assert.equal(
        applyTextEdits(text, diagnostic.fixes()[0]!.edits),
        '### r\nacme published:>1633039200000\n',
      );
    });
    it('accepts milliseconds', () => {
      assert.deepEqual(withCode('### r\nacme published:>1633039200000\n', 'seconds-not-ms'), []);
    });
  });

  describe('lowercase-operator', () => {
    it('warns about and, or, not, near/3 and offers both readings', () => {
      const text = '### r\nacme and rocket or anvil not magnet near/3 coyote\n';
      const found = withCode(text, 'lowercase-operator');
      assert.deepEqual(
        found.map((diagnostic) => covered(text, diagnostic)),
        ['and', 'or', 'not', 'near/3'],
      );
      assert.ok(found.every((diagnostic) => diagnostic.severity === 'warning'));
      const first = found[0]!;
      assert.equal(
        applyTextEdits(text, first.fixes().find((fix) => fix.preferred)!.edits),
        '### r\nacme AND rocket or anvil not magnet near/3 coyote\n',
      );
      assert.equal(
        applyTextEdits(text, first.fixes().find((fix) => !fix.preferred)!.edits),
        '### r\nacme "and" rocket or anvil not magnet near/3 coyote\n',
      );
    });
    it('leaves upper-case operators and quoted words alone', () => {
      assert.deepEqual(withCode('### r\nacme AND "and" ANDROID\n', 'lowercase-operator'), []);
    });
  });

  describe('mixed-and-or', () => {
    it('warns about AND and OR at one level, explicit or implicit, and adds the parentheses', () => {
      const text = '### r\nacme AND rocket OR anvil\n';
      const diagnostic = only(withCode(text, 'mixed-and-or'));
      assert.equal(diagnostic.severity, 'warning');
      assert.equal(covered(text, diagnostic), 'acme AND rocket');
      assert.match(diagnostic.message, /read as `\(acme AND rocket\) OR anvil`/);
      assert.equal(
        applyTextEdits(text, diagnostic.fixes()[0]!.edits),
        '### r\n(acme AND rocket) OR anvil\n',
      );
      assert.equal(withCode('### r\napple iphone OR ipad\n', 'mixed-and-or').length, 1);
    });
    it('is silent when parentheses say what is meant', () => {
      assert.deepEqual(withCode('### r\nacme AND (rocket OR anvil)\n', 'mixed-and-or'), []);
    });
  });

  describe('duplicate-operand', () => {
    it('hints at a repeated operand and removes it with its operator', () => {
      const text = '### r\nacme OR rocket OR ACME\n';
      const diagnostic = only(withCode(text, 'duplicate-operand'));
      assert.equal(diagnostic.severity, 'hint');
      assert.equal(covered(text, diagnostic), 'ACME');
      assert.equal(applyTextEdits(text, diagnostic.fixes()[0]!.edits), '### r\nacme OR rocket\n');
    });
    it('keeps case-sensitive exact strings apart', () => {
      assert.deepEqual(withCode('### r\n++"Acme" OR ++"acme"\n', 'duplicate-operand'), []);
    });
  });

  describe('file-structure', () => {
    it('reports text before the first header, an empty rule, a duplicate and an invalid id, with rule null or the rule', () => {
      const text = 'acme\n### one\n### two\nrocket\n### two\nanvil\n### bad!id\nx\n';
      const found = withCode(text, 'file-structure');
      assert.ok(found.every((diagnostic) => diagnostic.severity === 'error'));
      const messages = found.map((diagnostic) => [covered(text, diagnostic), diagnostic.rule]);
      assert.deepEqual(messages, [
        ['acme', null],
        ['### one', 'one'],
        ['two', 'two'],
        ['bad!id', 'bad!id'],
      ]);
    });
    it('accepts a file without headers as one rule named after the file', () => {
      assert.deepEqual(diagnose('// @stream s\nacme OR rocket\n', 'brand.mmq'), []);
    });
  });

  describe('unknown-annotation', () => {
    it('warns about an annotation other than @stream and @project', () => {
      const text = '// @colour red\n### r\nacme\n';
      const diagnostic = only(withCode(text, 'unknown-annotation'));
      assert.equal(diagnostic.severity, 'warning');
      assert.equal(covered(text, diagnostic), '@colour');
      assert.equal(diagnostic.rule, null);
    });
    it('accepts @stream and @project', () => {
      assert.deepEqual(diagnose('// @stream s\n// @project p\n### r\nacme\n'), []);
    });
  });

  it('covers every code of the table', () => {
    // Guard: a new code in diagnostic.ts needs a describe block above.
    assert.deepEqual(Object.keys(DIAGNOSTIC_CODES).sort(), [
      'duplicate-operand',
      'file-structure',
      'invalid-value',
      'leading-wildcard',
      'length-limit',
      'lowercase-operator',
      'mixed-and-or',
      'near-limit',
      'operand-limit',
      'range-number',
      'seconds-not-ms',
      'short-wildcard',
      'syntax',
      'unknown-annotation',
      'unknown-field',
    ]);
  });

  it('puts diagnostics of several rules in their own rules', () => {
    const text = '### a\nacme and rocket\n### b\nlang:xx\n';
    const found = diagnose(text);
    assert.deepEqual(
      found.map((diagnostic) => [diagnostic.code, diagnostic.rule]),
      [
        ['lowercase-operator', 'a'],
        ['invalid-value', 'b'],
      ],
    );
  });
});
