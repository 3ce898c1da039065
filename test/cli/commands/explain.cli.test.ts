// `mmq explain` against a sandbox over loopback HTTP: the parts table of each rule from histogram
// counts, checked against the sandbox's own histogram; its estimate first, --max-credits refusing
// before any call, --fail-on for CI, and files with errors (hostile ones too) reported at their
// line with nothing counted.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { AnalyticsDocument } from '../../../sandbox/analytics/documentFields';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { mmq, orOfTerms, workspace } from '../support/mmq';

const TOKEN = 'cli-explain-token-0123';
const NOW = Date.now();
const HOUR = 3_600_000;
/** Who says what: alpha, bravo and charlie overlap; spam is in two; zulu in none. */
const CONTENTS = [
  'alpha',
  'alpha',
  'alpha bravo',
  'bravo',
  'bravo charlie',
  'charlie',
  'charlie',
  'charlie alpha',
  'alpha spam',
  'bravo spam',
  'delta',
];
const DOCUMENTS: AnalyticsDocument[] = CONTENTS.map((content, index) => ({
  url: `https://news.example/explain-${index}`,
  title: `story ${index}`,
  content,
  published: NOW - (index + 1) * HOUR,
}));

interface PartRecord {
  kind: string;
  text: string;
  range: { start: { line: number; character: number } };
  count?: number;
  only?: number;
  removed?: number;
  flags: string[];
}

interface RuleRecord {
  rule: string;
  total: number;
  window: { min: number; max: number; days: number };
  daily: { start: number; count: number }[];
  parts: PartRecord[];
  flags: { code: string; message: string }[];
}

const RULES = [
  '### abc',
  'alpha OR bravo OR charlie',
  '',
  '### clean',
  '(alpha OR bravo) AND NOT spam',
  '',
  '### dead',
  '(alpha OR bravo)',
  '  AND NOT zulu // nothing says zulu',
  '',
].join('\n');

describe('mmq explain', () => {
  let sandbox: RunningSandbox;
  let env: NodeJS.ProcessEnv;
  let rules: string;
  const requests: string[] = [];
  const histogramCalls = () => requests.filter((line) => line.includes('/histogram/')).length;

  /** The sandbox's own count of a query over a window: a direct histogram call. */
  async function histogramTotal(query: string, window: RuleRecord['window']): Promise<number> {
    const parameters = new URLSearchParams({
      q: query,
      min: String(window.min),
      max: String(window.max),
      interval: 'day',
      access_token: TOKEN,
    });
    const response = await fetch(
      `${sandbox.url}/api/v1/search/histogram/published?${parameters.toString()}`,
    );
    assert.equal(response.status, 200, await response.clone().text());
    const body = (await response.json()) as { result_histogram: { data: { v: number[] }[] } };
    return body.result_histogram.data.reduce((sum, bucket) => sum + (bucket.v[0] ?? 0), 0);
  }

  async function explainJson(args: readonly string[]): Promise<RuleRecord[]> {
    const result = await mmq(['explain', rules, '--format', 'json', ...args], { env });
    assert.equal(result.status, 0, result.stderr);
    return JSON.parse(result.stdout) as RuleRecord[];
  }

  before(async () => {
    sandbox = await startSandbox({
      token: 'unused-token',
      // No call limit: the test counts calls, it does not wait for the rate limit.
      unlimitedToken: TOKEN,
      docs: 0,
      rate: 0,
      documents: DOCUMENTS,
      log: (line) => requests.push(line),
    });
    env = { ...process.env, MEDIA_MONITORING_URL: sandbox.url, MEDIA_MONITORING_TOKEN: TOKEN };
    rules = join(await workspace({ 'rules.mmq': RULES }), 'rules.mmq');
  });
  after(() => sandbox.close());

  it('a OR b OR c: each part\'s "only" is the total minus the sandbox\'s count of the rule without it', async () => {
    const [abc] = await explainJson(['--rule', 'abc']);
    assert.ok(abc);
    assert.equal(abc.rule, 'abc');
    assert.equal(abc.total, await histogramTotal('alpha OR bravo OR charlie', abc.window));
    assert.equal(abc.total, 10);
    const without = {
      alpha: 'bravo OR charlie',
      bravo: 'alpha OR charlie',
      charlie: 'alpha OR bravo',
    } as const;
    assert.deepEqual(
      abc.parts.map((part) => part.text),
      ['alpha', 'bravo', 'charlie'],
    );
    for (const part of abc.parts) {
      const name = part.text as keyof typeof without;
      assert.equal(part.count, await histogramTotal(name, abc.window), name);
      assert.equal(
        part.only,
        abc.total - (await histogramTotal(without[name], abc.window)),
        `${name}: only = total − the rule without it`,
      );
    }
    // alpha alone brings 3 (two "alpha", "alpha spam"); bravo 2; charlie 2.
    assert.deepEqual(
      abc.parts.map((part) => part.only),
      [3, 2, 2],
    );
    assert.equal(abc.window.days, 7);
    assert.equal(
      abc.daily.reduce((sum, day) => sum + day.count, 0),
      abc.total,
    );
  });

  it('prints the estimate first, then the table; each query is one histogram call', async () => {
    const before = histogramCalls();
    const result = await mmq(['explain', rules, '--rule', 'abc'], { env });
    assert.equal(result.status, 0, result.stderr);
    assert.match(
      result.stderr.split('\n')[0] ?? '',
      /^mmq: explaining .*rules\.mmq costs credits: 7 histogram calls, 10 credits per call: 70 credits$/,
    );
    assert.match(
      result.stderr.split('\n')[1] ?? '',
      /^mmq: counting 7 queries over the last 7 days in global data$/,
    );
    assert.equal(histogramCalls() - before, 7);
    assert.match(result.stdout, /^abc \(.*rules\.mmq:1\): 10 in 7 d$/m);
    assert.match(result.stdout, /^ {2}operand +5 +3 only {2}alpha$/m);
  });

  it('flags a dead exclusion, and --fail-on dead-exclusion exits 1', async () => {
    const records = await explainJson([]);
    const dead = records.find((record) => record.rule === 'dead');
    const zulu = dead?.parts.find((part) => part.kind === 'exclusion');
    assert.deepEqual([zulu?.text, zulu?.removed, zulu?.flags], ['NOT zulu', 0, ['dead-exclusion']]);
    assert.equal(zulu?.range.start.line, 8);
    const clean = records.find((record) => record.rule === 'clean');
    const spam = clean?.parts.find((part) => part.kind === 'exclusion');
    assert.deepEqual([spam?.removed, spam?.flags], [2, []]);

    const failing = await mmq(['explain', rules, '--fail-on', 'dead-exclusion'], { env });
    assert.equal(failing.status, 1, failing.stderr);
    assert.match(
      failing.stdout,
      /rules\.mmq:9:7: information dead-exclusion the exclusion `NOT zulu` removes nothing/,
    );
    const passing = await mmq(
      ['explain', rules, '--rule', 'clean', '--fail-on', 'dead-exclusion,redundant-operand'],
      { env },
    );
    assert.equal(passing.status, 0, passing.stderr);
  });

  it("counts in the file's // @project, over more days than global data keeps", async () => {
    const file = join(
      await workspace({ 'project.mmq': '// @project 7c1e-demo\n### p\nalpha OR bravo\n' }),
      'project.mmq',
    );
    const before = requests.length;
    const result = await mmq(['explain', file, '--days', '60', '--format', 'json'], { env });
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stderr, /counting 5 queries over the last 60 days in project 7c1e-demo/);
    const asked = requests.slice(before);
    assert.equal(asked.length, 5);
    for (const line of asked)
      assert.match(line, /\/api\/v1\/search\/p\/7c1e-demo\/histogram\/published/);
    const [record] = JSON.parse(result.stdout) as RuleRecord[];
    assert.equal(record?.window.days, 60);
  });

  it('--max-credits below the estimate refuses before any call (exit 1)', async () => {
    const before = requests.length;
    const result = await mmq(['explain', rules, '--max-credits', '100'], { env });
    assert.equal(result.status, 1, result.stderr);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /costs credits: \d+ histogram calls/);
    assert.match(result.stderr, /not started: it may cost \d+ credits, above --max-credits 100/);
    assert.equal(requests.length, before, 'no request reached the sandbox');
  });

  it('a 50-operand rule: 101 calls said and refused at once', async () => {
    const file = join(await workspace({ 'wide.mmq': `### wide\n${orOfTerms(50)}\n` }), 'wide.mmq');
    const before = requests.length;
    const result = await mmq(['explain', file, '--max-credits', '0'], { env });
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /101 histogram calls, 10 credits per call: 1,010 credits/);
    assert.equal(requests.length, before);
  });

  describe('files with errors: reported at their line, nothing counted', () => {
    const deep = `${'('.repeat(150)}alpha${')'.repeat(150)}`;
    const long = Array.from({ length: 40 }, (_, index) => `"${'x'.repeat(100)}${index}"`).join(
      ' OR ',
    );
    for (const [name, text, line, message] of [
      ['unbalanced', '### a\nalpha OR bravo\n### b\n(alpha OR\n', 4, /syntax/],
      ['deeply nested', `### deep\n${deep}\n`, 2, /nested more than 100 levels/],
      ['very long', `// a comment\n### long\n${long}\n`, 3, /length-limit/],
      ['not a rule file', 'stray text\n### a\nalpha\n', 1, /file-structure/],
    ] as const) {
      it(`${name}: file:line of the error, exit 1`, async () => {
        const file = join(await workspace({ 'bad.mmq': text }), 'bad.mmq');
        const before = requests.length;
        const result = await mmq(['explain', file], { env });
        assert.equal(result.status, 1, result.stderr);
        assert.equal(result.stdout, '');
        assert.match(result.stderr, new RegExp(`bad\\.mmq:${line}:\\d+: error .*`));
        assert.match(result.stderr, message);
        assert.match(result.stderr, /has errors: nothing was counted/);
        assert.equal(requests.length, before);
      });
    }
  });

  it('usage problems exit 2: an unknown rule, an unknown flag code, no service, too many days', async () => {
    const unknownRule = await mmq(['explain', rules, '--rule', 'nope'], { env });
    assert.equal(unknownRule.status, 2);
    assert.match(unknownRule.stderr, /no rule `nope` in .*\(its rules: abc, clean, dead\)/);
    const badCode = await mmq(['explain', rules, '--fail-on', 'dead-exclusion,typo'], { env });
    assert.equal(badCode.status, 2);
    assert.match(badCode.stderr, /--fail-on.*not typo/);
    const { MEDIA_MONITORING_URL: _url, ...noService } = env;
    const noUrl = await mmq(['explain', rules, '--quiet'], { env: noService });
    assert.equal(noUrl.status, 2);
    assert.match(noUrl.stderr, /no service: give --base-url/);
    const tooMany = await mmq(['explain', rules, '--days', '31'], { env });
    assert.equal(tooMany.status, 2);
    assert.match(tooMany.stderr, /global data is kept 30 days/);
    const missing = await mmq(['explain', join(rules, '..', 'absent.mmq')], { env });
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /cannot read .*absent\.mmq: no such file/);
  });

  it('is listed in the usage, with its options', async () => {
    const usage = await mmq(['--help']);
    assert.match(usage.stdout, /^ {2}explain\b/m);
    const help = await mmq(['explain', '--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^usage: mmq explain /i);
    for (const option of [
      '--rule',
      '--days',
      '--format',
      '--fail-on',
      '--max-credits',
      '--base-url',
    ])
      assert.match(help.stdout, new RegExp(option), help.stdout);
  });
});
