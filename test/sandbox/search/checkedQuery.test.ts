// Queries sent to the sandbox, checked as the service checks them: a text checked lately is
// answered with the same tree, and a refused one is refused every time, naming its rule.
import assert from 'node:assert/strict';
import { checkedQuery } from '../../../sandbox/search/checkedQuery';
import { ApiFailure } from '../../../sandbox/http/failure';

describe('checked queries', () => {
  it('answers a text checked lately with the same tree, and forgets the least recent', () => {
    const first = checkedQuery('acme OR globex');
    assert.ok(first);
    assert.equal(checkedQuery('acme OR globex'), first);
    for (let index = 0; index < 300; index++) checkedQuery(`word${index}`);
    const again = checkedQuery('acme OR globex');
    assert.notEqual(again, first);
    assert.deepEqual(again, first);
  });

  it('refuses a bad query every time, naming the rule it is', () => {
    for (const rule of ['r1', 'r2']) {
      assert.throws(
        () => checkedQuery('acme AND (', rule),
        (error: unknown) =>
          error instanceof ApiFailure &&
          new RegExp(`^Rule ${rule}: query parse`).test(error.message),
      );
    }
    assert.throws(() => checkedQuery('acme AND ('), /Query parse error at character 10/);
  });
});
