// Records the results panel's fixtures (test/fixtures/panel/*.json): a `show` message for every
// histogram type, globally and in project 7c1e-demo (the sandbox project with topics and
// forecasting), a forecast, top influencers and results (in the project and over global data),
// taken from the sandbox through the real client, so that the panel's tests render what the API
// answers. Run it after a change to the sandbox's answers, and commit the fixtures:
//
//   npx tsx test/media/record.ts
//
// Deterministic: seed 42, 20,000 documents, the clock fixed at 2026-11-20 12:00 UTC.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MediaMonitoringClient } from '../../core/api/client/client';
import { RateGovernor, systemClock } from '../../core/api/client/governor';
import { LIMITS_PER_MINUTE, type EndpointClass } from '../../core/api/limits';
import { HISTOGRAM_TYPES } from '../../core/api/parameterValues';
import type { ResultDocument as ApiDocument } from '../../core/api/schemas/document';
import type {
  HistogramParameters,
  ProjectChoices,
  ResultDocument,
  RunInfo,
  Target,
  ToPanel,
} from '../../media/results/protocol';
import { totalOf } from '../../core/api/client/paging';
import { titleOf } from '../../core/api/labels';
import { findProject } from '../../sandbox/fixtures/projects';
import { panelDocument } from '../../src/features/results/documents';
import { startSandbox } from '../../sandbox/server';

export const FIXTURES = join(import.meta.dirname, '../fixtures/panel');
export const RECORDED_AT = Date.UTC(2026, 10, 20, 12);
const PROJECT = '7c1e-demo';
const GLOBAL_QUERY = 'acme OR rocket OR anvil OR globex OR initech';
const TOKEN = 'record';

type Show = Extract<ToPanel, { type: 'show' }>;

/** The panel's form of a result document: the extension's own conversion. */
export const toResultDocument = (document: ApiDocument): ResultDocument => panelDocument(document);

async function main(): Promise<void> {
  const sandbox = await startSandbox({
    token: TOKEN,
    seed: 42,
    docs: 20_000,
    rate: 0,
    now: () => RECORDED_AT,
  });
  // The sandbox enforces 30 project histograms a minute: its clock moves on between calls
  // instead of the recording waiting, and the client's governor lets every call go at once.
  const unlimited = Object.fromEntries(
    Object.keys(LIMITS_PER_MINUTE).map((key) => [key, 1_000_000]),
  ) as Record<EndpointClass, number>;
  const client = new MediaMonitoringClient({
    baseUrl: sandbox.url,
    token: TOKEN,
    userAgent: 'record-panel-fixtures',
    governor: new RateGovernor(systemClock, unlimited),
  });
  const fixture = findProject(PROJECT)!;
  const resources = await client.projects.resources(PROJECT, ['search', 'filter', 'dataset']);
  const listed = resources.result_resources.projects[0]!;
  const choices: ProjectChoices = {
    topic: (listed.topics ?? []).flatMap((group) =>
      group.nodes.map((node) => ({ id: node.id, title: titleOf(node) })),
    ),
    filter: (listed.filters ?? []).flatMap((group) =>
      group.nodes.map((node) => ({ id: node.id, title: titleOf(node) })),
    ),
    // The API lists no channels or panels; the extension knows them from the project's setup.
    channel: fixture.channels.map((channel) => ({ id: channel.id, title: channel.domain })),
    panel: fixture.panels.map(({ id, title }) => ({ id, title })),
    dataset: (listed.datasets ?? []).map((dataset) => ({
      id: dataset.id,
      title: titleOf(dataset),
    })),
    forecast: fixture.forecasting,
  };
  const global: Target = { kind: 'global' };
  const project: Target = { kind: 'project', id: PROJECT, name: fixture.name };
  let runs = 0;
  const run = (title: string, query: string, target: Target): RunInfo => {
    sandbox.clock.advance(2_100);
    return {
      id: `run-${++runs}`,
      title,
      query,
      target,
      credits: 10,
      sandbox: true,
      at: RECORDED_AT,
    };
  };
  mkdirSync(FIXTURES, { recursive: true });
  const save = (name: string, show: Show) => {
    writeFileSync(join(FIXTURES, `${name}.json`), `${JSON.stringify(show, null, 1)}\n`);
    console.log(
      `${name}: ${show.view.kind === 'histogram' ? `${show.view.result.data.length} buckets` : show.view.kind}`,
    );
  };
  const histogram = async (
    name: string,
    type: string,
    parameters: HistogramParameters,
    target: Target,
  ) => {
    const info = run(`acme-${type}`, target.kind === 'global' ? GLOBAL_QUERY : '', target);
    // The panel's parameters are the client's (interval as text for numeric types too).
    const sent = {
      ...parameters,
      ...(parameters.interval === undefined || !/^\d+$/.test(parameters.interval)
        ? {}
        : { interval: Number(parameters.interval) }),
    } as never;
    const answer =
      target.kind === 'global'
        ? await client.histograms.global(
            type as never,
            { q: GLOBAL_QUERY, ...(sent as object) } as never,
          )
        : await client.histograms.project(PROJECT, type as never, sent);
    save(name, {
      type: 'show',
      run: info,
      view: { kind: 'histogram', histogramType: type, parameters, result: answer.result_histogram },
      ...(target.kind === 'project' ? { choices } : {}),
    });
  };

  for (const type of HISTOGRAM_TYPES) {
    await histogram(`global-${type}`, type, {}, global);
    await histogram(`project-${type}`, type, {}, project);
  }
  await histogram(
    'global-published-sentiment-engagement',
    'published',
    { breakdown: 'sentiment', value_type: 'engagement', interval: '6h' },
    global,
  );
  await histogram(
    'project-published-forecast',
    'published',
    { time_range: '28d', interval: '1d', breakdown: 'sentiment', forecast_days: 14 },
    project,
  );
  await histogram(
    'project-published-topic',
    'published',
    { interval: 'day', breakdown: 'topic', topic: ['t-acme', 't-rocket'] },
    project,
  );
  await histogram(
    'global-theme_cloud-two_gram',
    'theme_cloud',
    { tokenizing_mode: 'two_gram', top_n: 15 },
    global,
  );

  for (const [name, parameters] of [
    ['project-influencers', {}],
    [
      'project-influencers-source-reach',
      { influencer_type: 'source', sort_criteria: 'reach', top_n: 20 },
    ],
  ] as const) {
    const info = run('acme-influencers', '', project);
    const answer = await client.influencers.top(PROJECT, parameters);
    const result = answer.result_top_influencers;
    save(name, {
      type: 'show',
      run: info,
      view: {
        kind: 'influencers',
        parameters,
        influencerType: result.influencer_type ?? 'AUTHOR',
        sortCriteria: result.sort_criteria ?? 'TOTAL',
        influencers: result.influencers,
      },
      choices,
    });
  }

  const results = async (name: string, query: string, offset: number) => {
    const parameters = { offset, hpp: 10, sort_by: 'engagement', sort_order: 'desc' } as const;
    const info = run('acme-results', query, project);
    const answer = await client.results.project(PROJECT, {
      ...parameters,
      ...(query ? { q: query } : {}),
    });
    const content = answer.result_content;
    save(name, {
      type: 'show',
      run: info,
      view: {
        kind: 'results',
        parameters,
        documents: content.data.map(toResultDocument),
        total: totalOf(answer) ?? content.data.length,
      },
      choices,
    });
  };
  await results('project-results', 'acme', 0);
  await results('project-results-page2', 'acme', 10);

  // A document made to attack the panel: markup and handlers in its title and content. The
  // sandbox takes only addresses of the project's channels, so the javascript: address is put in
  // after the answer (the extension passes the API's url through as it is).
  await client.documents.upload({ project: PROJECT }, 'create', {
    url: 'https://news.acme.example/xss',
    title: `<script>window.__pwned = 'title'</script> Acme xylophone <img src=x onerror="window.__pwned='img'">`,
    content: `Acme xylophone <b onclick="window.__pwned='b'">bold</b> <a href="javascript:window.__pwned='a'">click</a> <svg onload="window.__pwned='svg'"></svg> &lt;i&gt;`,
    published: String(RECORDED_AT - 3_600_000),
    engagement: '5',
  });
  const info = run('xss', 'xylophone', project);
  const answer = await client.results.project(PROJECT, { q: 'xylophone', offset: 0, hpp: 10 });
  const documents = answer.result_content.data.map(toResultDocument).map((document) => ({
    ...document,
    url: "javascript:window.__pwned='url'",
    source: `<img src=x onerror="window.__pwned='source'">`,
  }));
  save('xss-results', {
    type: 'show',
    run: {
      ...info,
      title: `<img src=x onerror="window.__pwned='run'">`,
      query: '<script>window.__pwned="query"</script>',
    },
    view: {
      kind: 'results',
      parameters: { offset: 0, hpp: 10, sort_by: 'engagement', sort_order: 'desc' },
      documents,
      total: documents.length,
    },
    choices,
  });

  // Search results over global data (no project, so no project choices): recorded last, so that
  // the run ids of the fixtures above stay as they were.
  const globalResults = async (name: string, offset: number) => {
    const parameters = { offset, hpp: 10, sort_by: 'engagement', sort_order: 'desc' } as const;
    const info = run('Typed query', GLOBAL_QUERY, global);
    const answer = await client.results.global({ ...parameters, q: GLOBAL_QUERY });
    const content = answer.result_content;
    save(name, {
      type: 'show',
      run: info,
      view: {
        kind: 'results',
        parameters,
        documents: content.data.map(toResultDocument),
        total: totalOf(answer) ?? content.data.length,
      },
    });
  };
  await globalResults('global-results', 0);
  await globalResults('global-results-page2', 10);

  await client.close();
  await sandbox.close();
}

if (process.argv[1]?.endsWith('record.ts')) await main();
