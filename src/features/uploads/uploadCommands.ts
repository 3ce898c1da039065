// Commands on documents: upload a file's documents, and delete documents from search or
// undelete them (the uploads' bundle, dist/uploads.js, loaded on first use). The arguments after
// the first are a test's answers to the questions.
import type { DocumentRemoval } from '../../../core/api/schemas/uploads';
import { lazyBundle } from '../../shell/bundles';
import type { CommandArea } from '../../shell/commands/table';
import type { Ctx } from '../../shell/ctx';
import type { ProjectsPort } from '../../shell/ports';
import type { RemovalRequest } from './removeCommand';
import type { Uploads } from './uploads';
import type { UploadRequest } from './uploadTarget';

const uploadsBundle = lazyBundle<typeof import('./index')>('uploads.js');

export function uploadCommands(ctx: Ctx, projects: ProjectsPort) {
  let loaded: Uploads | undefined;
  const uploads = () =>
    (loaded ??= ctx.own(
      new (uploadsBundle().Uploads)({
        extension: ctx.extension,
        log: ctx.log,
        runner: ctx.runner,
        questions: ctx.questions,
        connection: ctx.connection,
        documents: ctx.documents,
        pickProject: (placeHolder) => projects.pick(placeHolder),
      }),
    ));
  const removal = (action: DocumentRemoval) => (request?: RemovalRequest) =>
    ctx.runner.guard(`${action} documents`, () => uploads().remove(action, request));
  return {
    'mediaMonitoring.upload': (argument?: unknown, request?: UploadRequest) =>
      uploads().upload(argument, request),
    'mediaMonitoring.documents.delete': removal('delete'),
    'mediaMonitoring.documents.undelete': removal('undelete'),
  } satisfies CommandArea;
}
