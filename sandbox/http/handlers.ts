// What the sandbox implements: a handler for every operation of the API's contract
// (core/api/contract.ts), as Azurite's handlers implement the interfaces generated from their
// service's description. `Handlers` maps every operation to its handler's type: one missing is a
// compile error, and so is one that reads a parameter its path does not name, takes a body other
// than its schema's, or returns anything but its answer's payload. An operation the sandbox does
// not emulate says so on purpose (`notEmulated`), and is refused with 404, code 26, and why.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import type { CONTRACT, ChunkAnswer, JsonAnswer } from '../../core/api/contract';
import type { EnvelopeBase, StatusName } from '../../core/api/schemas/envelope';
import type { Call, Wire } from './endpoint';
import type { BodySize } from './limits';

type Contract = typeof CONTRACT;
export type OperationName = keyof Contract;

/** The body a handler gets: its schema's output; none for operations without a JSON body. */
export type BodyOf<Op> = Op extends { readonly body: infer Schema }
  ? Schema extends z.ZodMiniType
    ? z.output<Schema>
    : undefined
  : undefined;

type PathOf<Op> = Op extends { readonly path: infer Path extends string } ? Path : never;

type EnvelopeKeys = keyof z.input<typeof EnvelopeBase>;

/** The answer's fields beside the payload's key and the envelope (search results' `pagination`). */
type BesideOf<Op> = Op extends { readonly answer: JsonAnswer<infer Schema, infer Key> }
  ? Omit<z.input<Schema>, EnvelopeKeys | Key>
  : never;

/**
 * What a JSON handler returns: its payload, as it goes on the wire; and when the answer has fields
 * beside the payload, `{ payload, beside }`.
 */
export type Returned<Op> = Op extends { readonly answer: JsonAnswer<infer Schema, infer Key> }
  ? [keyof BesideOf<Op>] extends [never]
    ? Wire<z.input<Schema>[Key]>
    : { readonly payload: Wire<z.input<Schema>[Key]>; readonly beside: Wire<BesideOf<Op>> }
  : never;

/** What every handler may declare besides its work. */
export interface RouteOptions<Path extends string, Body> {
  /** The body's size class (default `control`). */
  readonly bodySize?: BodySize;
  /** The code a body not of its schema gets (default 5; missing fields are always 3). */
  readonly invalid?: StatusName;
  /** A write that changes state: with a data directory, journaled once its checks pass. */
  readonly journaled?: boolean;
  /** Refusals that change nothing, made before the journal records the request. */
  readonly check?: (call: Call<Path, Body>) => void;
}

export interface JsonHandler<Op> extends RouteOptions<PathOf<Op>, BodyOf<Op>> {
  /** `request` for what only the raw request has (a multipart upload). */
  readonly handle: (
    call: Call<PathOf<Op>, BodyOf<Op>>,
    request: FastifyRequest,
  ) => Returned<Op> | Promise<Returned<Op>>;
}

/** Result chunks: `open` refuses (throws) before it writes; then the response is chunks. */
export interface ChunkHandler<Op> extends RouteOptions<PathOf<Op>, BodyOf<Op>> {
  readonly open: (call: Call<PathOf<Op>, BodyOf<Op>>, reply: FastifyReply) => void;
}

/** An operation refused on purpose: 404, code 26, "not emulated by the sandbox", and why. */
export interface NotEmulated {
  readonly notEmulated: string;
}

export type HandlerOf<Op> =
  (Op extends { readonly answer: ChunkAnswer } ? ChunkHandler<Op> : JsonHandler<Op>) | NotEmulated;

/** A handler for every operation of the contract. */
export type Handlers = { readonly [Name in OperationName]: HandlerOf<Contract[Name]> };

/** The handlers of some operations: what one routes file implements. */
export type SomeHandlers<Names extends OperationName> = Pick<Handlers, Names>;

/** Refuses an operation on purpose, saying why. */
export function notEmulated(why: string): NotEmulated {
  return { notEmulated: why };
}

export function isNotEmulated(handler: object): handler is NotEmulated {
  return 'notEmulated' in handler;
}
