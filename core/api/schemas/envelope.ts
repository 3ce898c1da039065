// The response envelope every JSON answer shares (spec/api.md "Common response envelope"), and the
// error shape (api.md "Errors", gaps.md "Errors and the envelope").
import * as z from 'zod/mini';
import { list, maybe } from './lenient';

/** `result_error.data[]`: a key and the values it concerns (`params`, `param`, `details`, …). */
export const ErrorEntry = z.object({ key: z.string(), value: list(z.string()) });
export type ErrorEntry = z.infer<typeof ErrorEntry>;

export const ResultError = z.object({ data: list(ErrorEntry) });

/** Fields of every envelope; `status_code` is a string, `"0"` on success. */
export const EnvelopeBase = z.object({
  status_code: z.string(),
  status_message: z.string(),
  request: maybe(z.string()),
  request_id: maybe(z.string()),
});

export const ErrorEnvelope = z.looseObject({
  ...EnvelopeBase.shape,
  result_error: maybe(ResultError),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** A successful envelope with its payload under `result_<kind>`. */
export function envelope<Key extends string, Shape extends z.ZodMiniType>(
  key: Key,
  payload: Shape,
) {
  return z.extend(EnvelopeBase, { [key]: payload } as Record<Key, Shape>);
}

/** The status codes of gaps.md, with the HTTP status each comes with. */
export const STATUS = {
  ok: { code: '0', http: 200 },
  internal: { code: '1', http: 500 },
  searchFailed: { code: '2', http: 500 },
  missingParameter: { code: '3', http: 400 },
  queryParse: { code: '4', http: 400 },
  badParameter: { code: '5', http: 400 },
  badToken: { code: '7', http: 401 },
  rateLimited: { code: '8', http: 401 },
  noCredits: { code: '9', http: 401 },
  forbidden: { code: '13', http: 403 },
  notFound: { code: '15', http: 404 },
  invalidDocumentOperation: { code: '16', http: 400 },
  invalidJson: { code: '17', http: 400 },
  invalidStreamOperation: { code: '18', http: 400 },
  tooMany: { code: '19', http: 403 },
  replacedConnection: { code: '24', http: 403 },
  resumeFromOffset: { code: '25', http: 403 },
  unknownEndpoint: { code: '26', http: 404 },
  tooManyStreams: { code: '30', http: 429 },
  unknownImageModel: { code: '45', http: 400 },
  urlNotApproved: { code: '50', http: 400 },
} as const;

export type StatusName = keyof typeof STATUS;
