// A small Wadler-style pretty printer (the algorithm of Prettier's doc printer, reduced to what
// the formatter needs). A query is described as a tree of texts, groups, indents and line breaks;
// a group is printed on one line when it fits the line width, otherwise its line breaks become
// new lines. Keeping layout decisions here lets the query layout (queryDoc.ts) say only *where*
// a query may break, never *how* lines are measured.

export type Doc =
  | string
  | { readonly kind: 'concat'; readonly parts: readonly Doc[] }
  | { readonly kind: 'group'; readonly contents: Doc; readonly broken: boolean }
  | { readonly kind: 'indent'; readonly contents: Doc }
  /**
   * `space`: a blank when flat, a new line when broken; `soft`: nothing when flat; `hard`: always
   * a new line (and every group around it breaks).
   */
  | { readonly kind: 'line'; readonly mode: 'space' | 'soft' | 'hard' }
  /** A comment: printed as is, but zero width, so a long comment never breaks the query. */
  | { readonly kind: 'comment'; readonly text: string }
  /** Prints nothing; breaks every group around it (an end-of-line comment needs a new line next). */
  | { readonly kind: 'breakParent' };

export const line: Doc = { kind: 'line', mode: 'space' };
export const softline: Doc = { kind: 'line', mode: 'soft' };
export const hardline: Doc = { kind: 'line', mode: 'hard' };
export const breakParent: Doc = { kind: 'breakParent' };

export function concat(parts: readonly Doc[]): Doc {
  return { kind: 'concat', parts };
}

export function indent(contents: Doc): Doc {
  return { kind: 'indent', contents };
}

export function comment(text: string): Doc {
  return { kind: 'comment', text };
}

/** Whether printing `doc` must produce a new line: then no group around it can be flat. */
function forcesBreak(doc: Doc): boolean {
  if (typeof doc === 'string') return false;
  switch (doc.kind) {
    case 'concat':
      return doc.parts.some(forcesBreak);
    case 'group':
      return doc.broken;
    case 'indent':
      return forcesBreak(doc.contents);
    case 'line':
      return doc.mode === 'hard';
    case 'breakParent':
      return true;
    case 'comment':
      return false;
  }
}

/** Groups are built bottom-up, so whether one must break is decided once, here. */
export function group(contents: Doc): Doc {
  return { kind: 'group', contents, broken: forcesBreak(contents) };
}

export interface PrintOptions {
  readonly width: number;
  /** One level of indentation. */
  readonly indent: string;
}

type Mode = 'flat' | 'break';

interface Command {
  readonly level: number;
  readonly mode: Mode;
  readonly doc: Doc;
}

/**
 * Whether `next`, printed flat, and what follows it up to the next line break fit in `width`
 * columns. `rest` is the printer's stack (its top is the end of the array).
 */
function fits(next: Command, rest: readonly Command[], width: number): boolean {
  let remaining = width;
  const pending: Command[] = [next];
  let restIndex = rest.length - 1;
  while (remaining >= 0) {
    const command: Command | undefined =
      pending.pop() ?? (restIndex >= 0 ? rest[restIndex--] : undefined);
    if (!command) return true;
    const { doc, mode, level } = command;
    if (typeof doc === 'string') {
      remaining -= doc.length;
      continue;
    }
    switch (doc.kind) {
      case 'concat':
        for (let index = doc.parts.length - 1; index >= 0; index--)
          pending.push({ level, mode, doc: doc.parts[index] as Doc });
        break;
      case 'group':
        pending.push({ level, mode: doc.broken ? 'break' : mode, doc: doc.contents });
        break;
      case 'indent':
        pending.push({ level: level + 1, mode, doc: doc.contents });
        break;
      case 'line':
        if (mode === 'break' || doc.mode === 'hard') return true;
        if (doc.mode === 'space') remaining -= 1;
        break;
      case 'comment':
      case 'breakParent':
        break;
    }
  }
  return false;
}

/** Prints `doc` with `\n` line breaks and no trailing blanks on any line. */
export function printDoc(doc: Doc, options: PrintOptions): string {
  const lines: string[] = [];
  let current = '';
  const stack: Command[] = [{ level: 0, mode: 'break', doc }];
  const newLine = (level: number): void => {
    lines.push(current.replace(/[ \t]+$/, ''));
    current = options.indent.repeat(level);
  };
  for (let command = stack.pop(); command; command = stack.pop()) {
    const { doc: part, mode, level } = command;
    if (typeof part === 'string') {
      current += part;
      continue;
    }
    switch (part.kind) {
      case 'concat':
        for (let index = part.parts.length - 1; index >= 0; index--)
          stack.push({ level, mode, doc: part.parts[index] as Doc });
        break;
      case 'group': {
        const flat: Command = { level, mode: 'flat', doc: part.contents };
        const fitsFlat =
          mode === 'flat' || (!part.broken && fits(flat, stack, options.width - current.length));
        stack.push(fitsFlat ? flat : { level, mode: 'break', doc: part.contents });
        break;
      }
      case 'indent':
        stack.push({ level: level + 1, mode, doc: part.contents });
        break;
      case 'line':
        if (mode === 'flat' && part.mode !== 'hard') current += part.mode === 'space' ? ' ' : '';
        else newLine(level);
        break;
      case 'comment':
        current += part.text;
        break;
      case 'breakParent':
        break;
    }
  }
  lines.push(current.replace(/[ \t]+$/, ''));
  return lines.join('\n');
}
