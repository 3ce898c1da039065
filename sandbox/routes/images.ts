// GET and POST /api/v2/detect/images/{logo,scene}: by `image_url` (GET) or a multipart
// `image_file` (POST); one of them is required.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { text, type QueryParameters } from '../analytics/parameters';
import { admit, type SandboxContext } from '../context';
import { sendResult } from '../http/envelope';
import { ApiFailure, badParameter } from '../http/failure';
import { detect, imageAt, logosToDetect, measure, type Measured } from '../images/detection';

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

async function imageOf(request: FastifyRequest): Promise<Measured> {
  const address = text(request.query as QueryParameters, 'image_url');
  if (request.isMultipart()) {
    const file = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES } });
    if (!file || file.fieldname !== 'image_file')
      throw badParameter('image_file', 'send the image as the multipart field image_file');
    const bytes = await file.toBuffer();
    if (file.file.truncated)
      throw badParameter('image_file', `larger than ${MAX_IMAGE_BYTES} bytes`);
    return measure(bytes);
  }
  if (address !== undefined) return imageAt(address);
  throw new ApiFailure('missingParameter', 'Missing parameter: image_url or image_file', [
    { key: 'params', value: ['image_url', 'image_file'] },
  ]);
}

export async function imageRoutes(app: FastifyInstance, context: SandboxContext): Promise<void> {
  await app.register(multipart);
  for (const kind of ['logo', 'scene'] as const) {
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      admit(context, request, 'read');
      // api.md: `detect` applies to logos only and is ignored for scenes.
      const logos =
        kind === 'logo' ? logosToDetect(text(request.query as QueryParameters, 'detect')) : [];
      const image = await imageOf(request);
      return sendResult(request, reply, 'result_processing', {
        match: detect(kind, image, logos),
        height: image.height,
        width: image.width,
      });
    };
    app.get(`/api/v2/detect/images/${kind}`, handler);
    app.post(`/api/v2/detect/images/${kind}`, handler);
  }
}
