// Every custom message between the extension and the language server, declared once with its
// types (as vscode-eslint's customMessages.ts does). Both sides import this file and nothing else
// names these methods; it holds types and message constants only, no behaviour.
import { RequestType } from 'vscode-languageserver-protocol';
import type { FileRules } from '../core/query/fileRules';

/** What the extension knows about a project: the one a file names, or the default project. */
export interface ProjectContext {
  /** Null when no project is selected or nothing is connected. */
  readonly projectId: string | null;
  readonly tags: readonly { readonly id: string; readonly label: string }[];
  readonly topics: readonly { readonly id: string; readonly title: string }[];
  /**
   * Why there are no tags to offer, for the completion list to say instead of "No suggestions":
   * `noProject` (the file names none and no default is set), `notConnected`. Absent when the
   * lists hold the project's own.
   */
  readonly unavailable?: 'noProject' | 'notConnected';
}

/** Which project the server asks about. */
export interface ProjectContextParams {
  /**
   * The `// @project` id of the document being completed; null when it has none, and the client
   * then answers for its default project.
   */
  readonly projectId: string | null;
}

/**
 * Server → client: a project's tags and topics, asked when completing `tag:` values. Sent only
 * to a client whose initializationOptions say `projectContext: true`; the client answers with
 * empty lists (not an error) when nothing is connected or no project is chosen.
 */
export const ProjectContextRequest = new RequestType<ProjectContextParams, ProjectContext, void>(
  'mediaMonitoring/projectContext',
);

/** What the client sends as `initializationOptions` in `initialize`. */
export interface InitializationOptions {
  /** The client answers ProjectContextRequest. */
  readonly projectContext?: boolean;
}

export type { FileRules, RuleSummary } from '../core/query/fileRules';

/** Client → server: the rules of an open document; null when the server does not have it. */
export const RulesRequest = new RequestType<{ readonly uri: string }, FileRules | null, void>(
  'mediaMonitoring/rules',
);

/** The errors of a query on its own (a selection, a typed query) before it is run. */
export interface QueryCheck {
  readonly errors: readonly { readonly message: string; readonly code: string }[];
}

/** Client → server: check a query that is not a rule of a document. */
export const CheckQueryRequest = new RequestType<{ readonly query: string }, QueryCheck, void>(
  'mediaMonitoring/checkQuery',
);
