// Plain data (objects, arrays, strings, numbers, booleans, null, undefined) as a few typed
// sections, and back. Made for a corpus draft: 20,000 documents that share their authors,
// sources and small lists. JSON of it is 44 MB (every shared object repeated) and parses in about
// a second here; v8.serialize keeps the sharing in 29 MB (every property name of every object
// spelt out) and depends on the V8 that wrote it. Here each object is a shape (its keys, listed
// once) and its values as 32-bit references; each distinct string is stored once, numbers in a
// Float64Array, and an object met twice is stored once and shared again when decoded: 12.5 MB,
// decoded a little faster than v8.deserialize (docs/decisions.md).
//
// Objects are written after their members (post-order), so decoding is one pass that only ever
// refers back. Decoding checks every reference, so damaged input throws rather than misleads.

/** What a reference's low three bits say it is; the other 29 bits are its index or value. */
const NODE = 0;
const INTEGER = 1;
const FLOAT = 2;
const ASCII = 3;
const TEXT = 4;
const CONSTANT = 5;
const CONSTANTS = [undefined, null, false, true] as const;
const TAG_BITS = 3;
const TAG_MASK = 7;
const LIMIT = 2 ** (32 - TAG_BITS);

/** A node's first word: bit 0 array, bit 1 frozen, the rest the object's shape. */
const ARRAY_BIT = 1;
const FROZEN_BIT = 2;

export interface EncodedGraph {
  /** The key lists of the objects' shapes, as JSON. */
  readonly shapes: string;
  /** The nodes, post-order: `[header, …values]` for an object, `[header, length, …]` for an array. */
  readonly nodes: Uint32Array;
  readonly numbers: Float64Array;
  /** Strings of ASCII characters only, concatenated (one byte each), and where each ends. */
  readonly ascii: Uint8Array;
  readonly asciiEnds: Uint32Array;
  /** The other strings, concatenated as UTF-8, and where each ends in UTF-16 units. */
  readonly text: Uint8Array;
  readonly textEnds: Uint32Array;
  /** The reference to the value encoded. */
  readonly root: number;
}

/** A growable list of 32-bit words (also used as a stack: `length` may be set back). */
class Words {
  private buffer = new Uint32Array(1 << 16);
  length = 0;

  push(word: number): void {
    if (this.length === this.buffer.length) {
      const grown = new Uint32Array(this.buffer.length * 2);
      grown.set(this.buffer);
      this.buffer = grown;
    }
    this.buffer[this.length++] = word;
  }

  /** Appends words `from`…`to` of another list. */
  append(other: Words, from: number, to: number): void {
    for (let index = from; index < to; index++) this.push(other.buffer[index] as number);
  }

  done(): Uint32Array {
    return this.buffer.slice(0, this.length);
  }
}

/** Deeper than this is taken for a cycle (the documents nest five levels). */
const MAX_DEPTH = 1_000;

class Encoder {
  readonly nodes = new Words();
  readonly numbers: number[] = [];
  readonly shapes: string[][] = [];
  /** Shape ids by their number of keys: a few shapes each, compared key by key. */
  private readonly shapesBySize = new Map<number, number[]>();
  private readonly nodeIds = new Map<object, number>();
  /** The words of the nodes being encoded, each above its parent's: copied out when done. */
  private readonly stack = new Words();
  private depth = 0;
  private nodeCount = 0;
  readonly ascii: string[] = [];
  readonly text: string[] = [];
  private readonly stringRefs = new Map<string, number>();

  reference(value: unknown): number {
    switch (typeof value) {
      case 'string':
        return this.string(value);
      case 'number':
        if (Number.isInteger(value) && value >= 0 && value < LIMIT && !Object.is(value, -0))
          return tagged(value, INTEGER);
        this.numbers.push(value);
        return tagged(this.numbers.length - 1, FLOAT);
      case 'boolean':
        return tagged(value ? 3 : 2, CONSTANT);
      case 'undefined':
        return tagged(0, CONSTANT);
      case 'object':
        return value === null ? tagged(1, CONSTANT) : this.node(value);
      default:
        throw new TypeError(`not plain data: a ${typeof value}`);
    }
  }

  private string(value: string): number {
    let reference = this.stringRefs.get(value);
    if (reference === undefined) {
      // One UTF-8 byte per character means every character is ASCII.
      const isAscii = Buffer.byteLength(value, 'utf8') === value.length;
      const list = isAscii ? this.ascii : this.text;
      list.push(value);
      reference = tagged(list.length - 1, isAscii ? ASCII : TEXT);
      this.stringRefs.set(value, reference);
    }
    return reference;
  }

  private node(value: object): number {
    const known = this.nodeIds.get(value);
    if (known !== undefined) return tagged(known, NODE);
    if (++this.depth > MAX_DEPTH) throw new TypeError('not plain data: a cycle');
    const frozen = Object.isFrozen(value) ? FROZEN_BIT : 0;
    const stack = this.stack;
    const base = stack.length;
    if (Array.isArray(value)) {
      stack.push(ARRAY_BIT | frozen);
      stack.push(value.length);
      for (const item of value as unknown[]) stack.push(this.reference(item));
    } else {
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null)
        throw new TypeError(`not plain data: a ${value.constructor.name}`);
      const keys = Object.keys(value);
      stack.push(this.shape(keys) * 4 + frozen);
      const record = value as Record<string, unknown>;
      for (const key of keys) stack.push(this.reference(record[key]));
    }
    this.nodes.append(stack, base, stack.length);
    stack.length = base;
    this.depth -= 1;
    const id = this.nodeCount++;
    this.nodeIds.set(value, id);
    return tagged(id, NODE);
  }

  /** A list node of items already encoded (their references), as `node` writes an array. */
  list(items: readonly number[]): number {
    this.nodes.push(ARRAY_BIT);
    this.nodes.push(items.length);
    for (const item of items) this.nodes.push(item);
    return tagged(this.nodeCount++, NODE);
  }

  private shape(keys: readonly string[]): number {
    let sized = this.shapesBySize.get(keys.length);
    if (!sized) this.shapesBySize.set(keys.length, (sized = []));
    for (const id of sized) {
      const known = this.shapes[id] as readonly string[];
      if (keys.every((key, index) => key === known[index])) return id;
    }
    // Assigning `__proto__` would set the prototype, not a property.
    if (keys.includes('__proto__')) throw new TypeError('not plain data: a __proto__ key');
    const id = this.shapes.length;
    this.shapes.push([...keys]);
    sized.push(id);
    return id;
  }
}

function tagged(index: number, tag: number): number {
  if (index >= LIMIT) throw new RangeError(`too much data to encode (${index})`);
  return index * 8 + tag;
}

function ends(strings: readonly string[]): Uint32Array {
  const result = new Uint32Array(strings.length);
  let end = 0;
  strings.forEach((value, index) => {
    end += value.length;
    result[index] = end;
  });
  return result;
}

export function encodeGraph(value: unknown): EncodedGraph {
  const encoder = new Encoder();
  return encoded(encoder, encoder.reference(value));
}

/**
 * Encodes a list an item at a time, so that a long one can be encoded between other work:
 * `add` each item, then `finish`. The same encoding as encodeGraph of the whole list.
 */
export class ListEncoder {
  private readonly encoder = new Encoder();
  private readonly items: number[] = [];

  add(item: unknown): void {
    this.items.push(this.encoder.reference(item));
  }

  finish(): EncodedGraph {
    return encoded(this.encoder, this.encoder.list(this.items));
  }
}

function encoded(encoder: Encoder, root: number): EncodedGraph {
  return {
    shapes: JSON.stringify(encoder.shapes),
    nodes: encoder.nodes.done(),
    numbers: Float64Array.from(encoder.numbers),
    ascii: Buffer.from(encoder.ascii.join(''), 'latin1'),
    asciiEnds: ends(encoder.ascii),
    text: Buffer.from(encoder.text.join(''), 'utf8'),
    textEnds: ends(encoder.text),
    root,
  };
}

class Damaged extends Error {
  constructor(what: string) {
    super(`damaged data: ${what}`);
  }
}

/** The strings of a blob: slices of its one decoded string, where `ends` says. */
function strings(bytes: Uint8Array, ends: Uint32Array, encoding: 'latin1' | 'utf8'): string[] {
  const whole = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(encoding);
  const result = new Array<string>(ends.length);
  let start = 0;
  for (let index = 0; index < ends.length; index++) {
    const end = ends[index] as number;
    if (end < start || end > whole.length) throw new Damaged('a string past its text');
    result[index] = whole.slice(start, end);
    start = end;
  }
  return result;
}

function parseShapes(json: string): string[][] {
  const shapes: unknown = JSON.parse(json);
  if (
    !Array.isArray(shapes) ||
    !shapes.every(
      (keys) =>
        Array.isArray(keys) && keys.every((key) => typeof key === 'string' && key !== '__proto__'),
    )
  )
    throw new Damaged('shapes');
  return shapes as string[][];
}

/** A JSON value of the same kind as `value`, for a template's field (see `template`). */
function placeholder(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return '""';
    case 'number':
      return Number.isInteger(value) && Math.abs(value) < 2 ** 30 ? '0' : '0.5';
    case 'boolean':
      return 'false';
    case 'object':
      return value === null ? 'null' : '{}';
    default:
      return 'null';
  }
}

/**
 * An object of a shape, to copy. Assigning 50 properties one by one under computed names leaves
 * V8 a slow dictionary object (past 12 such stores), and every later read of the document slower.
 * A spread copy of a template has the template's fast shape, and assigning its existing properties
 * keeps it, if each value is of the kind the template's field holds (else the shape changes):
 * so the template is made from the first object's values' kinds, by JSON.parse.
 */
function template(keys: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const fields = keys.map((key, index) => `${JSON.stringify(key)}:${placeholder(values[index])}`);
  return JSON.parse(`{${fields.join(',')}}`) as Record<string, unknown>;
}

export function decodeGraph(graph: EncodedGraph): unknown {
  const shapes = parseShapes(graph.shapes);
  const blanks: (Record<string, unknown> | undefined)[] = [];
  const ascii = strings(graph.ascii, graph.asciiEnds, 'latin1');
  const text = strings(graph.text, graph.textEnds, 'utf8');
  const { nodes, numbers } = graph;
  const values: unknown[] = [];
  const value = (reference: number): unknown => {
    const index = reference >>> TAG_BITS;
    switch (reference & TAG_MASK) {
      case NODE:
        if (index >= values.length) throw new Damaged('a reference ahead');
        return values[index];
      case INTEGER:
        return index;
      case FLOAT:
        if (index >= numbers.length) throw new Damaged('a number');
        return numbers[index];
      case ASCII:
        if (index >= ascii.length) throw new Damaged('a string');
        return ascii[index];
      case TEXT:
        if (index >= text.length) throw new Damaged('a string');
        return text[index];
      case CONSTANT:
        if (index >= CONSTANTS.length) throw new Damaged('a constant');
        return CONSTANTS[index];
      default:
        throw new Damaged('a reference');
    }
  };
  let at = 0;
  const next = (): number => {
    if (at >= nodes.length) throw new Damaged('nodes cut short');
    return nodes[at++] as number;
  };
  while (at < nodes.length) {
    const header = next();
    let node: object;
    if (header & ARRAY_BIT) {
      const length = next();
      if (length > nodes.length - at) throw new Damaged('an array past the end');
      const array: unknown[] = [];
      for (let index = 0; index < length; index++) array.push(value(next()));
      node = array;
    } else {
      const keys = shapes[header >>> 2];
      if (!keys) throw new Damaged('a shape');
      let blank = blanks[header >>> 2];
      if (!blank) {
        const first = keys.map((_key, index) => value(nodes[at + index] ?? 0));
        blank = blanks[header >>> 2] = template(keys, first);
      }
      const object = { ...blank };
      for (const key of keys) object[key] = value(next());
      node = object;
      // The next object of this shape copies this one: if a value of another kind widened a
      // field here, later objects start widened rather than each widening again.
      if (!(header & FROZEN_BIT)) blanks[header >>> 2] = object;
    }
    if (header & FROZEN_BIT) Object.freeze(node);
    values.push(node);
  }
  return value(graph.root);
}
