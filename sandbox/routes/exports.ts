// Export task endpoints (api.md "Export tasks"): from a project, from a stream definition, or by
// query; status, list and abort. Statuses are answered in lower case, as the service shows them.
import { z } from 'zod';
import {
  DEFAULT_EXPORT_LIMIT,
  ExportRequest,
  TasksResponse,
  type ExportTask,
} from '../../core/api/schemas/tasks';
import type { QueryNode } from '../../core/query/ast';
import { matches } from '../../core/query/matcher';
import type { AnalyticsDocument } from '../analytics/documentFields';
import { answer, type Endpoint } from '../http/endpoint';
import { badParameter } from '../http/failure';
import type { SandboxServices } from '../services';
import { compileRule } from '../streams/registry';

/** The query endpoint requires `query`, and says so first. */
const ExportByQuery = z
  .object({ query: z.string().min(1) })
  .extend(ExportRequest.omit({ query: true }).shape)
  .strict();

/** Epoch ms, or the start of a YYYY-MM-DD day in UTC (years below 100 too). */
function instant(value: number | string): number {
  if (typeof value === 'number') return value;
  const [year = 0, month = 1, day = 1] = value.split('-').map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

const lower = (task: ExportTask) => ({ ...task, status: task.status.toLowerCase() });

/** What every export body says: the span, the target, the extra query, the limit. */
interface Span {
  readonly start: number | string;
  readonly stop?: number | string | undefined;
  readonly target: string;
  readonly query?: string | undefined;
  readonly limit?: number | undefined;
}

export function exportEndpoints({
  context,
  store,
  scopes,
  streams,
  tasks,
  collectors,
}: SandboxServices): Endpoint[] {
  /** Refusals of a span, before anything is journaled. */
  const checkSpan = (body: Span) => {
    const start = instant(body.start);
    const stop = body.stop === undefined ? context.clock.now() : instant(body.stop);
    if (!Number.isFinite(start)) throw badParameter('start', 'not a date JavaScript can hold');
    if (!Number.isFinite(stop)) throw badParameter('stop', 'not a date JavaScript can hold');
    if (stop <= start) throw badParameter('stop', 'must be after start');
    if (body.query) compileRule({ rule_id: 'query', query: body.query });
    collectors.get(body.target);
  };
  /** The documents of [start, stop) from `source` that also match the body's query. */
  const create = (body: Span, source: (extra: QueryNode | null) => number[]) => {
    const start = instant(body.start);
    const stop = body.stop === undefined ? context.clock.now() : instant(body.stop);
    const extra = body.query ? compileRule({ rule_id: 'query', query: body.query }).query : null;
    const documents: AnalyticsDocument[] = source(extra)
      .map((number) => store.document(number))
      .filter((document) => (document.published ?? 0) >= start && (document.published ?? 0) < stop)
      .sort((a, b) => (a.published ?? 0) - (b.published ?? 0));
    return {
      tasks: [lower(tasks.create(body.target, documents, body.limit ?? DEFAULT_EXPORT_LIMIT))],
    };
  };
  const answers = answer(TasksResponse, 'result_tasks');
  const creation = {
    method: 'POST',
    access: 'write',
    limit: 'exportCreate',
    journaled: true,
  } as const;
  return [
    answers.endpoint({
      ...creation,
      path: '/api/v3/stream/p/:project/export',
      body: { schema: ExportRequest, size: 'definition' },
      check: ({ params, body }) => {
        scopes.project(params.project);
        checkSpan(body);
      },
      handle: ({ params, body }) => {
        const project = scopes.project(params.project);
        return create(body, (extra) => {
          const members = scopes.select(project, {
            topic: body.topics ?? [],
            filter: [],
            channel: [],
            panel: [],
            dataset: body.datasets ?? [],
          });
          return [...members].filter((number) => !extra || matches(extra, store.document(number)));
        });
      },
    }),
    answers.endpoint({
      ...creation,
      path: '/api/v3/stream/s/:stream/export',
      body: { schema: ExportRequest, size: 'definition' },
      check: ({ params, body }) => {
        streams.get(params.stream);
        checkSpan(body);
      },
      handle: ({ params, body }) => {
        const definition = streams.get(params.stream);
        return create(body, (extra) =>
          [...new Set(definition.queries.flatMap((rule) => store.index.search(rule.query)))].filter(
            (number) => !extra || matches(extra, store.document(number)),
          ),
        );
      },
    }),
    answers.endpoint({
      ...creation,
      path: '/api/v3/stream/export',
      body: { schema: ExportByQuery, size: 'definition' },
      check: ({ body }) => checkSpan(body),
      handle: ({ body }) => create(body, (extra) => (extra ? store.index.search(extra) : [])),
    }),
    answers.endpoint({
      method: 'GET',
      path: '/api/v3/tasks/export/:task',
      access: 'read',
      limit: 'exportStatus',
      handle: ({ params }) => ({ tasks: [lower(tasks.get(params.task))] }),
    }),
    answers.endpoint({
      method: 'GET',
      path: '/api/v3/tasks/export',
      access: 'read',
      limit: 'exportStatus',
      handle: () => ({ tasks: tasks.list().map(lower) }),
    }),
    answers.endpoint({
      method: 'DELETE',
      path: '/api/v3/tasks/export/:task',
      access: 'write',
      limit: 'exportAbort',
      journaled: true,
      handle: ({ params }) => {
        const aborted = tasks.abort(params.task);
        return { tasks: [{ id: aborted.id, status: aborted.status.toLowerCase() }] };
      },
    }),
  ];
}
