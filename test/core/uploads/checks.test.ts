// The checks every document passes before anything is sent: the fields create requires, the
// types (converted to what the wire wants where they can be), custom fields of the template, the
// size, and the url in every mode.
import assert from 'node:assert/strict';
import { checkDocument, type CheckOptions, type FieldProblem } from '../../../core/uploads/checks';
import { readJson } from '../../../core/uploads/jsonFile';
import { prepare } from '../../../core/uploads/prepare';
import { readRetryPlan, retryMode } from '../../../core/uploads/retry';

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
    const entry = (line: number) => {
      const found = plan.entryFor(line, line);
      assert.ok(found !== 'applied' && found !== 'unreadable');
      return found;
    };
    assert.equal(plan.entryFor(1, 1), 'applied');
    assert.deepEqual(
      [2, 3, 4, 5, 6].map((line) => entry(line).outcome),
      ['refused', 'unlisted', 'unknown', 'not-sent', 'unlisted'],
    );
    assert.equal(retryMode('create', entry(4)), 'upsert');
    assert.equal(retryMode('create', entry(3)), 'upsert');
    assert.equal(retryMode('create', entry(2)), 'create');
    assert.equal(retryMode('update', entry(4)), 'update');
    await assert.rejects(readRetryPlan(chunks('{"line":"1"}\n')), /line 1 is not a report line/);
    // A file that is no report is refused, not read as an empty one (every document re-sent).
    await assert.rejects(readRetryPlan(chunks('not a report')), /line 1 is not a report line/);
  });

  it("reads a killed upload's journal: the latest line of a document counts, a torn last line is ignored", async () => {
    const plan = await readRetryPlan(
      chunks(
        [
          '{"line":1,"position":1,"url":"u1","outcome":"unknown","sending":true}',
          '{"line":1,"position":2,"url":"u2","outcome":"unknown","sending":true}',
          '{"line":1,"position":1,"url":"u1","outcome":"applied"}',
          '{"line":1,"position":2,"url":"u2","outcome":"refused"}',
          '{"line":1,"position":3,"url":"u3","outcome":"unknown","sending":true}',
          '{"line":1,"position":4,"url":"u4","outc',
        ].join('\n'),
      ),
    );
    assert.equal(plan.entryFor(1, 1), 'applied');
    assert.deepEqual(plan.entryFor(2, 1), { line: 1, url: 'u2', outcome: 'refused' });
    assert.deepEqual(plan.entryFor(3, 1), { line: 1, url: 'u3', outcome: 'unknown' });
    assert.deepEqual(plan.entryFor(4, 1), { outcome: 'unlisted' });
    // Torn in the middle is not a kill's mark: the report is refused.
    await assert.rejects(
      readRetryPlan(chunks('{"line":1,"outc\n{"line":2,"outcome":"applied"}\n')),
      /line 1 is not a report line/,
    );
  });

  it('a JSON array on one line: each element retried by its position, the applied ones not', async () => {
    const documents = [1, 2, 3, 4].map((n) => ({ ...GOOD, url: `https://news.acme.example/${n}` }));
    const report = [
      { line: 1, position: 1, url: documents[0]!.url, outcome: 'applied' },
      { line: 1, position: 2, url: documents[1]!.url, outcome: 'refused' },
      { line: 1, position: 3, url: documents[2]!.url, outcome: 'applied' },
    ];
    const retry = await readRetryPlan(
      chunks(report.map((line) => JSON.stringify(line)).join('\n') + '\n'),
    );
    const sent: string[] = [];
    for await (const { prepared } of prepare(readJson(chunks(JSON.stringify(documents))), {
      mode: 'create',
      retry,
    }))
      sent.push(
        prepared.kind === 'send'
          ? `${prepared.position} ${Object.keys(prepared.entry)[0]}`
          : `${prepared.position} ${prepared.message}`,
      );
    // The refused one in its mode; the one the report never listed as upsert (it may be there).
    assert.deepEqual(sent, ['2 create', '4 upsert']);
  });
});
