// Answers the language server's mediaMonitoring/projectContext request (server/protocol.ts):
// the default project's tags and topics, for completing `tag:` values and topic ids. Cached for
// a minute; empty, not an error, when nothing is connected or no project is chosen.
import type * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { ProjectContextRequest, type ProjectContext } from '../server/protocol';
import type { Connection } from './connection/connection';
import { defaultProject } from './connection/settings';
import type { ProjectsModel } from './model/projectsModel';

const CACHE_MS = 60_000;
const NOTHING: ProjectContext = { projectId: null, tags: [], topics: [] };

export function answerProjectContext(
  client: LanguageClient,
  connection: Connection,
  projects: ProjectsModel,
  log: vscode.LogOutputChannel,
): vscode.Disposable {
  let cached: { at: number; context: ProjectContext } | undefined;
  return client.onRequest(ProjectContextRequest, async () => {
    const projectId = defaultProject();
    if (!projectId || connection.state.kind !== 'connected') return NOTHING;
    if (cached && cached.context.projectId === projectId && Date.now() - cached.at < CACHE_MS)
      return cached.context;
    try {
      const context: ProjectContext = { projectId, ...(await projects.projectContext(projectId)) };
      cached = { at: Date.now(), context };
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
