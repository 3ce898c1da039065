// Export task endpoints (api.md "Export tasks"): from a project, from a stream definition, or by
// query; status, list and abort. Statuses are answered in lower case, as the service shows them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_EXPORT_LIMIT, ExportRequest, type ExportTask } from '../../core/api/schemas/tasks';
import type { QueryNode } from '../../core/query/ast';
import { matches } from '../../core/query/matcher';
import type { AnalyticsDocument } from '../analytics/documentFields';
import { admit, type SandboxContext } from '../context';
import type { ExportTasks } from '../exports/tasks';
import { sendResult } from '../http/envelope';
import { badParameter, missingParameter } from '../http/failure';
import type { ProjectScopes } from '../projects/scope';
import type { DocumentStore } from '../store';
import { compileRule, type StreamRegistry } from '../streams/registry';

function instant(value: number | string): number {
  if (typeof value === 'number') return value;
  const [year = 0, month = 1, day = 1] = value.split('-').map(Number);
  return Date.UTC(year, month - 1, day);
}

function bodyOf(request: FastifyRequest) {
  const raw = (
    typeof request.body === 'object' && request.body !== null ? request.body : {}
  ) as Record<string, unknown>;
  for (const name of ['start', 'target']) if (raw[name] === undefined) throw missingParameter(name);
  const parsed = ExportRequest.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const name =
    issue?.path.join('.') || (issue?.code === 'unrecognized_keys' ? issue.keys.join(', ') : 'body');
  throw badParameter(name, issue?.message ?? 'invalid');
}

const lower = (task: ExportTask) => ({ ...task, status: task.status.toLowerCase() });

export function exportRoutes(
  app: FastifyInstance,
  context: SandboxContext,
  store: DocumentStore,
  scopes: ProjectScopes,
  streams: StreamRegistry,
  tasks: ExportTasks,
): void {
  /** The documents of [start, stop) from `source` that also match the body's query. */
  const create = (
    body: ReturnType<typeof bodyOf>,
    source: (extra: QueryNode | null) => number[],
  ) => {
    const start = instant(body.start);
    const stop = body.stop === undefined ? context.clock.now() : instant(body.stop);
    if (stop <= start) throw badParameter('stop', 'must be after start');
    const extra = body.query ? compileRule({ rule_id: 'query', query: body.query }).query : null;
    const documents: AnalyticsDocument[] = source(extra)
      .map((number) => store.document(number))
      .filter((document) => (document.published ?? 0) >= start && (document.published ?? 0) < stop)
      .sort((a, b) => (a.published ?? 0) - (b.published ?? 0));
    return tasks.create(body.target, documents, body.limit ?? DEFAULT_EXPORT_LIMIT);
  };

  app.post('/api/v3/stream/p/:project/export', (request, reply) => {
    admit(context, request, 'write', 'exportCreate');
    const project = scopes.project((request.params as { project: string }).project);
    const body = bodyOf(request);
    const task = create(body, (extra) => {
      const members = scopes.select(project, {
        topic: body.topics ?? [],
        filter: [],
        channel: [],
        panel: [],
        dataset: body.datasets ?? [],
      });
      return [...members].filter((number) => !extra || matches(extra, store.document(number)));
    });
    return sendResult(request, reply, 'result_tasks', { tasks: [lower(task)] });
  });

  app.post('/api/v3/stream/s/:stream/export', (request, reply) => {
    admit(context, request, 'write', 'exportCreate');
    const definition = streams.get((request.params as { stream: string }).stream);
    const task = create(bodyOf(request), (extra) =>
      [...new Set(definition.queries.flatMap((rule) => store.index.search(rule.query)))].filter(
        (number) => !extra || matches(extra, store.document(number)),
      ),
    );
    return sendResult(request, reply, 'result_tasks', { tasks: [lower(task)] });
  });

  app.post('/api/v3/stream/export', (request, reply) => {
    admit(context, request, 'write', 'exportCreate');
    if (typeof (request.body as { query?: unknown } | undefined)?.query !== 'string')
      throw missingParameter('query');
    const task = create(bodyOf(request), (extra) => (extra ? store.index.search(extra) : []));
    return sendResult(request, reply, 'result_tasks', { tasks: [lower(task)] });
  });

  app.get('/api/v3/tasks/export/:task', (request, reply) => {
    admit(context, request, 'read', 'exportStatus');
    return sendResult(request, reply, 'result_tasks', {
      tasks: [lower(tasks.get((request.params as { task: string }).task))],
    });
  });

  app.get('/api/v3/tasks/export', (request, reply) => {
    admit(context, request, 'read', 'exportStatus');
    return sendResult(request, reply, 'result_tasks', { tasks: tasks.list().map(lower) });
  });

  app.delete('/api/v3/tasks/export/:task', (request, reply) => {
    admit(context, request, 'write', 'exportAbort');
    const aborted = tasks.abort((request.params as { task: string }).task);
    return sendResult(request, reply, 'result_tasks', {
      tasks: [{ id: aborted.id, status: aborted.status.toLowerCase() }],
    });
  });
}
