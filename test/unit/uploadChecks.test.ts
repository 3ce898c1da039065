// The checks every document passes before anything is sent: the fields create requires, the
// types (converted to what the wire wants where they can be), custom fields of the template, the
// size, and the url in every mode.
import assert from 'node:assert/strict';
import { checkDocument, type CheckOptions, type FieldProblem } from '../../core/uploads/checks';
import { readRetryPlan, retryMode } from '../../core/uploads/retry';

const CREATE: CheckOptions = { mode: 'create' };
const GOOD = {
  url: 'https://news.acme.example/1',
  title: 'Title',
  content: 'Content',
  published: 1767312000000,
};

function problems(fields: Record<string, unknown>, options: CheckOptions = CREATE): string[] {
  const checked = checkDocument(fields, options);
  return checked.ok
    ? []
    : checked.problems.map((each: FieldProblem) => `${each.field}: ${each.message}`);
}

describe('upload checks', () => {
  it('a good document becomes the wire document: published and engagement as strings', () => {
    const checked = checkDocument(
      { ...GOOD, engagement: 12, rating: '4.5', extra: 'kept' },
      CREATE,
    );
    assert.ok(checked.ok);
    assert.deepEqual(checked.document, {
      ...GOOD,
      published: '1767312000000',
      engagement: '12',
      rating: 4.5,
      extra: 'kept',
    });
  });

  it('create requires url, title, content and published; update and upsert the url only', () => {
    assert.deepEqual(problems({}), [
      'url: is required: it identifies the document',
      'title: is required to create a document',
      'content: is required to create a document',
      'published: is required to create a document',
    ]);
    assert.deepEqual(problems({ url: GOOD.url, engagement: 3 }, { mode: 'update' }), []);
    assert.deepEqual(problems({ title: 'x' }, { mode: 'upsert' }), [
      'url: is required: it identifies the document',
    ]);
    assert.deepEqual(problems({ ...GOOD, url: '/relative' }), [
      'url: must be an absolute http or https address',
    ]);
  });

  it('published is epoch milliseconds: digits as text pass, a date or seconds are named with what they would be', () => {
    assert.deepEqual(problems({ ...GOOD, published: '1767312000000' }), []);
    assert.deepEqual(problems({ ...GOOD, published: '2026-01-02T00:00:00Z' }), [
      'published: must be a time in epoch milliseconds: "2026-01-02T00:00:00Z" is 1767312000000',
    ]);
    assert.deepEqual(problems({ ...GOOD, published: 1767312000 }), [
      'published: 1767312000 looks like epoch seconds: the API takes milliseconds (1767312000000?)',
    ]);
    assert.deepEqual(problems({ ...GOOD, published: 1.5e12 + 0.5 }), [
      'published: must be a time in epoch milliseconds (a whole number)',
    ]);
  });

  it('types: engagement and rating numbers, strings where the contract says so, each field named once', () => {
    assert.deepEqual(
      problems({ ...GOOD, engagement: 'many', rating: true, title: 7, label: [{ type: 1 }] }),
      [
        'engagement: must be a number',
        'rating: must be a number',
        'title: expected string, got number 7',
        'label.0.type: expected string, got number 1',
        'label.0.id: expected string, got nothing',
      ],
    );
  });

  it("custom fields: numbers, and only the template's metrics when they are known", () => {
    const known: CheckOptions = { mode: 'create', customMetrics: ['score', 'nps'] };
    assert.deepEqual(problems({ ...GOOD, custom: { score: 4 } }, known), []);
    assert.deepEqual(problems({ ...GOOD, custom: { scor: 4, nps: 'high' } }, known), [
      `custom.scor: neither the dataset's template nor the project has a custom metric "scor" (they have score, nps)`,
      'custom.nps: must be a number',
    ]);
    assert.deepEqual(problems({ ...GOOD, custom: { anything: 1 } }), []);
    assert.deepEqual(
      problems({ ...GOOD, custom: { x: 1 } }, { mode: 'create', customMetrics: [] }),
      [
        "custom.x: neither the dataset's template nor the project has custom metrics: add it as one first",
      ],
    );
    assert.deepEqual(problems({ ...GOOD, custom: [1] }), [
      'custom: must be an object of custom-field names to numbers',
    ]);
  });

  it('a document over 1 MiB as sent is refused before sending', () => {
    assert.deepEqual(problems({ ...GOOD, content: 'x'.repeat(1024 * 1024) }), [
      ': the document is 1,048,681 bytes: at most 1,048,576',
    ]);
  });
});

describe('retrying an upload', () => {
  function* chunks(text: string) {
    yield Buffer.from(text);
  }

  it('takes the lines an earlier report does not list as applied; an unknown create goes as upsert', async () => {
    const plan = await readRetryPlan(
      chunks(
        [
          '{"line":1,"url":"u1","outcome":"applied"}',
          '{"line":2,"url":"u2","outcome":"refused","status_code":"16"}',
          '',
          '{"line":4,"url":"u4","outcome":"unknown"}',
          '{"line":5,"outcome":"not-sent","message":"not sent: …"}',
        ].join('\n'),
      ),
    );
    assert.deepEqual([...plan.keys()], [2, 4, 5]);
    assert.equal(retryMode('create', plan.get(4)!), 'upsert');
    assert.equal(retryMode('create', plan.get(2)!), 'create');
    assert.equal(retryMode('update', plan.get(4)!), 'update');
    await assert.rejects(readRetryPlan(chunks('{"line":"1"}')), /line 1 is not a report line/);
  });
});
