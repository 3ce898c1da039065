// What pushing a .mmq file as a stream sends: the same for `mmq stream push` and the extension.
import assert from 'node:assert/strict';
import { parseFile } from '../../../core/query/file';
import { pushSourceOf, streamPushOf } from '../../../core/streams/streamPush';

const push = (text: string, stream?: string) =>
  streamPushOf(pushSourceOf(parseFile(text, 'f.mmq')), stream);

describe('a .mmq file pushed as a stream', () => {
  it('each rule is a stream rule: its id, its query without comments, lines joined', () => {
    assert.deepEqual(push('// @stream s1\n### a\nacme // x\n  OR globex\n\n### b\ninitech\n'), {
      ok: true,
      stream: 's1',
      rules: [
        { rule_id: 'a', query: 'acme OR globex' },
        { rule_id: 'b', query: 'initech' },
      ],
    });
  });

  it('a file without headers is one rule named after the file; a given stream wins', () => {
    assert.deepEqual(push('acme\n', 'mine'), {
      ok: true,
      stream: 'mine',
      rules: [{ rule_id: 'f', query: 'acme' }],
    });
  });

  it('says why when it cannot: no stream named, several, or no query at all', () => {
    const unnamed = push('acme\n');
    assert.ok(!unnamed.ok && /names no stream/.test(unnamed.problem));
    const several = push('// @stream a\n// @stream b\n### r\nacme\n');
    assert.ok(!several.ok && /several streams \(a, b\)/.test(several.problem));
    assert.ok(push('// @stream a\n// @stream b\n### r\nacme\n', 'b').ok);
    const empty = push('// @stream a\n### r\n// only a comment\n');
    assert.ok(!empty.ok && /no rule with a query/.test(empty.problem));
  });

  it('refuses ids the service does not take, naming each with a suggestion, before sending', () => {
    // A .mmq rule id may hold capitals and dots; a stream's ids are lower case (gaps.md).
    const capital = push('// @stream Brand.Watch\n### acme\nacme\n');
    assert.ok(!capital.ok);
    assert.match(
      capital.problem,
      /stream id "Brand\.Watch" is not an id the service takes.*"brand-watch"/,
    );
    const rules = push('// @stream brand\n### Acme.Core\nacme\n### ok_rule\nx\n### 9lives\ny\n');
    assert.ok(!rules.ok);
    assert.match(rules.problem, /^2 rule ids "Acme\.Core" .*"acme-core".*"9lives".*"x9lives"/);
    assert.ok(push('// @stream brand-watch_2\n### acme_core-1\nacme\n').ok);
  });
});
