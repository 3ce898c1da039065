// The sidebar's models against the sandbox over loopback HTTP: what each view shows, fetched
// lazily and kept until a refresh.
import assert from 'node:assert/strict';
import { ProjectsModel, type ProjectsNode } from '../../../../src/features/projects/projectsModel';
import { serviceRulesOf, streamChildren } from '../../../../src/features/streams/streamChildren';
import { streamDocument } from '../../../../src/features/streams/streamDocument';
import type { RuleSource } from '../../../../src/features/streams/streamRules';
import { StreamsModel, type StreamsNode } from '../../../../src/features/streams/streamsModel';
import { describeTask, TasksModel } from '../../../../src/features/exports/tasksModel';
import { topicDocument } from '../../../../src/features/projects/topicDocument';
import { analyzeText } from '../../../../core/query/analysis';
import { fixture, NOW, type Fixture } from '../../../support/sandboxClient';

const label = (node: ProjectsNode): string => {
  switch (node.kind) {
    case 'project':
      return `${node.project.name}${node.isDefault ? ' (default)' : ''}`;
    case 'section':
      return node.section;
    case 'group':
      return node.title;
    case 'topic':
      return node.topic.title ?? node.topic.id;
    case 'dataset':
      return node.title;
    case 'projectMetrics':
      return 'project metrics';
    case 'template':
      return node.id;
    case 'metric':
      return node.metric.name;
    case 'tag':
      return node.label;
    case 'empty':
      return node.text;
  }
};

/** The stream layout, imported here; the extension loads it with the client's bundle. */
const parts = () => ({ serviceRulesOf, streamChildren });

describe('sidebar models against the sandbox', () => {
  let f: Fixture;
  let calls: string[];
  beforeEach(async () => {
    f = await fixture();
    calls = [];
  });
  afterEach(() => f.close());

  const counted = () => {
    const client = f.clientWith({ log: (line) => calls.push(line) });
    return () => Promise.resolve(client);
  };

  it('projects → sections → topic groups → topics; datasets and tags; the default project marked', async () => {
    const model = new ProjectsModel(counted(), () => '7c1e-demo');
    const projects = await model.children();
    assert.ok(
      projects.map(label).includes('Acme brand monitoring (default)'),
      projects.map(label).join(),
    );
    const demo = projects.find(
      (node) => node.kind === 'project' && node.project.id === '7c1e-demo',
    )!;
    const sections = await model.children(demo);
    assert.deepEqual(sections.map(label), ['topics', 'filters', 'datasets', 'metrics', 'tags']);
    const groups = await model.children(sections[0]);
    assert.ok(groups.map(label).includes('Products'), groups.map(label).join());
    const products = groups.find((node) => label(node) === 'Products')!;
    assert.ok((await model.children(products)).map(label).includes('Anvils'));
    assert.ok((await model.children(sections[4])).map(label).includes('Crisis'));
    assert.deepEqual((await model.children(sections[3])).map(label), [
      'project metrics',
      'No dataset templates (not a customer-intelligence project)',
    ]);
    const insights = projects.find(
      (node) => node.kind === 'project' && node.project.id === 'p-insights',
    )!;
    const datasets = (await model.children(insights)).find((node) => label(node) === 'datasets')!;
    assert.ok((await model.children(datasets)).map(label).includes('Customer survey'));
  });

  it("a customer-intelligence project's custom metrics: its own, then its dataset templates' (named by its datasets)", async () => {
    const model = new ProjectsModel(counted(), () => undefined);
    const insights = (await model.children()).find(
      (node) => node.kind === 'project' && node.project.id === 'p-insights',
    )!;
    const section = (await model.children(insights)).find((node) => label(node) === 'metrics')!;
    const [own, template] = await model.children(section);
    assert.ok(own?.kind === 'projectMetrics');
    assert.ok(template?.kind === 'template');
    assert.equal(template.id, 'tmpl-feedback');
    assert.deepEqual(template.datasets, ['Customer survey', 'Support tickets (archived)']);
    await f.client.customMetrics.add('p-insights', 'tmpl-feedback', [
      { name: 'nps', title: 'Net promoter score', format: 'INTEGER' },
    ]);
    const metrics = await model.children(template);
    const nps = metrics.find((node) => label(node) === 'nps');
    assert.ok(nps?.kind === 'metric', metrics.map(label).join());
    assert.equal(nps.metric.title, 'Net promoter score');
    assert.equal(label((await model.parent(nps))!), 'tmpl-feedback');
    assert.deepEqual((await model.children(own)).map(label), ['No custom metrics']);
  });

  it("a project's own custom metrics: listed under it, each knowing it has no template; an edit shows", async () => {
    const model = new ProjectsModel(counted(), () => undefined);
    await f.client.customMetrics.add('7c1e-demo', undefined, [
      { name: 'reach_score', title: 'Reach score', format: 'DECIMAL', display_in_ui: false },
    ]);
    const demo = (await model.children()).find(
      (node) => node.kind === 'project' && node.project.id === '7c1e-demo',
    )!;
    const section = (await model.children(demo)).find((node) => label(node) === 'metrics')!;
    const [own] = await model.children(section);
    assert.ok(own?.kind === 'projectMetrics');
    const [metric] = await model.children(own);
    assert.ok(metric?.kind === 'metric');
    assert.equal(metric.templateId, undefined);
    assert.deepEqual(metric.metric.format, { name: 'DECIMAL' });
    const path: string[] = [];
    for (let node: ProjectsNode | undefined = metric; node; node = await model.parent(node))
      path.unshift(label(node));
    assert.deepEqual(path, ['Acme brand monitoring', 'metrics', 'project metrics', 'reach_score']);

    // Through the calls the Edit Custom Metric… form makes: what changed, and only that.
    const [outcome] = (
      await f.client.customMetrics.update('7c1e-demo', undefined, [
        { name: 'reach_score', title: 'Weighted reach', display_in_ui: true },
      ])
    ).result_custom_metrics.data;
    assert.equal(outcome?.success, true);
    model.refresh();
    const [edited] = await model.children(own);
    assert.ok(edited?.kind === 'metric');
    assert.equal(edited.metric.title, 'Weighted reach');
    assert.equal(edited.metric.display_in_ui, true);
    assert.equal(edited.metric.description, '');
    assert.deepEqual(edited.metric.format, { name: 'DECIMAL' });
  });

  it('every node knows its parent, so the tree can reveal a topic', async () => {
    const model = new ProjectsModel(counted(), () => undefined);
    const [demo] = (await model.children()).filter(
      (node) => node.kind === 'project' && node.project.id === '7c1e-demo',
    );
    const [topics] = await model.children(demo);
    const groups = await model.children(topics);
    const products = groups.find((node) => label(node) === 'Products')!;
    const anvils = (await model.children(products)).find((node) => label(node) === 'Anvils')!;
    const path: string[] = [];
    for (let node: ProjectsNode | undefined = anvils; node; node = await model.parent(node))
      path.unshift(label(node));
    assert.deepEqual(path, ['Acme brand monitoring', 'topics', 'Products', 'Anvils']);
  });

  it('opening and reopening costs one call per list until a refresh (datasets: one for two sections)', async () => {
    const model = new ProjectsModel(counted(), () => undefined);
    const [demo] = await model.children();
    const sections = await model.children(demo);
    await model.children(sections[0]);
    await model.children(sections[1]);
    await model.children();
    // Tags twice: the tree asks again when it redraws (a project's tail counts twice a second).
    await model.children(sections[4]);
    await model.children(sections[4]);
    const topicsCalls = () => calls.filter((line) => /topics\/list 200$/.test(line)).length;
    const tagsCalls = () => calls.filter((line) => /\/tags 200$/.test(line)).length;
    assert.equal(topicsCalls(), 1, 'topics and filters share one list');
    assert.equal(tagsCalls(), 1);
    assert.equal(calls.filter((line) => /search\/info 200$/.test(line)).length, 1);
    await model.children(sections[2]);
    await model.children(sections[3]);
    await model.children(sections[2]);
    const datasetCalls = () => calls.filter((line) => /\/resources 200$/.test(line)).length;
    assert.equal(datasetCalls(), 1, 'datasets and custom metrics share one list of datasets');
    model.refresh();
    await model.children(sections[0]);
    await model.children(sections[3]);
    await model.children(sections[4]);
    assert.equal(topicsCalls(), 2);
    assert.equal(datasetCalls(), 2);
    assert.equal(tagsCalls(), 2);
  });

  it('a topic opens as an .mmq document whose rules are its queries, and it analyses cleanly', async () => {
    const model = new ProjectsModel(counted(), () => undefined);
    const topic = await model.topic('7c1e-demo', 't-acme');
    const text = topicDocument('7c1e-demo', topic, false);
    assert.match(text, /^\/\/ @project 7c1e-demo$/m);
    assert.match(text, /^### t-acme-included-1\nacme OR "acme corp"$/m);
    assert.match(text, /^### t-acme-excluded-1\nacme AND recipe$/m);
    const { file, diagnostics } = analyzeText(text, 'topic.mmq');
    assert.deepEqual(
      diagnostics.filter((problem) => problem.severity === 'error'),
      [],
    );
    assert.deepEqual(
      file.rules.map((rule) => rule.id),
      ['t-acme-included-1', 't-acme-excluded-1'],
    );
  });

  it('the project context for completion: tags and topics of a project', async () => {
    const model = new ProjectsModel(counted(), () => '7c1e-demo');
    const context = await model.projectContext('7c1e-demo');
    assert.ok(context.tags.some((tag) => tag.id === 'tag-crisis' && tag.label === 'Crisis'));
    assert.ok(context.topics.some((topic) => topic.id === 't-acme'));
  });

  it('streams and collectors with their states', async () => {
    await f.client.streams.define('rivals', [{ rule_id: 'r', query: 'globex' }]);
    await f.client.collectors.put('c1', { queries: [{ id: 'q', query: 'acme' }] });
    await f.client.collectors.put('c2', { queries: [{ id: 'q', query: 'acme' }] });
    await f.client.collectors.pause('c2');
    const model = new StreamsModel(counted(), parts);
    const [streams, collectors] = await model.children();
    assert.deepEqual(streams, { kind: 'streams', count: 1 });
    assert.deepEqual(await model.children(streams), [
      { kind: 'stream', id: 'rivals', enabled: true },
    ]);
    assert.deepEqual(await model.children(collectors), [
      { kind: 'collector', id: 'c1', state: 'ACTIVE' },
      { kind: 'collector', id: 'c2', state: 'PAUSED' },
    ]);
  });

  /** What a stream's node shows: its children as `label: description`, and theirs. */
  const shown = async (model: StreamsModel, node: StreamsNode): Promise<string[]> => {
    const lines: string[] = [];
    for (const child of await model.children(node)) {
      switch (child.kind) {
        case 'serviceRule':
          lines.push(
            `service ${child.rule.rule_id}: ${child.note || 'same'} · ${child.rule.query}`,
          );
          break;
        case 'localFile':
          lines.push(`file ${child.uri}: ${child.note}`);
          for (const rule of child.rules)
            lines.push(`  local ${rule.rule.ruleId}: ${rule.note || 'same'} · ${rule.rule.query}`);
          break;
        case 'empty':
          lines.push(child.text);
          break;
        default:
          lines.push(child.kind);
      }
    }
    return lines;
  };

  it("under a stream: the service's rules, then the local files, each saying where they differ", async () => {
    await f.client.streams.define('brand', [
      { rule_id: 'acme', query: 'acme OR "acme corp"' },
      { rule_id: 'rival', query: 'globex' },
      { rule_id: 'old', query: 'initech' },
    ]);
    const local: RuleSource[] = [
      // The same query, written over two lines: white space does not make a difference.
      { ruleId: 'acme', query: 'acme OR\n  "acme corp"', uri: 'file:///w/brand.mmq', line: 2 },
      { ruleId: 'rival', query: 'globex OR hooli', uri: 'file:///w/brand.mmq', line: 5 },
      { ruleId: 'new', query: 'umbrella', uri: 'file:///w/brand.mmq', line: 8 },
    ];
    const model = new StreamsModel(counted(), parts, (id) =>
      Promise.resolve(id === 'brand' ? local : []),
    );
    const brand: StreamsNode = { kind: 'stream', id: 'brand', enabled: true };
    assert.deepEqual(await shown(model, brand), [
      'service acme: same · acme OR "acme corp"',
      'service rival: differs from brand.mmq · globex',
      'service old: only on the service · initech',
      'file file:///w/brand.mmq: 1 not pushed, 1 differs from the service, 1 only on the service',
      '  local acme: same · acme OR\n  "acme corp"',
      '  local rival: differs from the service · globex OR hooli',
      '  local new: not pushed · umbrella',
    ]);
    // Fetched when first opened, then kept until a refresh: the view reopens it for free.
    const gets = () => calls.filter((line) => /GET \/api\/v3\/stream\/s\/brand 200$/.test(line));
    await model.children(brand);
    assert.equal(gets().length, 1);

    // A push of the file makes both sides the same; the view says so after a refresh.
    await f.client.streams.define(
      'brand',
      local.map((rule) => ({ rule_id: rule.ruleId, query: rule.query })),
    );
    assert.equal((await shown(model, brand))[1], 'service rival: differs from brand.mmq · globex');
    model.refresh();
    assert.deepEqual((await shown(model, brand)).slice(3, 4), [
      'file file:///w/brand.mmq: same as the service',
    ]);
    assert.equal(gets().length, 2);
  });

  it('a stream no file names shows the service’s rules alone; one the service no longer has says so', async () => {
    await f.client.streams.define('rivals', [{ rule_id: 'r', query: 'globex' }]);
    const model = new StreamsModel(counted(), parts, () =>
      Promise.resolve([{ ruleId: 'r', query: 'globex', uri: 'file:///w/gone.mmq', line: 1 }]),
    );
    const alone = new StreamsModel(counted(), parts);
    const rivals: StreamsNode = { kind: 'stream', id: 'rivals', enabled: true };
    assert.deepEqual(await shown(alone, rivals), [
      'service r: same · globex',
      'No local file names it (// @stream rivals)',
    ]);
    await f.client.streams.delete('rivals');
    assert.deepEqual(await shown(model, rivals), [
      'The service no longer has this stream: refresh the view',
      'file file:///w/gone.mmq: not on the service',
      '  local r: not pushed · globex',
    ]);
    // Any other failure is the view's to show (with Retry), and is not kept.
    const broken = new StreamsModel(() => Promise.reject(new Error('unreachable')), parts);
    await assert.rejects(broken.children(rivals), /unreachable/);
  });

  it('the service’s rules open as an .mmq document that analyses cleanly; an unknown stream is gone', async () => {
    // An unknown stream (code 15) is one the service does not have, not one without rules.
    assert.deepEqual(await serviceRulesOf(f.client, 'nope'), { kind: 'gone' });
    const text = streamDocument('brand', [
      { rule_id: 'acme', query: 'acme OR "acme corp"' },
      { rule_id: 'rival', query: 'globex AND NOT lang:fr' },
    ]);
    assert.match(text, /^\/\/ @stream brand$/m);
    assert.match(text, /^### rival\nglobex AND NOT lang:fr$/m);
    const { file, diagnostics } = analyzeText(text, 'brand.mmq');
    assert.deepEqual(
      diagnostics.filter((problem) => problem.severity === 'error'),
      [],
    );
    assert.deepEqual(
      file.rules.map((rule) => rule.id),
      ['acme', 'rival'],
    );
  });

  it('export tasks with status, progress and target; whether any still runs', async () => {
    await f.client.collectors.put('target', undefined);
    await f.client.exports.create(
      { query: 'acme' },
      { start: NOW - 86_400_000 * 2, target: 'target' },
    );
    const model = new TasksModel(counted());
    const [node] = await model.children();
    assert.ok(node?.kind === 'task');
    assert.equal(describeTask(node.task), 'queued 0% · 0 processed → target');
    // A running task says what may be read already, as a count or as the service's boolean.
    const running = { id: 't', status: 'RUNNING', progress: 0.5, processed: 210 } as const;
    assert.equal(
      describeTask({ ...running, ready: 200 }),
      'running 50% · 210 processed · 200 ready to read',
    );
    assert.equal(
      describeTask({ ...running, ready: true }),
      'running 50% · 210 processed · ready to read',
    );
    assert.equal(
      describeTask({ ...running, status: 'FINISHED', ready: 210 }),
      'finished · 210 processed',
    );
    assert.equal(await model.anyRunning(), true);
  });
});
