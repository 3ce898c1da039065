// Commands on documents: upload a file's documents, and delete documents from search or
// undelete them (src/live/, in dist/live.js, loaded on first use). The arguments after the first
// are a test's answers to the questions.
import type { DocumentRemoval } from '../../../core/api/schemas/uploads';
import type { Ctx } from '../../shell/ctx';
import type { RemovalRequest } from './removeCommand';
import type { UploadRequest } from './uploadTarget';
import type { CommandArea } from '../../shell/commands/table';

export function documentCommands(ctx: Ctx) {
  const removal = (action: DocumentRemoval) => (request?: RemovalRequest) =>
    ctx.runner.guard(`${action} documents`, () => ctx.uploads().remove(action, request));
  return {
    'mediaMonitoring.upload': (argument?: unknown, request?: UploadRequest) =>
      ctx.uploads().upload(argument, request),
    'mediaMonitoring.documents.delete': removal('delete'),
    'mediaMonitoring.documents.undelete': removal('undelete'),
  } satisfies CommandArea;
}
