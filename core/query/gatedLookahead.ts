// A Chevrotain lookahead strategy in which every decision is made by the grammar's own gates.
//
// The query grammar recovers from errors by putting an error node where an operand is missing
// (`a OR`, `AND b`, `( )`), which needs loops and alternatives to be entered on tokens that no
// operand can start with. Chevrotain's default LL(k) lookahead, computed from first sets, would
// refuse those paths; here each OR takes its first alternative whose GATE holds (an alternative
// without a GATE always holds, so it serves as the default), and each OPTION / MANY runs exactly
// when its GATE holds. The parser in parser.ts gates every choice on the next token.
import type { ILookaheadStrategy, ILookaheadValidationError, IOrAlt } from 'chevrotain';

export class GatedLookahead implements ILookaheadStrategy {
  validate(): ILookaheadValidationError[] {
    return [];
  }

  buildLookaheadForAlternation(): (alternatives?: IOrAlt<unknown>[]) => number | undefined {
    return function chooseAlternative(this: unknown, alternatives) {
      if (!alternatives) return undefined;
      for (let index = 0; index < alternatives.length; index++) {
        const gate = alternatives[index]?.GATE;
        if (gate === undefined || gate.call(this)) return index;
      }
      return undefined;
    };
  }

  buildLookaheadForOptional(): () => boolean {
    // Chevrotain ANDs this with the production's GATE, so the GATE alone decides.
    return () => true;
  }
}
