// Document upload (api.md "Document upload"; gaps.md per-document outcomes) and image detection.
import { FormData } from 'undici';
import type {
  Annotation,
  RETURN_ENTRY,
  UploadBatch,
  UploadDocument,
  UploadOperation,
} from '../../schemas/uploads';
import { UploadResponse } from '../../schemas/uploads';
import { ImageDetectionResponse, type DetectionKind } from '../../schemas/images';
import type { Transport } from '../transport';
import { withSignal, type CallOptions } from './search';

/** Where documents go: a project, or one of its datasets. */
export interface UploadTarget {
  readonly project: string;
  readonly dataset?: string;
  /** Dataset uploads: `show` returns each stored document as `entry`. */
  readonly returnEntry?: typeof RETURN_ENTRY;
  /** Dataset uploads: `sentiment` scores each document. */
  readonly annotate?: Annotation;
}

function uploadPath(target: UploadTarget): string {
  const base = `/api/v2/docs/p/${encodeURIComponent(target.project)}`;
  return target.dataset === undefined ? base : `${base}/d/${encodeURIComponent(target.dataset)}`;
}

const uploadQuery = (target: UploadTarget) => ({
  return_entry: target.returnEntry,
  annotate: target.annotate,
});

/** One document, created, updated or upserted: one outcome. Uploads are never retried. */
export function uploadDocument(
  transport: Transport,
  target: UploadTarget,
  operation: UploadOperation,
  document: Partial<UploadDocument>,
  options: CallOptions = {},
) {
  return transport.call({
    method: 'POST',
    path: `${uploadPath(target)}/${operation}`,
    query: uploadQuery(target),
    body: document,
    schema: UploadResponse,
    endpoint: 'upload',
    ...withSignal(options),
  });
}

/** Up to 500 documents, each `{create|update|upsert: document}`: one outcome per document, in order. */
export function uploadBatch(
  transport: Transport,
  target: UploadTarget,
  entries: UploadBatch,
  options: CallOptions = {},
) {
  return transport.call({
    method: 'POST',
    path: uploadPath(target),
    query: uploadQuery(target),
    body: entries,
    schema: UploadResponse,
    endpoint: 'upload',
    ...withSignal(options),
  });
}

export interface DetectOptions extends CallOptions {
  /** Logo detection only: the logo IDs to test; all configured ones when absent. */
  readonly detect?: readonly string[];
}

/** Detection on an image at an approved address. */
export function detectImageAt(
  transport: Transport,
  kind: DetectionKind,
  imageUrl: string,
  options: DetectOptions = {},
) {
  return transport.call({
    method: 'GET',
    path: `/api/v2/detect/images/${kind}`,
    query: { image_url: imageUrl, detect: options.detect?.join(',') },
    schema: ImageDetectionResponse,
    ...withSignal(options),
  });
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
  return transport.call({
    method: 'POST',
    path: `/api/v2/detect/images/${kind}`,
    query: { detect: options.detect?.join(',') },
    body: form,
    schema: ImageDetectionResponse,
    ...withSignal(options),
  });
}
