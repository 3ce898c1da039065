// GET and POST /api/v2/detect/images/{logo,scene}: by `image_url` (GET) or a multipart
// `image_file` (POST); one of them is required. A multipart body that does not parse (cut short,
// no boundary, a part without headers) is the client's mistake, code 5 naming image_file.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ImageDetectionResponse } from '../../core/api/schemas/images';
import { text, type QueryParameters } from '../analytics/parameters';
import { answer } from '../http/endpoint';
import { ApiFailure, badParameter } from '../http/failure';
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

/** In a plugin scope of their own: multipart parsing stays inside it. */
export async function imageEndpoints(
  scope: FastifyInstance,
  services: SandboxServices,
): Promise<void> {
  await scope.register(multipart);
  const registered = registrar(scope, services.context, services.output);
  for (const kind of ['logo', 'scene'] as const) {
    for (const method of ['GET', 'POST'] as const) {
      answer(ImageDetectionResponse, 'result_processing')
        .endpoint({
          method,
          path: `/api/v2/detect/images/${kind}`,
          access: 'read',
          handle: async ({ query }, request) => {
            // api.md: `detect` applies to logos only and is ignored for scenes.
            const logos = kind === 'logo' ? logosToDetect(text(query, 'detect')) : [];
            const image = await imageOf(request, query);
            return { match: detect(kind, image, logos), height: image.height, width: image.width };
          },
        })
        .register(registered);
    }
  }
}
