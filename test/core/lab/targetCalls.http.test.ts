// The lab's calls for a rule's target against the sandbox over loopback HTTP: a project's topics
// narrow its counts, its theme cloud and its pages of results alike, so that the documents
// Compare lists and Why Not looks up are the ones the counts counted.
import assert from 'node:assert/strict';
import type { CountTarget } from '../../../core/lab/countSource';
import { lastDays } from '../../../core/lab/countWindow';
import { HistogramCounts } from '../../../core/lab/histogramCounts';
import { resultsOf } from '../../../core/lab/targetCalls';
import { themeTerms } from '../../../core/lab/themeCloud';
import { fixture, type Fixture } from '../../support/sandboxClient';

const WHOLE: CountTarget = { project: '7c1e-demo' };
/** The topic `t-acme` is `acme OR "acme corp"`: the fixture's 15 Acme stories of its 30. */
const ACME: CountTarget = { project: '7c1e-demo', topics: ['t-acme'] };

describe("the lab's calls for a target", () => {
  let f: Fixture;
  beforeEach(async () => {
    f = await fixture();
  });
  afterEach(() => f.close());

  it("a project's topics narrow its counts, theme cloud and result pages alike", async () => {
    const window = lastDays(7, Date.now());
    const count = (target: CountTarget) =>
      new HistogramCounts(f.client).count({ query: 'story', target, window });
    assert.equal(await count(WHOLE), 30);
    assert.equal(await count(ACME), 15);

    const titles = async (target: CountTarget) =>
      (await resultsOf(f.client, target, { q: 'story', hpp: 50 })).result_content.data.map(
        (result) => result.data.title ?? '',
      );
    const acmeTitles = await titles(ACME);
    assert.equal(acmeTitles.length, 15, 'the page holds what the count counted');
    assert.ok(acmeTitles.every((title) => title.startsWith('Acme story')));
    assert.equal((await titles(WHOLE)).length, 30);

    const terms = async (target: CountTarget) =>
      (await themeTerms(f.client, 'story', target, window, 'normal')).map((theme) => theme.term);
    assert.ok((await terms(WHOLE)).includes('globex'));
    assert.ok(!(await terms(ACME)).includes('globex'), 'no term of the documents left out');
  });
});
