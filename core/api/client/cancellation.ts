// VS Code cancels with a CancellationToken; the client cancels with an AbortSignal. The
// extension hands every call `abortSignalFor(token)`. Structural types, so this needs no
// `vscode` module and is tested as it is.

export interface CancellationTokenLike {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): { dispose(): void };
}

/** An AbortSignal that aborts when the token is cancelled; `dispose()` stops listening. */
export function abortSignalFor(token: CancellationTokenLike): {
  readonly signal: AbortSignal;
  dispose(): void;
} {
  const controller = new AbortController();
  if (token.isCancellationRequested) {
    controller.abort(new Error('cancelled'));
    return { signal: controller.signal, dispose: () => undefined };
  }
  const listening = token.onCancellationRequested(() => controller.abort(new Error('cancelled')));
  return { signal: controller.signal, dispose: () => listening.dispose() };
}

/** `media-monitoring-vscode/0.1.0 (VS Code 1.139.0; node 22.x)`, for the User-Agent header. */
export function userAgent(product: string, version: string, host?: string): string {
  return `${product}/${version} (${host ? `${host}; ` : ''}node ${process.versions.node})`;
}
