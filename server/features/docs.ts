// What each operator and annotation does (spec §1, §2), shown by completion and hover.
import type { KNOWN_ANNOTATIONS } from '../../core/query/file';

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

/** The documentation of an operator token as written (`NEAR/3` and `NEAR` → the NEAR/N entry). */
export function operatorDoc(image: string): string | undefined {
  const proximity = /^(O?NEAR)(\/\d+)?$/.exec(image);
  return OPERATOR_DOCS[proximity ? `${proximity[1]}/5` : image];
}

/** Only what the extension does with each today: no command pushes or runs a file yet. */
export const ANNOTATION_DOCS: Readonly<Record<(typeof KNOWN_ANNOTATIONS)[number], string>> = {
  stream:
    'The stream whose rules this file holds: the Streams view shows them under that stream, as local rules.',
  project:
    'The project whose tags completion offers after `tag:` in this file, instead of the default project’s.',
};

/** The documentation of an annotation name, or undefined for an unknown one. */
export function annotationDoc(name: string): string | undefined {
  return Object.hasOwn(ANNOTATION_DOCS, name)
    ? ANNOTATION_DOCS[name as keyof typeof ANNOTATION_DOCS]
    : undefined;
}
