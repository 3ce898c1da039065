// Document upload endpoints (api.md "Document upload"): one document per operation, or a batch of
// `{create|update|upsert: document}` entries, into a project or one of its datasets. Costs no
// credit. The answer lists one outcome per document, in request order.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MAX_BATCH_DOCUMENTS,
  UPLOAD_OPERATIONS,
  type UploadOperation,
} from '../../core/api/schemas/uploads';
import { text, type QueryParameters } from '../analytics/parameters';
import { admit, type SandboxContext } from '../context';
import { findProject } from '../fixtures/projects';
import { sendResult } from '../http/envelope';
import { ApiFailure, notFound } from '../http/failure';
import type { SandboxUploadOutcome, UploadOptions, Uploads, UploadTarget } from '../uploads';

function targetOf(request: FastifyRequest): UploadTarget {
  const { project: projectId, dataset } = request.params as { project: string; dataset?: string };
  const project = findProject(projectId);
  if (!project) throw notFound('project', projectId);
  if (dataset !== undefined && !project.datasets.some((candidate) => candidate.id === dataset))
    throw notFound('dataset', dataset);
  return { project, ...(dataset !== undefined ? { dataset } : {}) };
}

function optionsOf(request: FastifyRequest): UploadOptions {
  const parameters = request.query as QueryParameters;
  return {
    annotate: text(parameters, 'annotate') === 'sentiment',
    returnEntry: text(parameters, 'return_entry') === 'show',
  };
}

function operationOf(request: FastifyRequest): UploadOperation {
  const operation = (request.params as { operation: string }).operation;
  if (!(UPLOAD_OPERATIONS as readonly string[]).includes(operation)) {
    throw new ApiFailure(
      'invalidDocumentOperation',
      `Invalid document operation \`${operation}\`: use create, update or upsert`,
      [{ key: 'operation', value: [operation] }],
    );
  }
  return operation as UploadOperation;
}

/** One batch entry: exactly one of create, update, upsert. */
function applyEntry(
  uploads: Uploads,
  target: UploadTarget,
  entry: unknown,
  options: UploadOptions,
): SandboxUploadOutcome {
  const keys =
    typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? Object.keys(entry) : [];
  const operation = keys[0];
  if (
    keys.length !== 1 ||
    operation === undefined ||
    !(UPLOAD_OPERATIONS as readonly string[]).includes(operation)
  ) {
    return {
      action: keys.join(',') || 'none',
      status_code: '16',
      status_message:
        'A batch entry holds exactly one key, create, update or upsert, with the document',
    };
  }
  return uploads.apply(
    target,
    operation as UploadOperation,
    (entry as Record<string, unknown>)[operation],
    options,
  );
}

export function documentRoutes(
  app: FastifyInstance,
  context: SandboxContext,
  uploads: Uploads,
): void {
  const single = (request: FastifyRequest) => {
    admit(context, request, 'write', 'upload');
    const target = targetOf(request);
    return [uploads.apply(target, operationOf(request), request.body, optionsOf(request))];
  };
  const batch = (request: FastifyRequest) => {
    admit(context, request, 'write', 'upload');
    const target = targetOf(request);
    const body = request.body;
    if (!Array.isArray(body))
      throw new ApiFailure(
        'invalidDocumentOperation',
        'A batch is a JSON array of {"create"|"update"|"upsert": document} entries',
      );
    if (body.length > MAX_BATCH_DOCUMENTS) {
      throw new ApiFailure(
        'invalidDocumentOperation',
        `A batch holds at most ${MAX_BATCH_DOCUMENTS} documents, not ${body.length}: split it`,
      );
    }
    const options = optionsOf(request);
    return body.map((entry) => applyEntry(uploads, target, entry, options));
  };
  app.post('/api/v2/docs/p/:project/:operation', (request, reply) =>
    sendResult(request, reply, 'result_searchdoc', single(request)),
  );
  app.post('/api/v2/docs/p/:project/d/:dataset/:operation', (request, reply) =>
    sendResult(request, reply, 'result_searchdoc', single(request)),
  );
  app.post('/api/v2/docs/p/:project', (request, reply) =>
    sendResult(request, reply, 'result_searchdoc', batch(request)),
  );
  app.post('/api/v2/docs/p/:project/d/:dataset', (request, reply) =>
    sendResult(request, reply, 'result_searchdoc', batch(request)),
  );
}
