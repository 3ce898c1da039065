// Export task endpoints (api.md "Export tasks"): from a project, from a stream definition, or by
// query; status, list and abort. Statuses are answered in lower case, as the service shows them.
import { DEFAULT_EXPORT_LIMIT } from '../../core/api/schemas/tasks';
import type { QueryNode } from '../../core/query/ast';
import { matches } from '../../core/query/matcher';
import type { AnalyticsDocument } from '../analytics/documentFields';
import { badParameter } from '../http/failure';
import type { SomeHandlers } from '../http/handlers';
import type { ExportedFrom } from '../exports/tasks';
import type { SandboxServices } from '../services';
import { compileRule } from '../streams/registry';

/** Epoch ms, or the start of a YYYY-MM-DD day in UTC (years below 100 too). */
function instant(value: number | string): number {
  if (typeof value === 'number') return value;
  const [year = 0, month = 1, day = 1] = value.split('-').map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

/** What every export body says: the span, the target, the extra query, the limit. */
interface Span {
  readonly start: number | string;
  readonly stop?: number | string | undefined;
  readonly target: string;
  readonly query?: string | undefined;
  readonly limit?: number | undefined;
}

export function exportHandlers({
  context,
  store,
  scopes,
  streams,
  tasks,
  collectors,
}: SandboxServices): SomeHandlers<
  | 'exportFromProject'
  | 'exportFromStream'
  | 'exportByQuery'
  | 'exportTask'
  | 'exportTasks'
  | 'exportAbort'
> {
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
  const create = (
    body: Span,
    source: (extra: QueryNode | null) => number[],
    project?: ExportedFrom,
  ) => {
    const start = instant(body.start);
    const stop = body.stop === undefined ? context.clock.now() : instant(body.stop);
    const extra = body.query ? compileRule({ rule_id: 'query', query: body.query }).query : null;
    const documents: AnalyticsDocument[] = source(extra)
      .map((number) => store.document(number))
      .filter((document) => (document.published ?? 0) >= start && (document.published ?? 0) < stop)
      .sort((a, b) => (a.published ?? 0) - (b.published ?? 0));
    return {
      tasks: [tasks.create(body.target, documents, body.limit ?? DEFAULT_EXPORT_LIMIT, project)],
    };
  };
  const creation = { journaled: true, bodySize: 'definition' } as const;
  return {
    exportFromProject: {
      ...creation,
      check: ({ params, body }) => {
        scopes.project(params.project);
        checkSpan(body);
      },
      handle: ({ params, body }) => {
        const project = scopes.project(params.project);
        return create(
          body,
          (extra) => {
            const members = scopes.select(project, {
              topic: body.topics ?? [],
              filter: [],
              channel: [],
              panel: [],
              dataset: body.datasets ?? [],
            });
            return [...members].filter(
              (number) => !extra || matches(extra, store.document(number)),
            );
          },
          { id: project.id, title: project.name },
        );
      },
    },
    exportFromStream: {
      ...creation,
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
    },
    exportByQuery: {
      ...creation,
      check: ({ body }) => checkSpan(body),
      handle: ({ body }) => create(body, (extra) => (extra ? store.index.search(extra) : [])),
    },
    exportTask: { handle: ({ params }) => ({ tasks: [tasks.get(params.task)] }) },
    exportTasks: { handle: () => ({ tasks: tasks.list() }) },
    exportAbort: {
      journaled: true,
      handle: ({ params }) => ({ tasks: [tasks.abort(params.task)] }),
    },
  };
}
