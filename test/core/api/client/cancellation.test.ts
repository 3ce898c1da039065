// VS Code's cancellation tokens mapped onto the client's AbortSignals.
import assert from 'node:assert/strict';
import { abortSignalFor, userAgent } from '../../../../core/api/client/cancellation';

class Token {
  isCancellationRequested = false;
  private readonly listeners = new Set<() => void>();
  onCancellationRequested(listener: () => void) {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }
  cancel(): void {
    this.isCancellationRequested = true;
    for (const listener of this.listeners) listener();
  }
  get listening(): number {
    return this.listeners.size;
  }
}

describe('cancellation tokens as abort signals', () => {
  it('aborts when the token is cancelled', () => {
    const token = new Token();
    const { signal } = abortSignalFor(token);
    assert.equal(signal.aborted, false);
    token.cancel();
    assert.equal(signal.aborted, true);
  });

  it('is aborted at once for a token already cancelled', () => {
    const token = new Token();
    token.cancel();
    assert.equal(abortSignalFor(token).signal.aborted, true);
  });

  it('dispose() stops listening to the token', () => {
    const token = new Token();
    const mapped = abortSignalFor(token);
    assert.equal(token.listening, 1);
    mapped.dispose();
    assert.equal(token.listening, 0);
  });

  it('names the product, its version and the host in the User-Agent', () => {
    assert.match(
      userAgent('media-monitoring-vscode', '0.1.0', 'VS Code 1.139.0'),
      /^media-monitoring-vscode\/0\.1\.0 \(VS Code 1\.139\.0; node \d+\.\d+\.\d+\)$/,
    );
  });
});
