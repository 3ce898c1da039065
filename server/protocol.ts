// Every custom message between the extension and the language server, declared once with its
// types. Both sides import this file; nothing else names these methods.
import { RequestType0 } from 'vscode-languageserver-protocol';

/** What the extension knows about the default project, for completing `tag:` and topic ids. */
export interface ProjectContext {
  readonly projectId: string | null;
  readonly tags: readonly { readonly id: string; readonly label: string }[];
  readonly topics: readonly { readonly id: string; readonly title: string }[];
}

/** Server → client: the default project's tags and topics (empty when nothing is connected). */
export const ProjectContextRequest = new RequestType0<ProjectContext, void>(
  'mediaMonitoring/projectContext',
);

/** Sent by the client in initializationOptions when it answers ProjectContextRequest. */
export interface InitializationOptions {
  readonly projectContext?: boolean;
}
