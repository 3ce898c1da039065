// Turns the sandbox's handlers (handlers.ts) into the endpoints serve.ts registers: each
// operation's method, path, access, rate-limit class and body schema come from the contract, its
// work from its handler. An operation not emulated answers 404, code 26, saying so.
import type { FastifyReply } from 'fastify';
import { CONTRACT, type Operation } from '../../core/api/contract';
import { EnvelopeBase } from '../../core/api/schemas/envelope';
import {
  chunkEndpoint,
  type BodyContract,
  type Call,
  type Endpoint,
  type JsonEndpoint,
} from './endpoint';
import { ApiFailure } from './failure';
import {
  isNotEmulated,
  type ChunkHandler,
  type Handlers,
  type JsonHandler,
  type NotEmulated,
  type OperationName,
  type RouteOptions,
} from './handlers';

const ENVELOPE_KEYS = new Set(Object.keys(EnvelopeBase.shape));

/** The handlers with their types loosened to what registration needs. */
type AnyOptions = RouteOptions<string, unknown>;
type AnyJson = JsonHandler<never> & AnyOptions;
type AnyChunks = ChunkHandler<never> & AnyOptions;

function bodyOf(operation: Operation, handler: AnyOptions): BodyContract<unknown> | undefined {
  if (operation.body === undefined || operation.body === 'multipart') return undefined;
  return {
    schema: operation.body,
    size: handler.bodySize ?? 'control',
    ...(handler.invalid ? { invalid: handler.invalid } : {}),
  };
}

function refusal(operation: Operation, handler: NotEmulated): Endpoint {
  const refuse = () => {
    throw new ApiFailure(
      'unknownEndpoint',
      `${operation.method} ${operation.path} is not emulated by the sandbox: ${handler.notEmulated}`,
    );
  };
  return {
    method: operation.method,
    path: operation.path,
    register: (registrar) =>
      registrar.json(
        { key: 'result_error' },
        {
          method: operation.method,
          path: operation.path,
          access: 'read',
          check: refuse,
          handle: refuse,
        },
      ),
  };
}

/** The endpoint of one operation, implemented by `handler`. */
export function endpointOf(name: OperationName, handlers: Partial<Handlers>): Endpoint {
  const operation: Operation = CONTRACT[name];
  const handler = handlers[name];
  if (!handler) throw new Error(`no handler for ${name}`);
  if (isNotEmulated(handler)) return refusal(operation, handler);
  const options = handler as AnyOptions;
  const common = {
    method: operation.method,
    path: operation.path,
    access: operation.access,
    ...(operation.limit ? { limit: operation.limit } : {}),
    ...(options.journaled ? { journaled: true } : {}),
    ...(options.check ? { check: options.check } : {}),
  };
  const body = bodyOf(operation, options);
  if (operation.answer.kind === 'chunks') {
    const { open } = handler as unknown as AnyChunks;
    return chunkEndpoint({
      ...common,
      ...(body ? { body } : {}),
      open: open as (call: Call<string, unknown>, reply: FastifyReply) => void,
    });
  }
  const { key, schema } = operation.answer;
  const beside = Object.keys(schema.shape).some((each) => each !== key && !ENVELOPE_KEYS.has(each));
  const { handle } = handler as unknown as AnyJson;
  const endpoint: JsonEndpoint<string, unknown, unknown> = {
    ...common,
    ...(body ? { body } : {}),
    handle: handle as JsonEndpoint<string, unknown, unknown>['handle'],
  };
  return {
    method: operation.method,
    path: operation.path,
    register: (registrar) => registrar.json({ key, beside }, endpoint),
  };
}

/** The endpoints of `names` (every operation of the contract by default). */
export function contractEndpoints(
  handlers: Partial<Handlers>,
  names: readonly OperationName[] = Object.keys(CONTRACT) as OperationName[],
): Endpoint[] {
  return names.map((name) => endpointOf(name, handlers));
}
