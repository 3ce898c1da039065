// The extension loads the API client (dist/api.js) and each feature (dist/<feature>.js) as
// separate bundles, each with its own copy of ApiError: an error made by one copy must still be
// an ApiError to the others, or a feature would show a service's refusal as an unknown failure.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ApiError, isApiError } from '../../core/api/client/errors';

const require = createRequire(import.meta.url);
const bundled = require(join(import.meta.dirname, '../../dist/api.js')) as {
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
