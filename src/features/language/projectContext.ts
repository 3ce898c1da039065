// Answers the language server's mediaMonitoring/projectContext request (server/protocol.ts): the
// tags and topics of the project the file names with `// @project`, else of the default project,
// for completing `tag:` values. Cached per project for a minute; empty, not an error, when
// nothing is connected or no project is chosen.
import type * as vscode from 'vscode';
import { ErrorCodes, ResponseError, type LanguageClient } from 'vscode-languageclient/node';
import { ProjectContextRequest, type ProjectContext } from '../../../server/protocol';
import type { Connection } from '../../shell/connection/connection';
import { defaultProject } from '../../shell/connection/settings';
import type { ProjectsPort } from '../../shell/ports';
import { readProjectContextParams } from './projectContextParams';

const CACHE_MS = 60_000;
const NOTHING: ProjectContext = { projectId: null, tags: [], topics: [] };

export function answerProjectContext(
  client: LanguageClient,
  connection: Connection,
  projects: Pick<ProjectsPort, 'projectContext'>,
  log: vscode.LogOutputChannel,
): vscode.Disposable {
  const cache = new Map<string, { at: number; context: ProjectContext }>();
  return client.onRequest(ProjectContextRequest, async (raw: unknown) => {
    const params = readProjectContextParams(raw);
    if (!params) {
      log.warn(`project context: unexpected parameters ${JSON.stringify(raw)}`);
      throw new ResponseError(ErrorCodes.InvalidParams, 'expected { projectId: string | null }');
    }
    const projectId = params.projectId ?? defaultProject();
    if (!projectId) return { ...NOTHING, unavailable: 'noProject' as const };
    if (connection.state.kind !== 'connected')
      return { ...NOTHING, unavailable: 'notConnected' as const };
    const now = Date.now();
    for (const [id, entry] of cache) if (now - entry.at >= CACHE_MS) cache.delete(id);
    const cached = cache.get(projectId);
    if (cached) return cached.context;
    try {
      const context: ProjectContext = { projectId, ...(await projects.projectContext(projectId)) };
      cache.set(projectId, { at: Date.now(), context });
      return context;
    } catch (error: unknown) {
      connection.noticeFailure(error);
      log.warn(
        `project context for ${projectId}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return { ...NOTHING, projectId };
    }
  });
}
