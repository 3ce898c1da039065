// The last semantic tokens sent for each open document, so that the next request for them can be
// answered with what changed (textDocument/semanticTokens/full/delta): after an edit in a large
// file, the few numbers that differ rather than every token of the file again (18.5 million
// numbers for 30 million characters). Tokens are encoded each relative to the one before, so an
// edit changes a short stretch of the array: one edit, the stretch between the common start and
// the common end.
import type {
  SemanticTokens,
  SemanticTokensDelta,
  SemanticTokensEdit,
} from 'vscode-languageserver';

/** The one edit that turns `before` into `after`: what lies between their common ends. */
export function editsBetween(
  before: ArrayLike<number>,
  after: readonly number[],
): SemanticTokensEdit[] {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  if (endBefore === start && endAfter === start) return [];
  return [{ start, deleteCount: endBefore - start, data: after.slice(start, endAfter) }];
}

export class TokenResults {
  private readonly last = new Map<string, { readonly id: string; readonly data: Uint32Array }>();
  private made = 0;

  /** The document's tokens, kept as its last result under a new id. */
  full(uri: string, tokens: SemanticTokens): SemanticTokens {
    const resultId = String(++this.made);
    // As 32-bit numbers: a quarter of the memory of the array of numbers sent.
    this.last.set(uri, { id: resultId, data: Uint32Array.from(tokens.data) });
    return { resultId, data: tokens.data };
  }

  /**
   * What changed since the result `previousId`, kept as the new last result; the whole tokens
   * when that result is not the one kept (another request came between, or the server restarted).
   */
  delta(
    uri: string,
    previousId: string,
    tokens: SemanticTokens,
  ): SemanticTokens | SemanticTokensDelta {
    const kept = this.last.get(uri);
    const result = this.full(uri, tokens);
    if (kept?.id !== previousId) return result;
    return { resultId: result.resultId, edits: editsBetween(kept.data, tokens.data) };
  }

  /** The document closed. */
  forget(uri: string): void {
    this.last.delete(uri);
  }
}
