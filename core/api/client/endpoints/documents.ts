// Document upload (api.md "Document upload"; gaps.md per-document outcomes; the service's
// published description adds delete and undelete) and image detection, called through the
// contract.
import { FormData } from 'undici';
import { CONTRACT } from '../../contract';
import type { UploadParameters } from '../../parameters';
import type {
  Annotation,
  DocumentRemoval,
  RETURN_ENTRY,
  UploadBatch,
  UploadDocument,
  UploadOperation,
} from '../../schemas/uploads';
import type { DetectionKind } from '../../schemas/images';
import type { Transport } from '../transport';
import type { CallOptions } from './search';

/** Where documents go: a project, or one of its datasets. */
export interface UploadTarget {
  readonly project: string;
  readonly dataset?: string;
  /** Dataset uploads: `show` returns each stored document as `entry`. */
  readonly returnEntry?: typeof RETURN_ENTRY;
  /** Dataset uploads: `sentiment` scores each document. */
  readonly annotate?: Annotation;
}

const uploadQuery = (target: UploadTarget): UploadParameters => ({
  ...(target.returnEntry ? { return_entry: target.returnEntry } : {}),
  ...(target.annotate ? { annotate: target.annotate } : {}),
});

/**
 * One document, created, updated or upserted, or removed (`delete`) or brought back (`undelete`)
 * by its url: one outcome. Uploads are never retried.
 */
export function uploadDocument(
  transport: Transport,
  target: UploadTarget,
  action: UploadOperation | DocumentRemoval,
  document: UploadDocument,
  options: CallOptions = {},
) {
  const query = uploadQuery(target);
  return target.dataset === undefined
    ? transport.invoke(
        CONTRACT.uploadDocument,
        { params: { project: target.project, action }, query, body: document },
        options,
      )
    : transport.invoke(
        CONTRACT.datasetUploadDocument,
        {
          params: { project: target.project, dataset: target.dataset, action },
          query,
          body: document,
        },
        options,
      );
}

/** Up to 500 documents, each `{create|update|upsert: document}`: one outcome per document, in order. */
export function uploadBatch(
  transport: Transport,
  target: UploadTarget,
  entries: UploadBatch,
  options: CallOptions = {},
) {
  const query = uploadQuery(target);
  return target.dataset === undefined
    ? transport.invoke(
        CONTRACT.uploadBatch,
        { params: { project: target.project }, query, body: entries },
        options,
      )
    : transport.invoke(
        CONTRACT.datasetUploadBatch,
        { params: { project: target.project, dataset: target.dataset }, query, body: entries },
        options,
      );
}

export interface DetectOptions extends CallOptions {
  /** Logo detection only: the logo IDs to test; all configured ones when absent. */
  readonly detect?: readonly string[];
}

const detectQuery = (options: DetectOptions) =>
  options.detect === undefined ? {} : { detect: options.detect.join(',') };

/** Detection on an image at an approved address. */
export function detectImageAt(
  transport: Transport,
  kind: DetectionKind,
  imageUrl: string,
  options: DetectOptions = {},
) {
  return transport.invoke(
    CONTRACT.detectImageAt,
    { params: { model: kind }, query: { image_url: imageUrl, ...detectQuery(options) } },
    options,
  );
}

/** Detection on image bytes, sent as multipart `image_file`. */
export function detectImageFile(
  transport: Transport,
  kind: DetectionKind,
  image: { readonly bytes: Uint8Array; readonly fileName: string; readonly contentType?: string },
  options: DetectOptions = {},
) {
  const form = new FormData();
  form.append(
    'image_file',
    new Blob([image.bytes], { type: image.contentType ?? 'application/octet-stream' }),
    image.fileName,
  );
  return transport.invoke(
    CONTRACT.detectImageFile,
    { params: { model: kind }, query: detectQuery(options), body: form },
    options,
  );
}
