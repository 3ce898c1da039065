// Commands on documents: upload a file's documents, and delete documents from search or
// undelete them (src/live/, in dist/live.js, loaded on first use). The arguments after the first
// are a test's answers to the questions.
import type { Ctx } from '../context';
import type { RemovalRequest } from '../live/removeCommand';
import type { UploadRequest } from '../live/uploadTarget';
import type { CommandArea } from './table';

export function documentCommands(ctx: Ctx) {
  return {
    'mediaMonitoring.upload': (argument?: unknown, request?: UploadRequest) =>
      ctx.uploads().upload(argument, request),
    'mediaMonitoring.documents.delete': (request?: RemovalRequest) =>
      ctx.runner.guard('Delete documents', () => ctx.uploads().remove('delete', request)),
    'mediaMonitoring.documents.undelete': (request?: RemovalRequest) =>
      ctx.runner.guard('Undelete documents', () => ctx.uploads().remove('undelete', request)),
  } satisfies CommandArea;
}
