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
  /**
   * The other strings, concatenated as UTF-8, and where each ends in bytes: so that one string
   * is decoded alone (a kept corpus's 32 sampled documents decoded all 3.6 MB when the ends were
   * in UTF-16 units).
   */
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

/** Where each string ends in the bytes of them all, encoded so. */
function ends(strings: readonly string[], encoding: 'latin1' | 'utf8'): Uint32Array {
  const result = new Uint32Array(strings.length);
  let end = 0;
  strings.forEach((value, index) => {
    end += encoding === 'latin1' ? value.length : Buffer.byteLength(value, 'utf8');
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
    asciiEnds: ends(encoder.ascii, 'latin1'),
    text: Buffer.from(encoder.text.join(''), 'utf8'),
    textEnds: ends(encoder.text, 'utf8'),
    root,
  };
}

class Damaged extends Error {
  constructor(what: string) {
    super(`damaged data: ${what}`);
  }
}

/** The strings of a blob, each decoded from its bytes, where `ends` says. */
function strings(bytes: Uint8Array, ends: Uint32Array, encoding: 'latin1' | 'utf8'): string[] {
  const lazy = new LazyStrings(bytes, ends, encoding);
  return Array.from({ length: lazy.length }, (_, index) => lazy.at(index));
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

/**
 * A graph decoded a value at a time, when asked: a kept corpus of 50,000 documents decoded whole
 * at start-up made 90 MB of objects that all survived, and copying them from one generation to
 * the next was a third of the start (about 0.8 s of 2.4 s here), before a single request asked for
 * any of them. The constructor checks the whole encoding in one pass over its numbers (every
 * shape, length and reference, as decodeGraph does while decoding), so that damage is still
 * found at start-up; a value decoded is kept, so a shared object is decoded once and shared.
 */
export class GraphReader {
  private readonly shapes: string[][];
  private readonly blanks: (Record<string, unknown> | undefined)[] = [];
  /** Each node's first word in `nodes`, by node number. */
  private readonly offsets: Uint32Array;
  private readonly decoded: unknown[];
  private readonly ascii: LazyStrings;
  private readonly text: LazyStrings;

  constructor(private readonly graph: EncodedGraph) {
    this.shapes = parseShapes(graph.shapes);
    this.ascii = new LazyStrings(graph.ascii, graph.asciiEnds, 'latin1');
    this.text = new LazyStrings(graph.text, graph.textEnds, 'utf8');
    this.offsets = this.check();
    this.decoded = new Array<unknown>(this.offsets.length);
    this.checkReference(graph.root, this.offsets.length);
  }

  /** The value the graph encodes the reference to (the root, an array, by default). */
  get root(): number {
    return this.graph.root;
  }

  /** The references an array node holds (a view), or undefined for any other reference. */
  items(reference: number): Uint32Array | undefined {
    if ((reference & TAG_MASK) !== NODE) return undefined;
    const at = this.offsets[reference >>> TAG_BITS] as number;
    const nodes = this.graph.nodes;
    if (!((nodes[at] as number) & ARRAY_BIT)) return undefined;
    return nodes.subarray(at + 2, at + 2 + (nodes[at + 1] as number));
  }

  /** Whether the reference is to an object (not an array) with a key `key` of string value. */
  hasStringKey(reference: number, key: string): boolean {
    if ((reference & TAG_MASK) !== NODE) return false;
    const at = this.offsets[reference >>> TAG_BITS] as number;
    const header = this.graph.nodes[at] as number;
    if (header & ARRAY_BIT) return false;
    const index = (this.shapes[header >>> 2] as string[]).indexOf(key);
    if (index < 0) return false;
    const tag = (this.graph.nodes[at + 1 + index] as number) & TAG_MASK;
    return tag === ASCII || tag === TEXT;
  }

  value(reference: number): unknown {
    const index = reference >>> TAG_BITS;
    switch (reference & TAG_MASK) {
      case NODE:
        return this.node(index);
      case INTEGER:
        return index;
      case FLOAT:
        return this.graph.numbers[index];
      case ASCII:
        return this.ascii.at(index);
      case TEXT:
        return this.text.at(index);
      default:
        return CONSTANTS[index];
    }
  }

  private node(id: number): unknown {
    const known = this.decoded[id];
    if (known !== undefined) return known;
    const nodes = this.graph.nodes;
    let at = this.offsets[id] as number;
    const header = nodes[at++] as number;
    let node: object;
    if (header & ARRAY_BIT) {
      const length = nodes[at++] as number;
      const array: unknown[] = [];
      for (let index = 0; index < length; index++) array.push(this.value(nodes[at + index] ?? 0));
      node = array;
    } else {
      const shape = header >>> 2;
      const keys = this.shapes[shape] as string[];
      let blank = this.blanks[shape];
      if (!blank) {
        const first = keys.map((_key, index) => this.value(nodes[at + index] ?? 0));
        blank = this.blanks[shape] = template(keys, first);
      }
      const object = { ...blank };
      for (const key of keys) object[key] = this.value(nodes[at++] ?? 0);
      node = object;
      // As in decodeGraph: the next object of this shape copies this one's (widened) fields.
      if (!(header & FROZEN_BIT)) this.blanks[shape] = object;
    }
    if (header & FROZEN_BIT) Object.freeze(node);
    this.decoded[id] = node;
    return node;
  }

  /** Every node's offset, each checked to refer only back and within what the graph holds. */
  private check(): Uint32Array {
    const nodes = this.graph.nodes;
    const offsets: number[] = [];
    let at = 0;
    while (at < nodes.length) {
      const id = offsets.length;
      offsets.push(at);
      const header = nodes[at++] as number;
      let length: number;
      if (header & ARRAY_BIT) {
        if (at >= nodes.length) throw new Damaged('nodes cut short');
        length = nodes[at++] as number;
        if (length > nodes.length - at) throw new Damaged('an array past the end');
      } else {
        const keys = this.shapes[header >>> 2];
        if (!keys) throw new Damaged('a shape');
        length = keys.length;
        if (length > nodes.length - at) throw new Damaged('nodes cut short');
      }
      for (const end = at + length; at < end; at++) this.checkReference(nodes[at] as number, id);
    }
    return Uint32Array.from(offsets);
  }

  /** Throws unless `reference` is one a node numbered `id` may hold. */
  private checkReference(reference: number, id: number): void {
    const index = reference >>> TAG_BITS;
    let within: number;
    switch (reference & TAG_MASK) {
      case NODE:
        within = id;
        break;
      case INTEGER:
        return;
      case FLOAT:
        within = this.graph.numbers.length;
        break;
      case ASCII:
        within = this.ascii.length;
        break;
      case TEXT:
        within = this.text.length;
        break;
      case CONSTANT:
        within = CONSTANTS.length;
        break;
      default:
        throw new Damaged('a reference');
    }
    if (index >= within) throw new Damaged(`a reference out of range (${reference & TAG_MASK})`);
  }
}

/**
 * The strings of a blob, each decoded from its bytes when first asked for (a kept corpus's
 * documents are decoded a few at a time). The ends are checked whole when made: each after the
 * one before, the last within the bytes.
 */
class LazyStrings {
  private readonly bytes: Buffer;
  private readonly decoded: (string | undefined)[];

  constructor(
    bytes: Uint8Array,
    private readonly ends: Uint32Array,
    private readonly encoding: 'latin1' | 'utf8',
  ) {
    let start = 0;
    for (let index = 0; index < ends.length; index++) {
      const end = ends[index] as number;
      if (end < start) throw new Damaged('a string ending before it starts');
      start = end;
    }
    if (start > bytes.byteLength) throw new Damaged('a string past its text');
    this.bytes = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.decoded = new Array<string | undefined>(ends.length);
  }

  get length(): number {
    return this.ends.length;
  }

  at(index: number): string {
    let value = this.decoded[index];
    if (value === undefined) {
      const start = index === 0 ? 0 : (this.ends[index - 1] as number);
      value = this.bytes.toString(this.encoding, start, this.ends[index]);
      this.decoded[index] = value;
    }
    return value;
  }
}
