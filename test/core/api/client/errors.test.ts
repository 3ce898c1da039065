import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ApiError, isApiError, type ApiErrorInit } from '../../../../core/api/client/errors';

const error = (init: Partial<ApiErrorInit>) =>
  new ApiError({ kind: 'service', message: 'm', call: 'GET /x', ...init });

describe('ApiError.reason: why a call failed, typed', () => {
  it('maps every status code of gaps.md to the reason a caller acts on', () => {
    const cases: [string, number, string][] = [
      ['1', 500, 'serviceFailed'],
      ['2', 500, 'serviceFailed'],
      ['3', 400, 'badRequest'],
      ['4', 400, 'badRequest'],
      ['5', 400, 'badRequest'],
      ['7', 401, 'tokenRejected'],
      ['8', 401, 'rateLimited'],
      ['9', 401, 'noCredits'],
      ['13', 403, 'forbidden'],
      ['15', 404, 'notFound'],
      ['16', 400, 'badRequest'],
      ['17', 400, 'badRequest'],
      ['18', 400, 'badRequest'],
      ['19', 403, 'badRequest'],
      ['24', 403, 'disconnected'],
      ['25', 403, 'disconnected'],
      ['26', 404, 'notFound'],
      ['30', 429, 'tooManyStreams'],
      ['45', 400, 'badRequest'],
      ['50', 400, 'badRequest'],
      ['99', 503, 'serviceFailed'],
    ];
    for (const [statusCode, httpStatus, reason] of cases)
      assert.equal(error({ statusCode, httpStatus }).reason, reason, `code ${statusCode}`);
  });

  it('no answer, no answer in time, cancelled, not the API', () => {
    assert.equal(error({ kind: 'network' }).reason, 'unreachable');
    assert.equal(error({ kind: 'timeout' }).reason, 'timeout');
    assert.equal(error({ kind: 'cancelled' }).reason, 'cancelled');
    assert.equal(error({ kind: 'contract' }).reason, 'contract');
  });
});

// The extension loads the API client (dist/api.js) and each feature (dist/<feature>.js) as
// separate bundles, each with its own copy of ApiError: an error made by one copy must still be
// an ApiError to the others, or a feature would show a service's refusal as an unknown failure.
const require = createRequire(import.meta.url);
const bundled = require(join(import.meta.dirname, '../../../../dist/api.js')) as {
  ApiError: typeof ApiError;
};

describe('ApiError across bundles', () => {
  const fromBundle = new bundled.ApiError({
    kind: 'service',
    message: 'the service refused the call',
    call: 'GET /api/v1/search/p/x/results',
  });

  it('is two copies of the class, as the extension loads them', () => {
    assert.notEqual(bundled.ApiError, ApiError);
  });

  it('an error of the bundled copy is an ApiError to this copy, and the other way round', () => {
    assert.ok(fromBundle instanceof ApiError);
    assert.ok(isApiError(fromBundle));
    const here = new ApiError({ kind: 'service', message: 'refused', call: 'GET /x' });
    assert.ok(here instanceof bundled.ApiError);
  });

  it('nothing else is: a plain Error, an object that only looks like one', () => {
    assert.equal(new Error('x') instanceof ApiError, false);
    const lookalike = Object.assign(new Error('x'), { name: 'ApiError', kind: 'service' });
    assert.equal(lookalike instanceof ApiError, false);
    const nothing: unknown = null;
    assert.equal(nothing instanceof ApiError, false);
  });
});
