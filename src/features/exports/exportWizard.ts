// The export wizard: where from (a project with topics and datasets, a stream, or a
// query alone), start and stop days, the target collector (an existing one, or a new empty and
// paused one), the limit with its cost; then the task starts after the runner's credit
// confirmation and is followed until it ends (exportFollow.ts).
import { counted } from '../../../core/plural';
import { DEFAULT_EXPORT_LIMIT } from '../../../core/api/costs';
import type { ExportSource } from '../../../core/api/client/endpoints/streaming';
import { estimateCredits } from '../../../core/api/client/estimate';
import type { ExportRequest } from '../../../core/api/schemas/tasks';
import { collectorIdProblem } from '../../../core/streams/collectorDefinition';
import {
  dayOf,
  limitOf,
  limitProblem,
  startProblem,
  stopProblem,
} from '../../../core/streams/exportTask';
import { costLabel } from '../../shell/commands/creditDecision';
import { followExport } from './exportFollow';
import { ask, note, pickMany, pickOne } from '../../shell/inputs';
import { collectorList, projectChoices, sectionChoices, streamChoices } from '../../shell/choices';
import type { ExportServices } from './exportServices';

const TITLE = 'Export past results';
const DAY_MS = 24 * 60 * 60 * 1000;

interface Source {
  readonly source: ExportSource;
  /** In words: "project acme-core (2 topics)". */
  readonly label: string;
  readonly topics?: string[];
  readonly datasets?: string[];
  /** An extra query ANDed with the source (required for a query alone). */
  readonly query?: string;
}

async function checkedQuery(s: ExportServices, value: string, required: boolean) {
  if (value.trim() === '') return required ? 'Type the query to export by' : undefined;
  return (await s.language.errorsOf(value.trim()))[0];
}

async function chooseSource(s: ExportServices): Promise<Source | undefined> {
  const kind = await pickOne(`${TITLE}: from where?`, [
    {
      label: '$(project) From a project',
      description: 'its topics and datasets',
      value: 'project',
    },
    { label: '$(radio-tower) From a stream', description: "the stream's rules", value: 'stream' },
    { label: '$(search) By a query alone', description: 'global data', value: 'query' },
  ] as const);
  if (kind === undefined) return undefined;
  if (kind === 'query') {
    const query = await ask(`${TITLE}: the query`, 'A query of the .mmq language', {
      check: (value) => checkedQuery(s, value, true),
    });
    return query ? { source: { query }, label: `query ${query}` } : undefined;
  }
  let source: Source;
  if (kind === 'stream') {
    const stream = await pickOne(`${TITLE}: which stream?`, await streamChoices(s));
    if (stream === undefined) return undefined;
    source = { source: { stream }, label: `stream ${stream}` };
  } else {
    const project = await pickOne(`${TITLE}: which project?`, await projectChoices(s));
    if (project === undefined) return undefined;
    const topicChoices = await sectionChoices(s, project, 'topics');
    const topics =
      topicChoices.length === 0
        ? []
        : await pickMany(
            `${TITLE}: topics of ${project}`,
            topicChoices,
            'None picked: the whole project',
          );
    if (topics === undefined) return undefined;
    const datasetChoices = await sectionChoices(s, project, 'datasets');
    const datasets =
      datasetChoices.length === 0
        ? []
        : await pickMany(
            `${TITLE}: datasets of ${project}`,
            datasetChoices,
            'Datasets older than 7 days cannot be queried; none picked: no dataset',
          );
    if (datasets === undefined) return undefined;
    const parts = [
      topics.length > 0 ? counted(topics.length, 'topic') : '',
      datasets.length > 0 ? counted(datasets.length, 'dataset') : '',
    ].filter(Boolean);
    source = {
      source: { project },
      label: `project ${project}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`,
      ...(topics.length > 0 ? { topics } : {}),
      ...(datasets.length > 0 ? { datasets } : {}),
    };
  }
  const query = await ask(
    `${TITLE}: an extra query (optional)`,
    `ANDed with ${source.label}; empty: none`,
    {
      check: (value) => checkedQuery(s, value, false),
    },
  );
  if (query === undefined) return undefined;
  return query === '' ? source : { ...source, query };
}

/** The target: an existing collector, or the id of a new one (created empty and paused). */
async function chooseTarget(
  s: ExportServices,
): Promise<{ readonly id: string; readonly create: boolean } | undefined> {
  const collectors = await collectorList(s);
  const picked = await pickOne(`${TITLE}: into which collector?`, [
    {
      label: '$(add) A new, empty collector',
      description: 'created paused: it holds only what the export writes',
      // No collector has an empty id.
      value: '',
    },
    ...collectors.map((collector) => ({
      label: collector.id,
      description: collector.state.toLowerCase(),
      detail:
        collector.state === 'ACTIVE'
          ? 'Active: it also collects live results beside the exported ones'
          : undefined,
      value: collector.id,
    })),
  ]);
  if (picked === undefined) return undefined;
  if (picked !== '') return { id: picked, create: false };
  const taken = new Set(collectors.map((collector) => collector.id));
  const id = await ask(
    `${TITLE}: the new collector's id`,
    'Created empty and paused, as the export target',
    {
      value: `export-${dayOf(Date.now())}`,
      check: (value) =>
        taken.has(value.trim())
          ? `Collector ${value.trim()} exists: pick it in the list instead`
          : collectorIdProblem(value.trim()),
    },
  );
  return id ? { id, create: true } : undefined;
}

/** The export wizard, then the task followed until it ends. */
export async function startExport(s: ExportServices): Promise<void> {
  const source = await chooseSource(s);
  if (!source) return;
  const now = Date.now();
  const start = await ask(`${TITLE}: start day`, 'YYYY-MM-DD, UTC: the first day exported', {
    value: dayOf(now - 7 * DAY_MS),
    check: (value) => startProblem(value, now),
  });
  if (!start) return;
  const stop = await ask(
    `${TITLE}: stop day (optional)`,
    'YYYY-MM-DD, UTC, not included; empty: until now',
    {
      check: (value) => stopProblem(value, start),
    },
  );
  if (stop === undefined) return;
  const target = await chooseTarget(s);
  if (!target) return;
  const limitText = await ask(`${TITLE}: limit`, 'The most results it exports before it stops', {
    value: String(DEFAULT_EXPORT_LIMIT),
    check: (value) => {
      const problem = limitProblem(value);
      if (problem) return problem;
      const estimate = estimateCredits({ kind: 'export', limit: limitOf(value) });
      return note(`Costs ${costLabel(estimate) ?? 'nothing'}: ${estimate.note}.`);
    },
  });
  if (limitText === undefined) return;
  const limit = limitOf(limitText);
  const request: ExportRequest = {
    start,
    ...(stop === '' ? {} : { stop }),
    target: target.id,
    ...(source.query !== undefined && !('query' in source.source) ? { query: source.query } : {}),
    ...(limit === DEFAULT_EXPORT_LIMIT ? {} : { limit }),
    ...(source.topics ? { topics: source.topics } : {}),
    ...(source.datasets ? { datasets: source.datasets } : {}),
  };
  const task = await s.runner.call(
    { title: `Export ${source.label} into ${target.id}`, cost: { kind: 'export', limit } },
    async (call) => {
      if (target.create)
        // An empty definition: the service creates it PAUSED (api.md), an export target.
        await call.client.collectors.put(target.id, undefined, { signal: call.signal });
      const answer = await call.client.exports.create(source.source, request, {
        signal: call.signal,
      });
      const created = answer.result_tasks.tasks[0];
      if (!created) throw new Error('the service answered no task');
      return created;
    },
  );
  if (!task) return;
  s.log.info(`export task ${task.id} started: ${source.label} from ${start} into ${target.id}`);
  if (target.create) s.streams.refresh();
  s.tasks.started(task.id);
  await followExport(s, task, target.id);
}
