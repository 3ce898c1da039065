// GET and POST /api/v2/detect/images/<model>: by `image_url` (GET) or a multipart `image_file`
// (POST); one of them is required. The models are logo and scene; `object`, which the service
// names, is not emulated. A multipart body that does not parse (cut short, no boundary, a part
// without headers) is the client's mistake, code 5 naming image_file.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DETECTION_KINDS,
  OTHER_DETECTION_MODELS,
  type DetectionKind,
} from '../../core/api/schemas/images';
import { text, type QueryParameters } from '../analytics/parameters';
import { ApiFailure, badParameter } from '../http/failure';
import type { SomeHandlers } from '../http/handlers';
import { contractEndpoints } from '../http/implement';
import { quote } from '../http/quote';
import { MAX_IMAGE_BYTES } from '../http/limits';
import { registrar } from '../http/serve';
import { detect, imageAt, logosToDetect, measure, type Measured } from '../images/detection';
import type { SandboxServices } from '../services';

/** The uploaded image's bytes; any way the multipart body fails to parse is code 5. */
async function uploaded(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file({
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20, parts: 21, headerPairs: 100 },
    });
    if (!file || file.fieldname !== 'image_file')
      throw badParameter('image_file', 'send the image as the multipart field image_file');
    const bytes = await file.toBuffer();
    if (file.file.truncated)
      throw badParameter('image_file', `larger than ${MAX_IMAGE_BYTES} bytes`);
    return bytes;
  } catch (error: unknown) {
    if (error instanceof ApiFailure) throw error;
    throw badParameter(
      'image_file',
      `the multipart body does not parse: ${error instanceof Error ? error.message : 'malformed'}`,
    );
  }
}

async function imageOf(request: FastifyRequest, query: QueryParameters): Promise<Measured> {
  const address = text(query, 'image_url');
  if (request.isMultipart()) return measure(await uploaded(request));
  if (address !== undefined) return imageAt(address);
  throw new ApiFailure('missingParameter', 'Missing parameter: image_url or image_file', [
    { key: 'params', value: ['image_url', 'image_file'] },
  ]);
}

/** The model of the path: logo or scene; `object` is refused on purpose, anything else unknown. */
function modelOf(model: string): DetectionKind {
  if ((DETECTION_KINDS as readonly string[]).includes(model)) return model as DetectionKind;
  if ((OTHER_DETECTION_MODELS as readonly string[]).includes(model))
    throw new ApiFailure(
      'unknownEndpoint',
      `/api/v2/detect/images/${model} is not emulated by the sandbox: it detects logos and scenes only`,
    );
  throw new ApiFailure(
    'unknownEndpoint',
    `Endpoint not found: /api/v2/detect/images/${quote(model)} (models: ${DETECTION_KINDS.join(', ')})`,
  );
}

async function detectIn(
  model: string,
  query: QueryParameters,
  request: FastifyRequest,
): Promise<{ match: ReturnType<typeof detect>; height: number; width: number }> {
  const kind = modelOf(model);
  // api.md: `detect` applies to logos only and is ignored for scenes.
  const logos = kind === 'logo' ? logosToDetect(text(query, 'detect')) : [];
  const image = await imageOf(request, query);
  return { match: detect(kind, image, logos), height: image.height, width: image.width };
}

export function imageHandlers(): SomeHandlers<'detectImageAt' | 'detectImageFile'> {
  return {
    detectImageAt: {
      check: ({ params }) => void modelOf(params.model),
      handle: ({ params, query }, request) => detectIn(params.model, query, request),
    },
    detectImageFile: {
      check: ({ params }) => void modelOf(params.model),
      handle: ({ params, query }, request) => detectIn(params.model, query, request),
    },
  };
}

/** In a plugin scope of their own: multipart parsing stays inside it. */
export async function imageEndpoints(
  scope: FastifyInstance,
  services: SandboxServices,
): Promise<void> {
  await scope.register(multipart);
  const registered = registrar(scope, services.context, services.output);
  for (const endpoint of contractEndpoints(imageHandlers(), ['detectImageAt', 'detectImageFile']))
    endpoint.register(registered);
}
