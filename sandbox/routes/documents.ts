// Document upload endpoints (api.md "Document upload"): one document per operation, or a batch of
// `{create|update|upsert: document}` entries, into a project or one of its datasets. Costs no
// credit. The answer lists one outcome per document, in request order.
import { z } from 'zod';
import {
  MAX_BATCH_DOCUMENTS,
  UPLOAD_OPERATIONS,
  UploadResponse,
  type UploadOperation,
} from '../../core/api/schemas/uploads';
import { text, type QueryParameters } from '../analytics/parameters';
import { findProject } from '../fixtures/projects';
import { answer, type Endpoint } from '../http/endpoint';
import { ApiFailure, notFound } from '../http/failure';
import { quote } from '../http/quote';
import type { SandboxServices } from '../services';
import type { SandboxUploadOutcome, UploadOptions, Uploads, UploadTarget } from '../uploads';

/** A batch's shape; each entry is then checked on its own and gets its own outcome. */
const Batch = z
  .array(z.unknown(), {
    error: 'a batch is a JSON array of {"create"|"update"|"upsert": document} entries',
  })
  .max(MAX_BATCH_DOCUMENTS, `a batch holds at most ${MAX_BATCH_DOCUMENTS} documents: split it`);

function targetOf(params: { readonly project: string; readonly dataset?: string }): UploadTarget {
  const project = findProject(params.project);
  if (!project) throw notFound('project', params.project);
  const { dataset } = params;
  if (dataset !== undefined && !project.datasets.some((candidate) => candidate.id === dataset))
    throw notFound('dataset', dataset);
  return { project, ...(dataset !== undefined ? { dataset } : {}) };
}

function optionsOf(parameters: QueryParameters): UploadOptions {
  return {
    annotate: text(parameters, 'annotate') === 'sentiment',
    returnEntry: text(parameters, 'return_entry') === 'show',
  };
}

const isOperation = (value: string): value is UploadOperation =>
  (UPLOAD_OPERATIONS as readonly string[]).includes(value);

function operationOf(operation: string): UploadOperation {
  if (!isOperation(operation)) {
    throw new ApiFailure(
      'invalidDocumentOperation',
      `Invalid document operation ${quote(operation)}: use create, update or upsert`,
      [{ key: 'operation', value: [operation] }],
    );
  }
  return operation;
}

/** One batch entry: exactly one of create, update, upsert. */
function applyEntry(
  uploads: Uploads,
  target: UploadTarget,
  entry: unknown,
  options: UploadOptions,
): SandboxUploadOutcome {
  const fields =
    typeof entry === 'object' && entry !== null && !Array.isArray(entry)
      ? (entry as Record<string, unknown>)
      : {};
  const keys = Object.keys(fields);
  const operation = keys[0];
  if (keys.length !== 1 || operation === undefined || !isOperation(operation)) {
    return {
      action: keys.join(',').slice(0, 100) || 'none',
      status_code: '16',
      status_message:
        'A batch entry holds exactly one key, create, update or upsert, with the document',
    };
  }
  return uploads.apply(target, operation, fields[operation], options);
}

interface TargetParams {
  readonly project: string;
  readonly dataset?: string;
}

export function documentEndpoints({ uploads }: SandboxServices): Endpoint[] {
  const outcomes = answer(UploadResponse, 'result_searchdoc');
  const common = { method: 'POST', access: 'write', limit: 'upload', journaled: true } as const;
  const checkSingle = ({ params }: { params: TargetParams & { readonly operation: string } }) => {
    targetOf(params);
    operationOf(params.operation);
  };
  const applySingle = (
    params: TargetParams & { readonly operation: string },
    query: QueryParameters,
    body: unknown,
  ) => [uploads.apply(targetOf(params), operationOf(params.operation), body, optionsOf(query))];
  const applyBatch = (params: TargetParams, query: QueryParameters, body: readonly unknown[]) => {
    const target = targetOf(params);
    const options = optionsOf(query);
    return body.map((entry) => applyEntry(uploads, target, entry, options));
  };
  const single = { schema: z.unknown(), size: 'document' } as const;
  const batch = { schema: Batch, size: 'batch', invalid: 'invalidDocumentOperation' } as const;
  return [
    outcomes.endpoint({
      ...common,
      path: '/api/v2/docs/p/:project/:operation',
      body: single,
      check: checkSingle,
      handle: ({ params, query, body }) => applySingle(params, query, body),
    }),
    outcomes.endpoint({
      ...common,
      path: '/api/v2/docs/p/:project/d/:dataset/:operation',
      body: single,
      check: checkSingle,
      handle: ({ params, query, body }) => applySingle(params, query, body),
    }),
    outcomes.endpoint({
      ...common,
      path: '/api/v2/docs/p/:project',
      body: batch,
      check: ({ params }) => void targetOf(params),
      handle: ({ params, query, body }) => applyBatch(params, query, body),
    }),
    outcomes.endpoint({
      ...common,
      path: '/api/v2/docs/p/:project/d/:dataset',
      body: batch,
      check: ({ params }) => void targetOf(params),
      handle: ({ params, query, body }) => applyBatch(params, query, body),
    }),
  ];
}
