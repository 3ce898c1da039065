// The parameters of the language server's mediaMonitoring/projectContext request, checked on
// arrival: they cross a process boundary, so the extension trusts their shape no more than the
// server trusts the answer (server/projectContext.ts). No VS Code here, so it is unit-tested.
import type { ProjectContextParams } from '../../../server/protocol';

/** The params as declared, or undefined when they are not `{ projectId: string | null }`. */
export function readProjectContextParams(raw: unknown): ProjectContextParams | undefined {
  if (typeof raw !== 'object' || raw === null || !('projectId' in raw)) return undefined;
  const { projectId } = raw;
  if (projectId === null) return { projectId: null };
  if (typeof projectId !== 'string') return undefined;
  // A blank id names no project: the default one applies.
  return { projectId: projectId.trim() === '' ? null : projectId.trim() };
}
