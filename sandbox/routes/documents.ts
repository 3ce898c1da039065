// Document upload endpoints (api.md "Document upload"): one document per action, or a batch of
// `{create|update|upsert: document}` entries, into a project or one of its datasets; the
// single-document path also takes `delete` and `undelete` (the service's published description).
// Costs no credit. The answer lists one outcome per document, in request order.
import {
  DOCUMENT_REMOVALS,
  UPLOAD_OPERATIONS,
  type DocumentRemoval,
  type UploadOperation,
} from '../../core/api/schemas/uploads';
import { text, type QueryParameters } from '../analytics/parameters';
import { findProject } from '../fixtures/projects';
import { ApiFailure, notFound } from '../http/failure';
import type { SomeHandlers } from '../http/handlers';
import { quote } from '../http/quote';
import type { SandboxServices } from '../services';
import type { SandboxUploadOutcome, UploadOptions, Uploads, UploadTarget } from '../uploads';

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
const isRemoval = (value: string): value is DocumentRemoval =>
  (DOCUMENT_REMOVALS as readonly string[]).includes(value);

/** The action of the single-document path: an upload operation, `delete` or `undelete`. */
function actionOf(action: string): UploadOperation | DocumentRemoval {
  if (!isOperation(action) && !isRemoval(action)) {
    throw new ApiFailure(
      'invalidDocumentOperation',
      `Invalid document operation ${quote(action)}: use create, update, upsert, delete or undelete`,
      [{ key: 'operation', value: [action] }],
    );
  }
  return action;
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

export function documentHandlers({
  uploads,
}: SandboxServices): SomeHandlers<
  'uploadDocument' | 'datasetUploadDocument' | 'uploadBatch' | 'datasetUploadBatch'
> {
  const checkSingle = ({ params }: { params: TargetParams & { readonly action: string } }) => {
    targetOf(params);
    actionOf(params.action);
  };
  const applySingle = (
    params: TargetParams & { readonly action: string },
    query: QueryParameters,
    body: unknown,
  ) => {
    const target = targetOf(params);
    const action = actionOf(params.action);
    return [
      isRemoval(action)
        ? uploads.remove(target, action, body)
        : uploads.apply(target, action, body, optionsOf(query)),
    ];
  };
  const applyBatch = (params: TargetParams, query: QueryParameters, body: readonly unknown[]) => {
    const target = targetOf(params);
    const options = optionsOf(query);
    return body.map((entry) => applyEntry(uploads, target, entry, options));
  };
  // The contract takes any document and a batch of any entries: each is checked on its own.
  const single = { journaled: true, bodySize: 'document' } as const;
  const batch = {
    journaled: true,
    bodySize: 'batch',
    invalid: 'invalidDocumentOperation',
  } as const;
  return {
    uploadDocument: {
      ...single,
      check: checkSingle,
      handle: ({ params, query, body }) => applySingle(params, query, body),
    },
    datasetUploadDocument: {
      ...single,
      check: checkSingle,
      handle: ({ params, query, body }) => applySingle(params, query, body),
    },
    uploadBatch: {
      ...batch,
      check: ({ params }) => void targetOf(params),
      handle: ({ params, query, body }) => applyBatch(params, query, body),
    },
    datasetUploadBatch: {
      ...batch,
      check: ({ params }) => void targetOf(params),
      handle: ({ params, query, body }) => applyBatch(params, query, body),
    },
  };
}
