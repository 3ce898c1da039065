// What the lab flags in a rule's parts table, each with its own code (shown as information
// diagnostics in the editor; `mmq explain --fail-on` fails a CI run on them).

export const LAB_FLAG_CODES = ['dead-exclusion', 'redundant-operand', 'dominant-operand'] as const;

export type LabFlagCode = (typeof LAB_FLAG_CODES)[number];

export function isLabFlagCode(value: string): value is LabFlagCode {
  return (LAB_FLAG_CODES as readonly string[]).includes(value);
}

/**
 * The share of a rule's volume above which one operand "brings most of it". A majority, not a
 * plurality: with a plurality some operand of every rule would be flagged.
 */
export const DOMINANT_SHARE = 0.5;

/** An exclusion that removes nothing over the window. */
export const isDeadExclusion = (removed: number): boolean => removed <= 0;

/**
 * An operand whose documents the others all catch already. `<= 0` rather than `=== 0`: a
 * service counting approximately can make the difference of two counts slightly negative.
 */
export const isRedundantOperand = (only: number, operands: number): boolean =>
  operands > 1 && only <= 0;

/** The index of the operand bringing most of the volume, or -1 when none does. */
export function dominantOperand(counts: readonly number[], total: number): number {
  if (counts.length < 2 || total <= 0) return -1;
  let best = 0;
  counts.forEach((count, index) => {
    if (count > (counts[best] as number)) best = index;
  });
  return (counts[best] as number) > total * DOMINANT_SHARE ? best : -1;
}

export function flagMessage(code: LabFlagCode, text: string, total: number): string {
  switch (code) {
    case 'dead-exclusion':
      return `the exclusion \`${text}\` removes nothing`;
    case 'redundant-operand':
      return `\`${text}\` adds nothing the other operands do not already match`;
    case 'dominant-operand':
      return `\`${text}\` brings most of the rule's ${total.toLocaleString('en')} documents`;
  }
}
