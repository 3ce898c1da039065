// What each operator does, for completion and hover (spec §2).
export const OPERATOR_DOCS: Readonly<Record<string, string>> = {
  AND: '**AND**: both sides must match. Adjacent operands without an operator are ANDed too.',
  OR: '**OR**: either side matches. OR binds loosest: `a AND b OR c` is `(a AND b) OR c`.',
  NOT: '**NOT**: the operand must not match. `a AND NOT b`; `NOT x` alone is a valid query.',
  'NEAR/5':
    '**NEAR/N**: both sides within N words of each other, in any order (`NEAR` alone is `NEAR/15`).',
  'ONEAR/5': '**ONEAR/N**: like NEAR/N, but the left side comes first.',
  SENTENCE: '**SENTENCE**: both sides in the same sentence.',
  OSENTENCE: '**OSENTENCE**: both sides in the same sentence, the left side first.',
};

/** The documentation of an operator token as written (`NEAR/3` → the NEAR/N entry). */
export function operatorDoc(image: string): string | undefined {
  const key = image.replace(/\/\d+$/, '/5');
  return (
    OPERATOR_DOCS[key] ??
    (image === 'NEAR' || image === 'ONEAR' ? OPERATOR_DOCS[`${image}/5`] : undefined)
  );
}
