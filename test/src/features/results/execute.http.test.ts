// Running a rule against the sandbox as the results panel does (src/results/, VS Code-free):
// what the panel is sent, the documents kept for "open as JSON", the CSV that "Export" saves,
// the curl line, and the drill-down's narrowed queries.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { analyzeQuery } from '../../../../core/query/analysis';
import { drillClause, narrowed } from '../../../../core/query/drill';
import { readToPanel } from '../../../../media/results/protocol';
import { costOf, execute, requestLineOf } from '../../../../src/features/results/execute';
import { viewToCsv } from '../../../../src/features/results/exportData';
import { FIRST_PAGE, type RunSpec } from '../../../../src/features/results/runSpec';
import { fixture, TOKEN, type Fixture } from '../../../support/sandboxClient';

/** The variable the extension's curl commands read a service's token from. */
const VARIABLE = 'MEDIA_MONITORING_TOKEN';

/** The arguments a POSIX shell passes to curl for `command`, with `environment` set. */
function curlArguments(command: string, environment: Record<string, string>): string[] {
  const output = execFileSync('sh', ['-c', `curl() { printf '%s\\0' "$@"; }\n${command}`], {
    env: { ...process.env, ...environment },
  });
  return output.toString('utf8').split('\0').slice(0, -1);
}

/** The URL curl asks for with those arguments: `-G` adds each `--data-urlencode` to the query. */
function requestedUrl(args: readonly string[]): string {
  const [first, url, option, data] = args;
  if (args.length === 1 && first) return first;
  assert.deepEqual([first, option, args.length], ['-G', '--data-urlencode', 4]);
  const equals = data!.indexOf('=');
  const encoded = `${data!.slice(0, equals)}=${encodeURIComponent(data!.slice(equals + 1))}`;
  return `${url}${url!.includes('?') ? '&' : '?'}${encoded}`;
}

const PROJECT = { kind: 'project', id: '7c1e-demo', name: 'Acme brand monitoring' } as const;
const run = (spec: Partial<RunSpec> & Pick<RunSpec, 'request'>): RunSpec => ({
  title: 'acme-core',
  query: 'acme OR globex',
  target: { kind: 'global' },
  ...spec,
});

describe('running a rule for the results panel, against the sandbox', () => {
  let f: Fixture;
  before(async () => {
    f = await fixture();
  });
  after(() => f.close());

  const panelMessage = (view: unknown) =>
    readToPanel({
      type: 'show',
      run: {
        id: '1',
        title: 't',
        query: 'q',
        target: { kind: 'global' },
        credits: 10,
        sandbox: true,
        at: 0,
      },
      view,
    });

  it('a global time histogram with a breakdown: a view the panel’s own check accepts', async () => {
    const { view } = await execute(
      f.client,
      run({
        request: {
          kind: 'histogram',
          histogramType: 'published',
          parameters: { time_range: '2d', interval: 'hour', breakdown: 'sentiment' },
        },
      }),
    );
    assert.equal(view.kind, 'histogram');
    assert.ok(view.kind === 'histogram');
    assert.deepEqual(view.result.header?.v, ['POSITIVE', 'NEUTRAL', 'NEGATIVE']);
    assert.ok(view.result.data.length > 24);
    assert.equal(panelMessage(view).ok, true);
  });

  it('results of a project: the panel’s documents, the API’s kept, the total; top influencers', async () => {
    const executed = await execute(
      f.client,
      run({
        target: PROJECT,
        query: 'acme',
        request: { kind: 'results', parameters: { ...FIRST_PAGE, hpp: 5 } },
      }),
    );
    assert.ok(executed.view.kind === 'results');
    assert.equal(executed.view.documents.length, executed.documents.length);
    assert.ok(executed.view.total >= executed.view.documents.length);
    assert.equal(executed.view.documents[0]?.url, executed.documents[0]?.data.url);
    assert.equal(panelMessage(executed.view).ok, true);
    const influencers = await execute(
      f.client,
      run({
        target: PROJECT,
        query: 'acme',
        request: { kind: 'influencers', parameters: { top_n: 5 } },
      }),
    );
    assert.ok(influencers.view.kind === 'influencers');
    assert.equal(panelMessage(influencers.view).ok, true);
  });

  it('results over global data, without a project: a page, the next page, the total, the credits', async () => {
    const used = async () =>
      (await f.client.credits.get()).result_creditinfo.used_credits_monthly ?? NaN;
    const before = await used();
    const page = (offset: number) =>
      execute(
        f.client,
        run({ request: { kind: 'results', parameters: { ...FIRST_PAGE, hpp: 10, offset } } }),
      );
    const first = await page(0);
    const second = await page(10);
    assert.ok(first.view.kind === 'results' && second.view.kind === 'results');
    // The sandbox's 30 documents all mention Acme or Globex, all within the last 30 days.
    assert.equal(first.view.total, 30);
    assert.equal(second.view.total, 30);
    assert.equal(first.view.documents.length, 10);
    assert.equal(second.view.documents.length, 10);
    const urls = ({ documents }: typeof first) => documents.map((document) => document.data.url);
    assert.deepEqual(
      urls(first).filter((url) => urls(second).includes(url)),
      [],
      'page 2 holds other documents',
    );
    // Sorted by engagement, descending, across the pages.
    const engagement = [...first.documents, ...second.documents].map(
      (document) => document.data.engagement ?? 0,
    );
    assert.deepEqual(
      engagement,
      [...engagement].sort((a, b) => b - a),
    );
    assert.equal(panelMessage(second.view).ok, true);
    // Export → CSV: a header and a row per document shown, the first the most engaging.
    const csv = viewToCsv(first.view).trim().split('\r\n');
    assert.equal(csv.length, 11);
    assert.ok(csv[1]?.includes(`,${first.documents[0]?.data.url ?? '-'},`), csv[1]);
    // 10 credits a call and 1 a result, as the confirmation said it could cost at most.
    assert.equal((await used()) - before, 2 * (10 + 10));
    assert.deepEqual(costOf({ kind: 'results', parameters: { ...FIRST_PAGE, hpp: 10 } }), {
      kind: 'results',
      hpp: 10,
    });
  });

  it('global results send no project scope, and copy as curl shows the global request', async () => {
    const spec = run({
      request: { kind: 'results', parameters: { ...FIRST_PAGE, hpp: 5, topic: ['t-acme'] } },
    });
    const { view } = await execute(f.client, spec);
    assert.ok(view.kind === 'results');
    assert.equal(view.parameters.topic, undefined);
    assert.equal(view.documents.length, 5);
    const curl = f.client.curl(requestLineOf(spec), { kind: 'variable', name: VARIABLE });
    assert.match(curl, /^curl -G 'http:\/\/127\.0\.0\.1:\d+\/api\/v1\/search\/results\?/);
    assert.match(curl, /q=acme(\+|%20)OR(\+|%20)globex/);
    assert.match(curl, /hpp=5/);
    assert.doesNotMatch(curl, /topic=/);
  });

  it('top influencers on global data say that they need a project', async () => {
    await assert.rejects(
      execute(f.client, run({ request: { kind: 'influencers', parameters: { top_n: 5 } } })),
      /Top influencers need a project: add \/\/ @project/,
    );
  });

  it('the CSV holds the table’s columns with the API’s numbers as the API gave them', async () => {
    const { view } = await execute(
      f.client,
      run({ request: { kind: 'histogram', histogramType: 'language', parameters: {} } }),
    );
    assert.ok(view.kind === 'histogram');
    const lines = viewToCsv(view).trim().split('\r\n');
    assert.equal(lines[0], 'Language (ISO code),Documents,Share of all');
    const total = view.result.total_hits ?? NaN;
    assert.deepEqual(
      lines.slice(1).map((line) => line.split(',').slice(1).map(Number)),
      view.result.data.map((bucket) => [bucket.v[0], (bucket.v[0] ?? NaN) / total]),
    );
  });

  const histogramSpec = run({
    target: PROJECT,
    request: { kind: 'histogram', histogramType: 'published', parameters: { interval: 'day' } },
  });

  /** The histogram the command gets once a shell ran it, with `environment` set. */
  async function answerOf(command: string, environment: Record<string, string> = {}) {
    const answer = await fetch(requestedUrl(curlArguments(command, environment)));
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  }

  it('copy as curl against the embedded sandbox: its token written, and the command gets the answer in a shell', async () => {
    const curl = f.client.curl(requestLineOf(histogramSpec), { kind: 'written' });
    assert.match(
      curl,
      /^curl 'http:\/\/127\.0\.0\.1:\d+\/api\/v1\/search\/p\/7c1e-demo\/histogram\/published\?/,
    );
    assert.match(curl, /interval=day/);
    assert.ok(curl.endsWith(`&access_token=${TOKEN}'`), curl);
    const { status, body } = await answerOf(curl);
    assert.equal(status, 200);
    assert.ok(body.result_histogram, JSON.stringify(body).slice(0, 200));
  });

  it('copy as curl against a service: no token, $MEDIA_MONITORING_TOKEN in its place, and the command gets the answer once that is set', async () => {
    const curl = f.client.curl(requestLineOf(histogramSpec), { kind: 'variable', name: VARIABLE });
    assert.ok(!curl.includes(TOKEN));
    assert.ok(curl.endsWith(` --data-urlencode "access_token=$${VARIABLE}"`), curl);
    const { status, body } = await answerOf(curl, { [VARIABLE]: TOKEN });
    assert.equal(status, 200);
    assert.ok(body.result_histogram, JSON.stringify(body).slice(0, 200));
    // Without it, the service says the token is missing.
    assert.equal((await answerOf(curl, { [VARIABLE]: '' })).body.status_code, '7');
  });

  it('a language bucket drills down to documents of that language only', async () => {
    const drill = drillClause({ kind: 'key', histogramType: 'language', key: 'de' });
    assert.ok('clause' in drill);
    const query = narrowed('acme OR globex', drill.clause);
    assert.deepEqual(
      analyzeQuery(query).filter((d) => d.severity === 'error'),
      [],
    );
    const { documents } = await execute(
      f.client,
      run({
        target: PROJECT,
        query,
        request: { kind: 'results', parameters: { ...FIRST_PAGE, hpp: 50 } },
      }),
    );
    assert.ok(documents.length > 0);
    assert.ok(documents.every((document) => document.data.lang === 'de'));
  });

  it('every slice clause is a valid query, or says why there is none', () => {
    const keys: [string, string][] = [
      ['language', 'en'],
      ['country', 'DE'],
      ['sentiment', 'POSITIVE'],
      ['gender', 'FEMALE'],
      ['gender', 'UNKNOWN'],
      ['sourcetype', 'ONLINENEWS'],
      ['hashtag', '#acme'],
      ['interest', 'interest-sports'],
      ['age', 'age-18-24'],
      ['emoji', '🚀'],
      ['theme_cloud', 'giant magnet'],
      ['source_city', 'x'],
    ];
    for (const [histogramType, key] of keys) {
      const drill = drillClause({ kind: 'key', histogramType, key });
      if ('unsupported' in drill) assert.match(drill.unsupported, /\S/);
      else
        assert.deepEqual(
          analyzeQuery(narrowed('acme', drill.clause)).filter((d) => d.severity === 'error'),
          [],
          `${histogramType} ${key}: ${drill.clause}`,
        );
    }
    const time = drillClause({
      kind: 'time',
      field: 'published',
      from: 1.7e12,
      to: 1.7e12 + 3_600_000,
    });
    assert.ok(
      'clause' in time &&
        analyzeQuery(narrowed('acme', time.clause)).every((d) => d.severity !== 'error'),
    );
  });
});
