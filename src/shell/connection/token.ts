// Where the access token lives: VS Code's SecretStorage, or the MEDIA_MONITORING_TOKEN
// environment variable (CI, remote machines). Never settings, never logs.
import * as vscode from 'vscode';

const KEY = 'mediaMonitoring.accessToken';
export const TOKEN_VARIABLE = 'MEDIA_MONITORING_TOKEN';

export class TokenStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly listening: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.listening = secrets.onDidChange((event) => {
      if (event.key === KEY) this.changed.fire();
    });
  }

  /** The stored token, else the environment's; undefined when neither has one. */
  async get(): Promise<string | undefined> {
    const stored = await this.secrets.get(KEY);
    if (stored) return stored;
    const fromEnvironment = process.env[TOKEN_VARIABLE]?.trim();
    return fromEnvironment ? fromEnvironment : undefined;
  }

  set(token: string): Thenable<void> {
    return this.secrets.store(KEY, token);
  }

  clear(): Thenable<void> {
    return this.secrets.delete(KEY);
  }

  dispose(): void {
    this.listening.dispose();
    this.changed.dispose();
  }
}
