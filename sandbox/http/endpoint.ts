// The contract an endpoint implements, checked at compile time (as Azurite's handlers implement
// their API's interfaces): its path gives its parameters' names, its body schema the body's type,
// and its answer, one of core/api's envelope schemas with the key of its payload, the type its
// handler must return. Everything that can refuse a request without changing anything (token,
// rate limit, body, the route's own checks) is declared here and runs before the journal records
// the request: see serve.ts for the order.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as core from 'zod/v4/core';
import type { ParamsOf } from '../../core/api/operations';
import type { StatusName } from '../../core/api/schemas/envelope';
import type { QueryParameters } from '../analytics/parameters';
import type { Access } from './auth';
import type { BodySize } from './limits';
import type { EndpointClass } from './rateLimits';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type { ParamsOf };

/** What a handler is given: parameters, query and a body of its declared type. */
export interface Call<Path extends string, Body> {
  readonly params: ParamsOf<Path>;
  readonly query: QueryParameters;
  readonly body: Body;
}

/** Whether an object type names any property (a record, `{ [key: string]: T }`, names none). */
type HasKnownKeys<T> = [keyof { [K in keyof T as string extends K ? never : K]: 0 }] extends [never]
  ? false
  : true;

/**
 * A value as it may go on the wire: the schema's type, read-only all the way down (JSON does not
 * tell a read-only array from another), and without the index signature of a loose object's
 * schema (it lets the service add fields; a handler's extra fields are those).
 */
export type Wire<T> = T extends readonly (infer Item)[]
  ? readonly Wire<Item>[]
  : T extends object
    ? HasKnownKeys<T> extends true
      ? { readonly [K in keyof T as string extends K ? never : K]: Wire<T[K]> }
      : { readonly [K in keyof T]: Wire<T[K]> }
    : T;

/** A JSON body: its schema, its size class, and the code a body not of the schema gets. */
export interface BodyContract<Body> {
  readonly schema: core.$ZodType<Body>;
  readonly size: BodySize;
  /** Default `badParameter` (5); missing fields are always code 3. */
  readonly invalid?: StatusName;
}

interface Common<Path extends string, Body> {
  readonly method: Method;
  readonly path: Path;
  readonly access: Access;
  /** The rate-limit class the call counts against, if any. */
  readonly limit?: EndpointClass;
  /** A write that changes state: with a data directory, journaled once its checks pass. */
  readonly journaled?: boolean;
  readonly body?: BodyContract<Body>;
  /** Refusals that change nothing, made before the journal records the request. */
  readonly check?: (call: Call<Path, NoInfer<Body>>) => void;
}

/** An endpoint answering the envelope with a payload of type `Payload`. */
export interface JsonEndpoint<Path extends string, Body, Payload> extends Common<Path, Body> {
  /** `request` for what only the raw request has (a multipart upload). */
  readonly handle: (
    call: Call<Path, NoInfer<Body>>,
    request: FastifyRequest,
  ) => Payload | Promise<Payload>;
}

/**
 * An endpoint answering with result chunks. `open` refuses (throws) before it writes anything;
 * once it creates a ChunkWriter on the reply, the response is chunks.
 */
export interface ChunkEndpoint<Path extends string, Body> extends Common<Path, Body> {
  readonly open: (call: Call<Path, NoInfer<Body>>, reply: FastifyReply) => void;
}

/** How serve.ts registers any endpoint, whatever its types. */
export interface Registrar {
  json<Path extends string, Body, Payload>(
    answer: Pick<Answer<string, Payload>, 'key' | 'beside'>,
    endpoint: JsonEndpoint<Path, Body, Payload>,
  ): void;
  chunks<Path extends string, Body>(endpoint: ChunkEndpoint<Path, Body>): void;
}

/** An endpoint with its types sealed in: routes are lists of these. */
export interface Endpoint {
  readonly method: Method;
  readonly path: string;
  register(registrar: Registrar): void;
}

/**
 * A JSON answer: `schema`'s payload (a core/api envelope) under `key`, and the endpoints that
 * answer it. The payload's type is fixed here, before an endpoint's handler is typed against it
 * (so the handler's literals keep their types: TypeScript widens them when it still infers).
 * A handler's payload may carry fields that go beside `key` at the top of the answer
 * (`pagination` of search results): see handlers.ts `Beside`.
 */
export interface Answer<Key extends string, Payload> {
  readonly key: Key;
  readonly schema: core.$ZodType;
  /** The handler returns `{ payload, beside }`: fields beside `key` at the top of the answer. */
  readonly beside?: boolean;
  endpoint<const Path extends string, Body = undefined>(
    definition: JsonEndpoint<Path, Body, Payload>,
  ): Endpoint;
}

/** A sandbox-only answer (the `/_sandbox` control endpoints): `schema`'s payload under `key`. */
export function answer<
  Schema extends core.$ZodObject,
  Key extends Extract<keyof core.input<Schema>, `result_${string}`>,
>(schema: Schema, key: Key): Answer<Key, Wire<core.input<Schema>[Key]>> {
  const self: Answer<Key, Wire<core.input<Schema>[Key]>> = {
    key,
    schema,
    endpoint: (definition) => ({
      method: definition.method,
      path: definition.path,
      register: (registrar) => registrar.json(self, definition),
    }),
  };
  return self;
}

/** An endpoint answering with result chunks. */
export function chunkEndpoint<const Path extends string, Body = undefined>(
  definition: ChunkEndpoint<Path, Body>,
): Endpoint {
  return {
    method: definition.method,
    path: definition.path,
    register: (registrar) => registrar.chunks(definition),
  };
}
