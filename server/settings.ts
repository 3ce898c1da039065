// The user's settings that the server reads (section `mediaMonitoring`), pulled per document
// through workspace/configuration and cached until the client says they changed.
import type { Connection } from 'vscode-languageserver';
import { isDiagnosticCode, type DiagnosticCode, type Severity } from '../core/query/diagnostic';

export type SeverityOverride = Severity | 'off';

export interface ServerSettings {
  readonly severity: Partial<Record<DiagnosticCode, SeverityOverride>>;
  readonly lineWidth: number;
}

export const DEFAULT_SETTINGS: ServerSettings = { severity: {}, lineWidth: 100 };

const OVERRIDES = new Set<string>(['error', 'warning', 'information', 'hint', 'off']);

/** Validates what the client sent: a bad entry is ignored, never trusted. */
export function readSettings(raw: unknown): ServerSettings {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_SETTINGS;
  const section = raw as { diagnostics?: { severity?: unknown }; format?: { lineWidth?: unknown } };
  const severity: Partial<Record<DiagnosticCode, SeverityOverride>> = {};
  const given = section.diagnostics?.severity;
  if (typeof given === 'object' && given !== null) {
    for (const [code, value] of Object.entries(given)) {
      if (isDiagnosticCode(code) && typeof value === 'string' && OVERRIDES.has(value))
        severity[code] = value as SeverityOverride;
    }
  }
  const width = section.format?.lineWidth;
  const lineWidth =
    typeof width === 'number' && width >= 40 && width <= 400 ? width : DEFAULT_SETTINGS.lineWidth;
  return { severity, lineWidth };
}

export class SettingsStore {
  private readonly cache = new Map<string, Promise<ServerSettings>>();
  private supported = false;

  constructor(private readonly connection: Connection) {}

  enable(supported: boolean): void {
    this.supported = supported;
  }

  get(uri: string): Promise<ServerSettings> {
    if (!this.supported) return Promise.resolve(DEFAULT_SETTINGS);
    let settings = this.cache.get(uri);
    if (!settings) {
      settings = this.connection.workspace
        .getConfiguration({ scopeUri: uri, section: 'mediaMonitoring' })
        .then(readSettings, () => DEFAULT_SETTINGS);
      this.cache.set(uri, settings);
    }
    return settings;
  }

  clear(): void {
    this.cache.clear();
  }

  forget(uri: string): void {
    this.cache.delete(uri);
  }
}
