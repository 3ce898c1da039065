// A project's tags and topics (the file's `// @project`, else the client's default project), asked
// of the client (ProjectContextRequest) for completing `tag:` values. Only a client that says it answers (initializationOptions) is asked:
// an editor that does not know the method would answer with an error at best and never at worst.
import { CancellationTokenSource, type Connection } from 'vscode-languageserver';
import { ProjectContextRequest, type InitializationOptions, type ProjectContext } from './protocol';

export const EMPTY_PROJECT_CONTEXT: ProjectContext = { projectId: null, tags: [], topics: [] };

/**
 * A completion list waits for the answer, so a slow or silent client must not freeze it: after
 * this long the list is offered without tags.
 */
const PROJECT_CONTEXT_TIMEOUT_MS = 1500;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** What the client declared in `initialize`; anything unexpected counts as not declared. */
export function readInitializationOptions(raw: unknown): InitializationOptions {
  return { projectContext: isRecord(raw) && raw.projectContext === true };
}

/** Keeps the well-formed entries of the client's answer: the server never trusts a shape. */
export function readProjectContext(raw: unknown): ProjectContext {
  if (!isRecord(raw)) return EMPTY_PROJECT_CONTEXT;
  const entries = <K extends string>(list: unknown, key: K) =>
    Array.isArray(list)
      ? list.filter(
          (item): item is Record<'id' | K, string> =>
            isRecord(item) && typeof item.id === 'string' && typeof item[key] === 'string',
        )
      : [];
  return {
    projectId: typeof raw.projectId === 'string' ? raw.projectId : null,
    tags: entries(raw.tags, 'label').map(({ id, label }) => ({ id, label })),
    topics: entries(raw.topics, 'title').map(({ id, title }) => ({ id, title })),
    ...(raw.unavailable === 'noProject' || raw.unavailable === 'notConnected'
      ? { unavailable: raw.unavailable }
      : {}),
  };
}

export class ProjectContextSource {
  private supported = false;

  constructor(private readonly connection: Connection) {}

  enable(options: InitializationOptions): void {
    this.supported = options.projectContext === true;
  }

  /**
   * The client's current answer about `projectId` (the file's annotation; null for the client's
   * default project). Never cached here: tags change while the editor is open.
   */
  async get(projectId: string | null): Promise<ProjectContext> {
    if (!this.supported) return EMPTY_PROJECT_CONTEXT;
    const cancellation = new CancellationTokenSource();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => {
        cancellation.cancel();
        resolve(undefined);
      }, PROJECT_CONTEXT_TIMEOUT_MS);
    });
    try {
      const answer: unknown = await Promise.race([
        this.connection.sendRequest(ProjectContextRequest, { projectId }, cancellation.token),
        timeout,
      ]);
      return readProjectContext(answer);
    } catch {
      // The client failed to answer: complete without tags rather than fail the whole list.
      return EMPTY_PROJECT_CONTEXT;
    } finally {
      clearTimeout(timer);
      cancellation.dispose();
    }
  }
}
